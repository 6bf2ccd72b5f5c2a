-- CreateEnum
CREATE TYPE "ExpensePaymentType" AS ENUM ('CHECK', 'TRANSFER');

-- CreateEnum
CREATE TYPE "ExpenseStatus" AS ENUM ('NEW', 'EDITED', 'REJECTED', 'APPROVED', 'DELETED', 'INVOICE', 'PAID', 'CHARGED');

-- CreateEnum
CREATE TYPE "ExpenseTaxType" AS ENUM ('TRANSFERRED', 'RETAINED');

-- CreateEnum
CREATE TYPE "WithdrawalStatus" AS ENUM ('IN_PROGRESS', 'SUCCESSFUL', 'FAILED');

-- CreateEnum
CREATE TYPE "CommunityLedgerKind" AS ENUM ('EXPENSE_PAID', 'EXPENSE_CHARGED', 'WITHDRAWAL', 'WITHDRAWAL_FEE');

-- CreateTable
CREATE TABLE "Provider" (
    "id" SERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "rfc" TEXT,
    "paymentMethod" "ExpensePaymentType" NOT NULL,
    "bank" TEXT,
    "clabe" TEXT,
    "expenseConceptId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Provider_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Expense" (
    "id" SERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "status" "ExpenseStatus" NOT NULL,
    "providerId" INTEGER,
    "expenseConceptId" INTEGER,
    "description" TEXT,
    "operationDate" DATE NOT NULL,
    "serie" TEXT,
    "folio" INTEGER,
    "subtotal" DECIMAL(14,2) NOT NULL,
    "discount" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "transferredTaxes" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "retainedTaxes" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "total" DECIMAL(14,2) NOT NULL,
    "approveRequired" BOOLEAN NOT NULL DEFAULT false,
    "invoiced" BOOLEAN NOT NULL DEFAULT false,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "groupId" INTEGER,
    "withdrawalId" INTEGER,
    "createdByUserId" INTEGER NOT NULL,
    "paymentDate" DATE,
    "paymentMethod" "ExpensePaymentType",
    "paymentAccountId" INTEGER,
    "paymentBank" TEXT,
    "paymentClabe" TEXT,
    "paidByUserId" INTEGER,
    "cashDate" DATE,
    "checkNumber" TEXT,
    "cashMethod" TEXT,
    "chargedByUserId" INTEGER,
    "deletedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Expense_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ExpenseLine" (
    "id" SERIAL NOT NULL,
    "expenseId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "quantity" DECIMAL(18,6) NOT NULL,
    "unitPrice" DECIMAL(18,6) NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "discount" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "description" TEXT NOT NULL,
    "satProductKey" TEXT,
    "expenseConceptId" INTEGER,
    "invoiceUuid" TEXT,
    "operationDate" DATE,

    CONSTRAINT "ExpenseLine_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ExpenseTax" (
    "id" SERIAL NOT NULL,
    "expenseId" INTEGER NOT NULL,
    "lineId" INTEGER,
    "type" "ExpenseTaxType" NOT NULL,
    "taxCode" TEXT NOT NULL,
    "rate" DECIMAL(8,6),
    "amount" DECIMAL(14,2) NOT NULL,
    "invoiceUuid" TEXT,

    CONSTRAINT "ExpenseTax_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ExpenseApproval" (
    "id" SERIAL NOT NULL,
    "expenseId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "revision" INTEGER NOT NULL,
    "accepted" BOOLEAN NOT NULL,
    "comment" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ExpenseApproval_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ExpenseAttachment" (
    "id" SERIAL NOT NULL,
    "expenseId" INTEGER NOT NULL,
    "fileId" UUID NOT NULL,
    "isCfdi" BOOLEAN NOT NULL DEFAULT false,
    "createdByUserId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ExpenseAttachment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ExpenseCfdi" (
    "id" SERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "expenseId" INTEGER,
    "providerId" INTEGER,
    "uuid" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "issuerRfc" TEXT NOT NULL,
    "issuerName" TEXT,
    "receiverRfc" TEXT NOT NULL,
    "issuedAt" TIMESTAMP(3) NOT NULL,
    "subtotal" DECIMAL(14,2) NOT NULL,
    "discount" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "total" DECIMAL(14,2) NOT NULL,
    "xml" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT false,
    "createdByUserId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ExpenseCfdi_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ExpenseGroup" (
    "id" SERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "serie" TEXT,
    "folio" INTEGER NOT NULL,
    "comment" TEXT,
    "createdByUserId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ExpenseGroup_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Withdrawal" (
    "id" SERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "accountId" INTEGER NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "fee" DECIMAL(14,2) NOT NULL,
    "total" DECIMAL(14,2) NOT NULL,
    "status" "WithdrawalStatus" NOT NULL DEFAULT 'IN_PROGRESS',
    "gatewayPayoutId" TEXT,
    "errorDescription" TEXT,
    "createdByUserId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "completedAt" TIMESTAMP(3),

    CONSTRAINT "Withdrawal_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WithdrawalExpense" (
    "withdrawalId" INTEGER NOT NULL,
    "expenseId" INTEGER NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,

    CONSTRAINT "WithdrawalExpense_pkey" PRIMARY KEY ("withdrawalId","expenseId")
);

-- CreateTable
CREATE TABLE "CommunityLedgerEntry" (
    "id" BIGSERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "accountId" INTEGER,
    "kind" "CommunityLedgerKind" NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "inTransit" BOOLEAN NOT NULL DEFAULT false,
    "expenseId" INTEGER,
    "withdrawalId" INTEGER,
    "groupId" UUID NOT NULL,
    "effectiveDate" DATE NOT NULL,
    "createdByUserId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CommunityLedgerEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Provider_neighborhoodId_name_idx" ON "Provider"("neighborhoodId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "Provider_neighborhoodId_rfc_key" ON "Provider"("neighborhoodId", "rfc");

-- CreateIndex
CREATE INDEX "Expense_neighborhoodId_id_idx" ON "Expense"("neighborhoodId", "id");

-- CreateIndex
CREATE INDEX "Expense_neighborhoodId_status_id_idx" ON "Expense"("neighborhoodId", "status", "id");

-- CreateIndex
CREATE INDEX "Expense_neighborhoodId_operationDate_idx" ON "Expense"("neighborhoodId", "operationDate");

-- CreateIndex
CREATE INDEX "Expense_neighborhoodId_paymentDate_idx" ON "Expense"("neighborhoodId", "paymentDate");

-- CreateIndex
CREATE INDEX "Expense_neighborhoodId_cashDate_idx" ON "Expense"("neighborhoodId", "cashDate");

-- CreateIndex
CREATE INDEX "Expense_neighborhoodId_providerId_idx" ON "Expense"("neighborhoodId", "providerId");

-- CreateIndex
CREATE INDEX "Expense_groupId_idx" ON "Expense"("groupId");

-- CreateIndex
CREATE INDEX "Expense_withdrawalId_idx" ON "Expense"("withdrawalId");

-- CreateIndex
CREATE INDEX "ExpenseLine_expenseId_position_idx" ON "ExpenseLine"("expenseId", "position");

-- CreateIndex
CREATE INDEX "ExpenseTax_expenseId_idx" ON "ExpenseTax"("expenseId");

-- CreateIndex
CREATE UNIQUE INDEX "ExpenseApproval_expenseId_revision_userId_key" ON "ExpenseApproval"("expenseId", "revision", "userId");

-- CreateIndex
CREATE INDEX "ExpenseAttachment_expenseId_idx" ON "ExpenseAttachment"("expenseId");

-- CreateIndex
CREATE INDEX "ExpenseCfdi_neighborhoodId_uuid_idx" ON "ExpenseCfdi"("neighborhoodId", "uuid");

-- CreateIndex
CREATE INDEX "ExpenseCfdi_expenseId_idx" ON "ExpenseCfdi"("expenseId");

-- CreateIndex
CREATE INDEX "ExpenseGroup_neighborhoodId_id_idx" ON "ExpenseGroup"("neighborhoodId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Withdrawal_gatewayPayoutId_key" ON "Withdrawal"("gatewayPayoutId");

-- CreateIndex
CREATE INDEX "Withdrawal_neighborhoodId_id_idx" ON "Withdrawal"("neighborhoodId", "id");

-- CreateIndex
CREATE INDEX "Withdrawal_neighborhoodId_status_idx" ON "Withdrawal"("neighborhoodId", "status");

-- CreateIndex
CREATE INDEX "WithdrawalExpense_expenseId_idx" ON "WithdrawalExpense"("expenseId");

-- CreateIndex
CREATE INDEX "CommunityLedgerEntry_neighborhoodId_effectiveDate_idx" ON "CommunityLedgerEntry"("neighborhoodId", "effectiveDate");

-- CreateIndex
CREATE INDEX "CommunityLedgerEntry_neighborhoodId_accountId_id_idx" ON "CommunityLedgerEntry"("neighborhoodId", "accountId", "id");

-- CreateIndex
CREATE INDEX "CommunityLedgerEntry_expenseId_idx" ON "CommunityLedgerEntry"("expenseId");

-- CreateIndex
CREATE INDEX "CommunityLedgerEntry_withdrawalId_idx" ON "CommunityLedgerEntry"("withdrawalId");

-- CreateIndex
CREATE INDEX "AuditLog_entity_entityId_id_idx" ON "AuditLog"("entity", "entityId", "id");

-- AddForeignKey
ALTER TABLE "Provider" ADD CONSTRAINT "Provider_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Provider" ADD CONSTRAINT "Provider_expenseConceptId_fkey" FOREIGN KEY ("expenseConceptId") REFERENCES "ExpenseConcept"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Expense" ADD CONSTRAINT "Expense_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Expense" ADD CONSTRAINT "Expense_providerId_fkey" FOREIGN KEY ("providerId") REFERENCES "Provider"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Expense" ADD CONSTRAINT "Expense_expenseConceptId_fkey" FOREIGN KEY ("expenseConceptId") REFERENCES "ExpenseConcept"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Expense" ADD CONSTRAINT "Expense_paymentAccountId_fkey" FOREIGN KEY ("paymentAccountId") REFERENCES "IncomeAccount"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Expense" ADD CONSTRAINT "Expense_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "ExpenseGroup"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Expense" ADD CONSTRAINT "Expense_withdrawalId_fkey" FOREIGN KEY ("withdrawalId") REFERENCES "Withdrawal"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ExpenseLine" ADD CONSTRAINT "ExpenseLine_expenseId_fkey" FOREIGN KEY ("expenseId") REFERENCES "Expense"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ExpenseLine" ADD CONSTRAINT "ExpenseLine_expenseConceptId_fkey" FOREIGN KEY ("expenseConceptId") REFERENCES "ExpenseConcept"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ExpenseTax" ADD CONSTRAINT "ExpenseTax_expenseId_fkey" FOREIGN KEY ("expenseId") REFERENCES "Expense"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ExpenseTax" ADD CONSTRAINT "ExpenseTax_lineId_fkey" FOREIGN KEY ("lineId") REFERENCES "ExpenseLine"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ExpenseApproval" ADD CONSTRAINT "ExpenseApproval_expenseId_fkey" FOREIGN KEY ("expenseId") REFERENCES "Expense"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ExpenseAttachment" ADD CONSTRAINT "ExpenseAttachment_expenseId_fkey" FOREIGN KEY ("expenseId") REFERENCES "Expense"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ExpenseAttachment" ADD CONSTRAINT "ExpenseAttachment_fileId_fkey" FOREIGN KEY ("fileId") REFERENCES "StoredFile"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ExpenseCfdi" ADD CONSTRAINT "ExpenseCfdi_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ExpenseCfdi" ADD CONSTRAINT "ExpenseCfdi_expenseId_fkey" FOREIGN KEY ("expenseId") REFERENCES "Expense"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ExpenseCfdi" ADD CONSTRAINT "ExpenseCfdi_providerId_fkey" FOREIGN KEY ("providerId") REFERENCES "Provider"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ExpenseGroup" ADD CONSTRAINT "ExpenseGroup_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Withdrawal" ADD CONSTRAINT "Withdrawal_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Withdrawal" ADD CONSTRAINT "Withdrawal_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "IncomeAccount"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WithdrawalExpense" ADD CONSTRAINT "WithdrawalExpense_withdrawalId_fkey" FOREIGN KEY ("withdrawalId") REFERENCES "Withdrawal"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WithdrawalExpense" ADD CONSTRAINT "WithdrawalExpense_expenseId_fkey" FOREIGN KEY ("expenseId") REFERENCES "Expense"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CommunityLedgerEntry" ADD CONSTRAINT "CommunityLedgerEntry_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CommunityLedgerEntry" ADD CONSTRAINT "CommunityLedgerEntry_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "IncomeAccount"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CommunityLedgerEntry" ADD CONSTRAINT "CommunityLedgerEntry_expenseId_fkey" FOREIGN KEY ("expenseId") REFERENCES "Expense"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CommunityLedgerEntry" ADD CONSTRAINT "CommunityLedgerEntry_withdrawalId_fkey" FOREIGN KEY ("withdrawalId") REFERENCES "Withdrawal"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A folio (with its serie) names one expense and one group of a community.
CREATE UNIQUE INDEX "Expense_folio_key" ON "Expense" ("neighborhoodId", COALESCE("serie", ''), "folio") WHERE "folio" IS NOT NULL;
CREATE UNIQUE INDEX "ExpenseGroup_folio_key" ON "ExpenseGroup" ("neighborhoodId", COALESCE("serie", ''), "folio");

-- A provider CFDI is linked to at most one live expense of a community.
CREATE UNIQUE INDEX "ExpenseCfdi_active_uuid_key" ON "ExpenseCfdi" ("neighborhoodId", "uuid") WHERE "active";

ALTER TABLE "Expense" ADD CONSTRAINT "Expense_money_check" CHECK ("subtotal" >= 0 AND "discount" >= 0 AND "transferredTaxes" >= 0 AND "retainedTaxes" >= 0 AND "total" >= 0);
ALTER TABLE "ExpenseLine" ADD CONSTRAINT "ExpenseLine_money_check" CHECK ("quantity" > 0 AND "unitPrice" >= 0 AND "amount" >= 0 AND "discount" >= 0);
ALTER TABLE "ExpenseTax" ADD CONSTRAINT "ExpenseTax_amount_check" CHECK ("amount" >= 0);
ALTER TABLE "Withdrawal" ADD CONSTRAINT "Withdrawal_money_check" CHECK ("amount" > 0 AND "fee" >= 0 AND "total" = "amount" + "fee");

-- The community ledger is append-only: a mistake is undone by a new entry, never by editing one.
CREATE FUNCTION "community_ledger_entry_append_only"() RETURNS trigger LANGUAGE plpgsql AS U&'BEGIN RAISE EXCEPTION ''CommunityLedgerEntry is append-only''\003B END';
CREATE TRIGGER "CommunityLedgerEntry_append_only" BEFORE UPDATE OR DELETE ON "CommunityLedgerEntry" FOR EACH ROW EXECUTE FUNCTION "community_ledger_entry_append_only"();

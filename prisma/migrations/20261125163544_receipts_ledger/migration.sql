-- CreateEnum
CREATE TYPE "MaintenanceStatus" AS ENUM ('NEW', 'GENERATED', 'COLLECTING', 'COMPLETED');

-- CreateEnum
CREATE TYPE "ReceiptStatus" AS ENUM ('NEW', 'SENT', 'IN_PROGRESS', 'PAID', 'PENALTY', 'REVIEW', 'CHARGE_BACK');

-- CreateEnum
CREATE TYPE "PaymentMethod" AS ENUM ('CARD', 'STORE', 'BANK', 'WALLET', 'CASH', 'CREDIT', 'DEBIT', 'EXTERNAL', 'MANUAL');

-- CreateEnum
CREATE TYPE "LedgerKind" AS ENUM ('INITIAL_BALANCE', 'DEPOSIT', 'RECEIPT_PAID', 'WALLET_PAYMENT', 'ADJUSTMENT', 'TRANSFER', 'RECEIPT_DELETED', 'REVERSAL');

-- CreateTable
CREATE TABLE "Maintenance" (
    "id" SERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "ordinary" BOOLEAN NOT NULL DEFAULT true,
    "period" TEXT,
    "year" INTEGER NOT NULL,
    "month" INTEGER NOT NULL,
    "description" TEXT NOT NULL,
    "dueDate" DATE NOT NULL,
    "amount" DECIMAL(14,2),
    "status" "MaintenanceStatus" NOT NULL DEFAULT 'NEW',
    "hasDiscount" BOOLEAN NOT NULL DEFAULT false,
    "discountType" "FeeType" NOT NULL DEFAULT 'PERCENTAGE',
    "discount" DECIMAL(14,2),
    "discountEndDate" DATE,
    "hasPenalty" BOOLEAN NOT NULL DEFAULT false,
    "penaltyType" "FeeType" NOT NULL DEFAULT 'PERCENTAGE',
    "penalty" DECIMAL(14,2),
    "deadlineDate" DATE,
    "createdByUserId" INTEGER,
    "generatedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Maintenance_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Receipt" (
    "id" SERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "houseId" INTEGER NOT NULL,
    "maintenanceId" INTEGER,
    "agreementId" INTEGER,
    "measuredServiceId" INTEGER,
    "incomeConceptId" INTEGER NOT NULL,
    "walletId" INTEGER NOT NULL,
    "description" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "month" INTEGER NOT NULL,
    "dueDate" DATE NOT NULL,
    "sourceAmount" DECIMAL(14,2) NOT NULL,
    "discountAmount" DECIMAL(14,2),
    "penaltyAmount" DECIMAL(14,2),
    "amount" DECIMAL(14,2) NOT NULL,
    "hasDiscount" BOOLEAN NOT NULL DEFAULT false,
    "discountType" "FeeType" NOT NULL DEFAULT 'PERCENTAGE',
    "discount" DECIMAL(14,2),
    "discountEndDate" DATE,
    "discountOverride" BOOLEAN,
    "hasPenalty" BOOLEAN NOT NULL DEFAULT false,
    "penaltyType" "FeeType" NOT NULL DEFAULT 'PERCENTAGE',
    "penalty" DECIMAL(14,2),
    "deadlineDate" DATE,
    "penaltyOverride" BOOLEAN,
    "penaltyDate" DATE,
    "status" "ReceiptStatus" NOT NULL DEFAULT 'NEW',
    "paymentMethod" "PaymentMethod",
    "transactionTotal" DECIMAL(14,2),
    "paymentDate" TIMESTAMP(3),
    "realPaymentDate" DATE,
    "paymentAuthorization" TEXT,
    "paymentReference" TEXT,
    "incomeAccountId" INTEGER,
    "accountEnding" TEXT,
    "cardType" TEXT,
    "externalPayment" JSONB,
    "notes" TEXT,
    "creditsWallet" BOOLEAN NOT NULL DEFAULT false,
    "attachmentFileId" UUID,
    "deletedAt" TIMESTAMP(3),
    "deletedByUserId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Receipt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LedgerEntry" (
    "id" BIGSERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "houseId" INTEGER NOT NULL,
    "walletId" INTEGER NOT NULL,
    "kind" "LedgerKind" NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "receiptId" INTEGER,
    "paymentMethod" "PaymentMethod",
    "groupId" UUID,
    "reversesId" BIGINT,
    "reason" TEXT,
    "authorizedByUserId" INTEGER,
    "createdByUserId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LedgerEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Job" (
    "id" BIGSERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "payload" JSONB,
    "uniqueKey" TEXT,
    "runAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lockedUntil" TIMESTAMP(3),
    "doneAt" TIMESTAMP(3),
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Job_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Maintenance_neighborhoodId_year_month_id_idx" ON "Maintenance"("neighborhoodId", "year", "month", "id");

-- CreateIndex
CREATE INDEX "Receipt_neighborhoodId_houseId_id_idx" ON "Receipt"("neighborhoodId", "houseId", "id");

-- CreateIndex
CREATE INDEX "Receipt_maintenanceId_id_idx" ON "Receipt"("maintenanceId", "id");

-- CreateIndex
CREATE INDEX "Receipt_neighborhoodId_status_id_idx" ON "Receipt"("neighborhoodId", "status", "id");

-- CreateIndex
CREATE INDEX "Receipt_neighborhoodId_paymentDate_idx" ON "Receipt"("neighborhoodId", "paymentDate");

-- CreateIndex
CREATE UNIQUE INDEX "Receipt_maintenanceId_houseId_key" ON "Receipt"("maintenanceId", "houseId");

-- CreateIndex
CREATE UNIQUE INDEX "LedgerEntry_reversesId_key" ON "LedgerEntry"("reversesId");

-- CreateIndex
CREATE INDEX "LedgerEntry_houseId_walletId_id_idx" ON "LedgerEntry"("houseId", "walletId", "id");

-- CreateIndex
CREATE INDEX "LedgerEntry_neighborhoodId_createdAt_idx" ON "LedgerEntry"("neighborhoodId", "createdAt");

-- CreateIndex
CREATE INDEX "LedgerEntry_receiptId_idx" ON "LedgerEntry"("receiptId");

-- CreateIndex
CREATE UNIQUE INDEX "Job_uniqueKey_key" ON "Job"("uniqueKey");

-- CreateIndex
CREATE INDEX "Job_doneAt_runAt_idx" ON "Job"("doneAt", "runAt");

-- AddForeignKey
ALTER TABLE "Maintenance" ADD CONSTRAINT "Maintenance_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Receipt" ADD CONSTRAINT "Receipt_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Receipt" ADD CONSTRAINT "Receipt_houseId_fkey" FOREIGN KEY ("houseId") REFERENCES "House"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Receipt" ADD CONSTRAINT "Receipt_maintenanceId_fkey" FOREIGN KEY ("maintenanceId") REFERENCES "Maintenance"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Receipt" ADD CONSTRAINT "Receipt_incomeConceptId_fkey" FOREIGN KEY ("incomeConceptId") REFERENCES "IncomeConcept"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Receipt" ADD CONSTRAINT "Receipt_walletId_fkey" FOREIGN KEY ("walletId") REFERENCES "Wallet"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LedgerEntry" ADD CONSTRAINT "LedgerEntry_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LedgerEntry" ADD CONSTRAINT "LedgerEntry_houseId_fkey" FOREIGN KEY ("houseId") REFERENCES "House"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LedgerEntry" ADD CONSTRAINT "LedgerEntry_walletId_fkey" FOREIGN KEY ("walletId") REFERENCES "Wallet"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LedgerEntry" ADD CONSTRAINT "LedgerEntry_receiptId_fkey" FOREIGN KEY ("receiptId") REFERENCES "Receipt"("id") ON DELETE SET NULL ON UPDATE CASCADE;
-- One ordinary maintenance per community and period (extraordinary ones share periods freely).
CREATE UNIQUE INDEX "Maintenance_ordinary_period_key" ON "Maintenance"("neighborhoodId", "period") WHERE "ordinary";

-- The ledger is append-only: updates and deletes are refused (a mistake is undone by a REVERSAL entry).
-- The function body spells its statement end as the escape 003B, since migrations are split on that character.
CREATE FUNCTION "ledger_entry_append_only"() RETURNS trigger LANGUAGE plpgsql AS U&'BEGIN RAISE EXCEPTION ''LedgerEntry is append-only''\003B END';

CREATE TRIGGER "LedgerEntry_append_only" BEFORE UPDATE OR DELETE ON "LedgerEntry" FOR EACH ROW EXECUTE FUNCTION "ledger_entry_append_only"();

-- Houses activated before the ledger existed: their stated initial balance becomes their first movement.
INSERT INTO "LedgerEntry" ("neighborhoodId", "houseId", "walletId", kind, amount, reason)
SELECT h."neighborhoodId", h.id, w.id, 'INITIAL_BALANCE', h."initialBalance", 'Saldo inicial'
FROM "House" h JOIN "Wallet" w ON w."neighborhoodId" = h."neighborhoodId" AND w.type = 'ORDINARY'
WHERE h.status IN ('ACTIVE', 'BLOCKED') AND h."initialBalance" IS NOT NULL AND h."initialBalance" <> 0;

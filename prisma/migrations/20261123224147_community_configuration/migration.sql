-- CreateEnum
CREATE TYPE "IncomeAccountType" AS ENUM ('CLABE', 'CARD', 'TERMINAL', 'CASH');

-- CreateEnum
CREATE TYPE "AccountingAccountKey" AS ENUM ('BANKS', 'CASH', 'RECEIVABLES', 'MAINTENANCE_INCOME', 'EXTRAORDINARY_INCOME', 'PENALTY_INCOME', 'DISCOUNTS', 'SUSPENSE', 'VAT_TRANSFERRED', 'VAT_PENDING', 'PROVIDERS', 'EXPENSES', 'GATEWAY_FEES');

-- CreateEnum
CREATE TYPE "WalletType" AS ENUM ('ORDINARY', 'EXTRAORDINARY', 'MEASURED_SERVICE');

-- AlterTable
ALTER TABLE "MaintenanceSettings" ADD COLUMN     "discountAccountingAccount" TEXT,
ADD COLUMN     "hasDiscount" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "hasPenalty" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "incomeAccountingAccount" TEXT,
ADD COLUMN     "penaltyAccountingAccount" TEXT;

-- AlterTable
ALTER TABLE "Neighborhood" ADD COLUMN     "city" TEXT,
ADD COLUMN     "colony" TEXT,
ADD COLUMN     "exteriorNumber" TEXT,
ADD COLUMN     "gatewayAccountId" TEXT,
ADD COLUMN     "gatewayPrivateKeyEncrypted" TEXT,
ADD COLUMN     "gatewayPublicKey" TEXT,
ADD COLUMN     "gatewaySandbox" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "interiorNumber" TEXT,
ADD COLUMN     "logoFileId" UUID,
ADD COLUMN     "modulesTosAcceptedAt" TIMESTAMP(3),
ADD COLUMN     "modulesTosAcceptedByUserId" INTEGER,
ADD COLUMN     "movingEndDays" INTEGER,
ADD COLUMN     "movingSchedule" JSONB,
ADD COLUMN     "movingStartDays" INTEGER,
ADD COLUMN     "state" TEXT,
ADD COLUMN     "street" TEXT,
ADD COLUMN     "welcomeUrl" TEXT;

-- CreateTable
CREATE TABLE "MsiSetting" (
    "neighborhoodId" INTEGER NOT NULL,
    "months" INTEGER NOT NULL,
    "boundary" DECIMAL(14,2) NOT NULL,

    CONSTRAINT "MsiSetting_pkey" PRIMARY KEY ("neighborhoodId","months")
);

-- CreateTable
CREATE TABLE "IncomeAccount" (
    "id" SERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "accountType" "IncomeAccountType" NOT NULL,
    "description" TEXT NOT NULL,
    "holderName" TEXT,
    "accountNumber" TEXT,
    "accountingAccount" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deletedAt" TIMESTAMP(3),

    CONSTRAINT "IncomeAccount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AccountingAccountSetting" (
    "neighborhoodId" INTEGER NOT NULL,
    "key" "AccountingAccountKey" NOT NULL,
    "number" TEXT NOT NULL,
    "name" TEXT,

    CONSTRAINT "AccountingAccountSetting_pkey" PRIMARY KEY ("neighborhoodId","key")
);

-- CreateTable
CREATE TABLE "Wallet" (
    "id" SERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "type" "WalletType" NOT NULL,
    "name" TEXT NOT NULL,
    "measuredServiceId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Wallet_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IncomeConcept" (
    "id" SERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "description" TEXT NOT NULL,
    "systemKey" TEXT,
    "increaseBalance" BOOLEAN NOT NULL DEFAULT false,
    "deletable" BOOLEAN NOT NULL DEFAULT true,
    "notifyPayment" BOOLEAN NOT NULL DEFAULT false,
    "visibleToOwner" BOOLEAN NOT NULL DEFAULT true,
    "mandatory" BOOLEAN NOT NULL DEFAULT false,
    "accountingAccount" TEXT,
    "suspenseAccount" TEXT,
    "allowAmount" BOOLEAN NOT NULL DEFAULT false,
    "allowComments" BOOLEAN NOT NULL DEFAULT false,
    "maxPaymentDate" DATE,
    "maxAmountBalance" DECIMAL(14,2),
    "walletId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deletedAt" TIMESTAMP(3),

    CONSTRAINT "IncomeConcept_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ExpenseSettings" (
    "neighborhoodId" INTEGER NOT NULL,
    "requiredExpenseApproval" BOOLEAN NOT NULL DEFAULT false,
    "useFolio" BOOLEAN NOT NULL DEFAULT false,
    "initialFolio" INTEGER NOT NULL DEFAULT 1,
    "serie" TEXT,
    "groupInitialFolio" INTEGER NOT NULL DEFAULT 1,
    "groupSerie" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ExpenseSettings_pkey" PRIMARY KEY ("neighborhoodId")
);

-- CreateTable
CREATE TABLE "ExpenseApprover" (
    "neighborhoodId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,

    CONSTRAINT "ExpenseApprover_pkey" PRIMARY KEY ("neighborhoodId","userId")
);

-- CreateTable
CREATE TABLE "ExpenseConcept" (
    "id" SERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "concept" TEXT NOT NULL,
    "internalId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deletedAt" TIMESTAMP(3),

    CONSTRAINT "ExpenseConcept_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FiscalInformation" (
    "neighborhoodId" INTEGER NOT NULL,
    "fiscalName" TEXT NOT NULL,
    "rfc" TEXT NOT NULL,
    "regime" TEXT NOT NULL,
    "productCode" TEXT,
    "invoiceSerie" TEXT,
    "creditNoteSerie" TEXT,
    "certificate" BYTEA,
    "certificateNumber" TEXT,
    "certificateValidFrom" TIMESTAMP(3),
    "certificateValidTo" TIMESTAMP(3),
    "privateKeyEncrypted" TEXT,
    "privateKeyPasswordEncrypted" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FiscalInformation_pkey" PRIMARY KEY ("neighborhoodId")
);

-- CreateTable
CREATE TABLE "RevisionPoint" (
    "id" SERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "activeFrom" DATE NOT NULL,
    "activeUntil" DATE,
    "minutes" INTEGER NOT NULL,
    "rules" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RevisionPoint_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "IncomeAccount_neighborhoodId_deletedAt_idx" ON "IncomeAccount"("neighborhoodId", "deletedAt");

-- CreateIndex
CREATE INDEX "Wallet_neighborhoodId_type_idx" ON "Wallet"("neighborhoodId", "type");

-- CreateIndex
CREATE INDEX "IncomeConcept_neighborhoodId_deletedAt_idx" ON "IncomeConcept"("neighborhoodId", "deletedAt");

-- CreateIndex
CREATE UNIQUE INDEX "IncomeConcept_neighborhoodId_systemKey_key" ON "IncomeConcept"("neighborhoodId", "systemKey");

-- CreateIndex
CREATE INDEX "ExpenseConcept_neighborhoodId_deletedAt_idx" ON "ExpenseConcept"("neighborhoodId", "deletedAt");

-- CreateIndex
CREATE INDEX "RevisionPoint_neighborhoodId_name_idx" ON "RevisionPoint"("neighborhoodId", "name");

-- AddForeignKey
ALTER TABLE "MsiSetting" ADD CONSTRAINT "MsiSetting_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IncomeAccount" ADD CONSTRAINT "IncomeAccount_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AccountingAccountSetting" ADD CONSTRAINT "AccountingAccountSetting_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Wallet" ADD CONSTRAINT "Wallet_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IncomeConcept" ADD CONSTRAINT "IncomeConcept_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IncomeConcept" ADD CONSTRAINT "IncomeConcept_walletId_fkey" FOREIGN KEY ("walletId") REFERENCES "Wallet"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ExpenseSettings" ADD CONSTRAINT "ExpenseSettings_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ExpenseApprover" ADD CONSTRAINT "ExpenseApprover_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ExpenseApprover" ADD CONSTRAINT "ExpenseApprover_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ExpenseConcept" ADD CONSTRAINT "ExpenseConcept_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FiscalInformation" ADD CONSTRAINT "FiscalInformation_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RevisionPoint" ADD CONSTRAINT "RevisionPoint_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- One ORDINARY and one EXTRAORDINARY wallet per community, measured-service wallets are one per service.
CREATE UNIQUE INDEX "Wallet_one_per_type" ON "Wallet"("neighborhoodId", "type") WHERE "type" <> 'MEASURED_SERVICE';
CREATE UNIQUE INDEX "Wallet_measuredServiceId_key" ON "Wallet"("measuredServiceId") WHERE "measuredServiceId" IS NOT NULL;

ALTER TABLE "MsiSetting" ADD CONSTRAINT "MsiSetting_months_check" CHECK ("months" IN (3, 6, 9, 12));
ALTER TABLE "MsiSetting" ADD CONSTRAINT "MsiSetting_boundary_check" CHECK ("boundary" > 0);
ALTER TABLE "RevisionPoint" ADD CONSTRAINT "RevisionPoint_minutes_check" CHECK ("minutes" > 0);
ALTER TABLE "MaintenanceSettings" ADD CONSTRAINT "MaintenanceSettings_days_check" CHECK (
  ("cutoffDay" IS NULL OR "cutoffDay" BETWEEN 1 AND 31) AND
  ("deadlineDay" IS NULL OR "deadlineDay" BETWEEN 1 AND 31) AND
  ("discountEndDay" IS NULL OR "discountEndDay" BETWEEN 1 AND 31));

-- Existing communities get their two wallets.
INSERT INTO "Wallet" ("neighborhoodId", "type", "name")
SELECT n."id", w."type"::"WalletType", w."name" FROM "Neighborhood" n
CROSS JOIN (VALUES ('ORDINARY', 'Cuotas ordinarias'), ('EXTRAORDINARY', 'Cuotas extraordinarias')) AS w("type", "name");

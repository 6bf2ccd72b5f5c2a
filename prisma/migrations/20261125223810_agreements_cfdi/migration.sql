-- CreateEnum
CREATE TYPE "AgreementFrequency" AS ENUM ('WEEKLY', 'BIWEEKLY', 'MONTHLY');

-- CreateEnum
CREATE TYPE "CfdiStatus" AS ENUM ('PENDING', 'STAMPED', 'ERROR', 'CANCELLED');

-- CreateEnum
CREATE TYPE "CfdiKind" AS ENUM ('RECEIPT', 'GLOBAL');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "LedgerKind" ADD VALUE 'AGREEMENT';
ALTER TYPE "LedgerKind" ADD VALUE 'AGREEMENT_CANCELLED';

-- CreateTable
CREATE TABLE "Agreement" (
    "id" SERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "houseId" INTEGER NOT NULL,
    "debtAmount" DECIMAL(14,2) NOT NULL,
    "downPayment" DECIMAL(14,2) NOT NULL,
    "instalments" INTEGER NOT NULL,
    "frequency" "AgreementFrequency" NOT NULL,
    "firstDueDate" DATE NOT NULL,
    "notes" TEXT,
    "createdByUserId" INTEGER,
    "cancelledAt" TIMESTAMP(3),
    "cancelledByUserId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Agreement_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Cfdi" (
    "id" SERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "kind" "CfdiKind" NOT NULL,
    "status" "CfdiStatus" NOT NULL DEFAULT 'PENDING',
    "serie" TEXT,
    "uuid" TEXT,
    "issuedAt" TIMESTAMP(3),
    "stampedAt" TIMESTAMP(3),
    "receiverRfc" TEXT NOT NULL,
    "receiverName" TEXT NOT NULL,
    "receiverRegime" TEXT NOT NULL,
    "receiverUse" TEXT NOT NULL,
    "receiverPostalCode" TEXT NOT NULL,
    "paymentForm" TEXT NOT NULL,
    "subtotal" DECIMAL(14,2) NOT NULL,
    "taxTotal" DECIMAL(14,2) NOT NULL,
    "total" DECIMAL(14,2) NOT NULL,
    "globalYear" INTEGER,
    "globalMonth" INTEGER,
    "xml" TEXT,
    "pdfFileId" UUID,
    "errorDescription" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "substitutesId" INTEGER,
    "cancellationMotive" TEXT,
    "cancellationAcknowledgement" TEXT,
    "cancelledAt" TIMESTAMP(3),
    "cancelledByUserId" INTEGER,
    "createdByUserId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Cfdi_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CfdiReceipt" (
    "cfdiId" INTEGER NOT NULL,
    "receiptId" INTEGER NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "CfdiReceipt_pkey" PRIMARY KEY ("cfdiId","receiptId")
);

-- CreateIndex
CREATE INDEX "Agreement_neighborhoodId_id_idx" ON "Agreement"("neighborhoodId", "id");

-- CreateIndex
CREATE INDEX "Agreement_houseId_id_idx" ON "Agreement"("houseId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Cfdi_uuid_key" ON "Cfdi"("uuid");

-- CreateIndex
CREATE UNIQUE INDEX "Cfdi_substitutesId_key" ON "Cfdi"("substitutesId");

-- CreateIndex
CREATE INDEX "Cfdi_neighborhoodId_id_idx" ON "Cfdi"("neighborhoodId", "id");

-- CreateIndex
CREATE INDEX "Cfdi_neighborhoodId_status_id_idx" ON "Cfdi"("neighborhoodId", "status", "id");

-- CreateIndex
CREATE INDEX "Cfdi_neighborhoodId_globalYear_globalMonth_idx" ON "Cfdi"("neighborhoodId", "globalYear", "globalMonth");

-- CreateIndex
CREATE INDEX "CfdiReceipt_receiptId_idx" ON "CfdiReceipt"("receiptId");

-- CreateIndex
CREATE INDEX "Receipt_agreementId_id_idx" ON "Receipt"("agreementId", "id");

-- AddForeignKey
ALTER TABLE "Receipt" ADD CONSTRAINT "Receipt_agreementId_fkey" FOREIGN KEY ("agreementId") REFERENCES "Agreement"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Agreement" ADD CONSTRAINT "Agreement_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Agreement" ADD CONSTRAINT "Agreement_houseId_fkey" FOREIGN KEY ("houseId") REFERENCES "House"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Cfdi" ADD CONSTRAINT "Cfdi_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Cfdi" ADD CONSTRAINT "Cfdi_substitutesId_fkey" FOREIGN KEY ("substitutesId") REFERENCES "Cfdi"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Cfdi" ADD CONSTRAINT "Cfdi_pdfFileId_fkey" FOREIGN KEY ("pdfFileId") REFERENCES "StoredFile"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CfdiReceipt" ADD CONSTRAINT "CfdiReceipt_cfdiId_fkey" FOREIGN KEY ("cfdiId") REFERENCES "Cfdi"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CfdiReceipt" ADD CONSTRAINT "CfdiReceipt_receiptId_fkey" FOREIGN KEY ("receiptId") REFERENCES "Receipt"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- A receipt has at most one active CFDI: issuing twice (two administrators, the job and a click) never
-- yields two valid invoices for one receipt.
CREATE UNIQUE INDEX "CfdiReceipt_receipt_active_key" ON "CfdiReceipt"("receiptId") WHERE "active";

ALTER TABLE "Agreement" ADD CONSTRAINT "Agreement_amounts_check"
  CHECK ("debtAmount" > 0 AND "downPayment" >= 0 AND "downPayment" < "debtAmount" AND "instalments" BETWEEN 1 AND 120);
ALTER TABLE "Cfdi" ADD CONSTRAINT "Cfdi_period_check"
  CHECK (("kind" = 'GLOBAL') = ("globalYear" IS NOT NULL AND "globalMonth" BETWEEN 1 AND 12));
ALTER TABLE "Cfdi" ADD CONSTRAINT "Cfdi_amounts_check" CHECK ("total" >= 0 AND "subtotal" >= 0 AND "taxTotal" >= 0);
ALTER TABLE "Cfdi" ADD CONSTRAINT "Cfdi_stamped_check" CHECK ("status" NOT IN ('STAMPED', 'CANCELLED') OR ("uuid" IS NOT NULL AND "xml" IS NOT NULL));

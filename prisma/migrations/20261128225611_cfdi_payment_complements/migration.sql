-- AlterEnum
ALTER TYPE "CfdiKind" ADD VALUE 'PAYMENT';

-- AlterTable
ALTER TABLE "Cfdi" ADD COLUMN     "installment" INTEGER,
ADD COLUMN     "paidCfdiId" INTEGER,
ADD COLUMN     "paymentAmount" DECIMAL(14,2),
ADD COLUMN     "paymentDate" TIMESTAMP(3),
ADD COLUMN     "paymentMethod" TEXT NOT NULL DEFAULT 'PUE',
ADD COLUMN     "previousBalance" DECIMAL(14,2);

-- CreateIndex
CREATE INDEX "Cfdi_paidCfdiId_idx" ON "Cfdi"("paidCfdiId");

-- AddForeignKey
ALTER TABLE "Cfdi" ADD CONSTRAINT "Cfdi_paidCfdiId_fkey" FOREIGN KEY ("paidCfdiId") REFERENCES "Cfdi"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- One open complement per PPD invoice (its substitutes aside): two jobs for one payment never stamp two.
CREATE UNIQUE INDEX "Cfdi_open_complement_key" ON "Cfdi"("paidCfdiId") WHERE "paidCfdiId" IS NOT NULL AND "substitutesId" IS NULL AND status <> 'CANCELLED';

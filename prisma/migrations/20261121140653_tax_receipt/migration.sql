-- AlterTable
ALTER TABLE "HouseTaxInfo" ADD COLUMN     "taxReceiptFileId" UUID;

-- AddForeignKey
ALTER TABLE "HouseTaxInfo" ADD CONSTRAINT "HouseTaxInfo_taxReceiptFileId_fkey" FOREIGN KEY ("taxReceiptFileId") REFERENCES "StoredFile"("id") ON DELETE SET NULL ON UPDATE CASCADE;

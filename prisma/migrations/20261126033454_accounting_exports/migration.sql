-- CreateEnum
CREATE TYPE "AccountingExportStatus" AS ENUM ('NEW', 'PROCESSING', 'PROCESSED', 'UPLOADED');

-- CreateTable
CREATE TABLE "AccountingExport" (
    "id" SERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "from" DATE NOT NULL,
    "to" DATE NOT NULL,
    "status" "AccountingExportStatus" NOT NULL DEFAULT 'NEW',
    "fileId" UUID,
    "errorDescription" TEXT,
    "createdByUserId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processedAt" TIMESTAMP(3),
    "deletedAt" TIMESTAMP(3),

    CONSTRAINT "AccountingExport_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AccountingExport_neighborhoodId_id_idx" ON "AccountingExport"("neighborhoodId", "id");

-- AddForeignKey
ALTER TABLE "AccountingExport" ADD CONSTRAINT "AccountingExport_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AccountingExport" ADD CONSTRAINT "AccountingExport_fileId_fkey" FOREIGN KEY ("fileId") REFERENCES "StoredFile"("id") ON DELETE SET NULL ON UPDATE CASCADE;

ALTER TABLE "AccountingExport" ADD CONSTRAINT "AccountingExport_period_check" CHECK ("from" <= "to");

-- CreateEnum
CREATE TYPE "SharedFileAccess" AS ENUM ('NEIGHBORS', 'OWNERS', 'ONLY_ME');

-- CreateTable
CREATE TABLE "SharedFile" (
    "id" SERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "storedFileId" UUID NOT NULL,
    "fileName" TEXT NOT NULL,
    "tags" TEXT[],
    "access" "SharedFileAccess" NOT NULL DEFAULT 'NEIGHBORS',
    "createdByUserId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SharedFile_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SharedFile_neighborhoodId_id_idx" ON "SharedFile"("neighborhoodId", "id");

-- CreateIndex
CREATE INDEX "SharedFile_neighborhoodId_access_id_idx" ON "SharedFile"("neighborhoodId", "access", "id");

-- AddForeignKey
ALTER TABLE "SharedFile" ADD CONSTRAINT "SharedFile_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SharedFile" ADD CONSTRAINT "SharedFile_storedFileId_fkey" FOREIGN KEY ("storedFileId") REFERENCES "StoredFile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SharedFile" ADD CONSTRAINT "SharedFile_createdByUserId_fkey" FOREIGN KEY ("createdByUserId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

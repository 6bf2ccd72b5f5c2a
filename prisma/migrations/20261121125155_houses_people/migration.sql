-- CreateEnum
CREATE TYPE "OnboardingMode" AS ENUM ('CLOSED', 'PAUSED', 'REVIEW', 'SIGN_IN', 'SIGN_UP');

-- AlterTable
ALTER TABLE "EmailOutbox" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "House" ADD COLUMN     "lockedAt" TIMESTAMP(3),
ADD COLUMN     "lockedByUserId" INTEGER,
ADD COLUMN     "officialIdFileId" UUID,
ADD COLUMN     "signupCodeSentAt" TIMESTAMP(3),
ALTER COLUMN "initialBalance" DROP NOT NULL,
ALTER COLUMN "initialBalance" DROP DEFAULT;

-- AlterTable
ALTER TABLE "Membership" ADD COLUMN     "accreditationFileId" UUID;

-- AlterTable
ALTER TABLE "Neighborhood" ADD COLUMN     "onboarding" "OnboardingMode" NOT NULL DEFAULT 'CLOSED';

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "signupCode" TEXT;

-- CreateTable
CREATE TABLE "Condominium" (
    "id" SERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "Condominium_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Mall" (
    "id" SERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "Mall_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "HouseOwnerChange" (
    "id" SERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "houseId" INTEGER NOT NULL,
    "fromUserId" INTEGER,
    "toUserId" INTEGER NOT NULL,
    "changedByUserId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "HouseOwnerChange_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "HouseTaxInfo" (
    "houseId" INTEGER NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "rfc" TEXT NOT NULL,
    "businessName" TEXT NOT NULL,
    "fiscalRegime" TEXT NOT NULL,
    "cfdiUse" TEXT NOT NULL,
    "postalCode" TEXT NOT NULL,
    "street" TEXT,
    "exteriorNumber" TEXT,
    "interiorNumber" TEXT,
    "colony" TEXT,
    "city" TEXT,
    "state" TEXT NOT NULL,
    "country" TEXT NOT NULL DEFAULT 'México',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "HouseTaxInfo_pkey" PRIMARY KEY ("houseId")
);

-- CreateTable
CREATE TABLE "StoredFile" (
    "id" UUID NOT NULL,
    "neighborhoodId" INTEGER,
    "userId" INTEGER,
    "name" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StoredFile_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Condominium_neighborhoodId_name_key" ON "Condominium"("neighborhoodId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "Mall_neighborhoodId_name_key" ON "Mall"("neighborhoodId", "name");

-- CreateIndex
CREATE INDEX "HouseOwnerChange_houseId_createdAt_idx" ON "HouseOwnerChange"("houseId", "createdAt");

-- CreateIndex
CREATE INDEX "House_ownerUserId_idx" ON "House"("ownerUserId");

-- CreateIndex
CREATE UNIQUE INDEX "User_signupCode_key" ON "User"("signupCode");

-- AddForeignKey
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_accreditationFileId_fkey" FOREIGN KEY ("accreditationFileId") REFERENCES "StoredFile"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Condominium" ADD CONSTRAINT "Condominium_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Mall" ADD CONSTRAINT "Mall_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "House" ADD CONSTRAINT "House_condominiumId_fkey" FOREIGN KEY ("condominiumId") REFERENCES "Condominium"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "House" ADD CONSTRAINT "House_mallId_fkey" FOREIGN KEY ("mallId") REFERENCES "Mall"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "House" ADD CONSTRAINT "House_lockedByUserId_fkey" FOREIGN KEY ("lockedByUserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "House" ADD CONSTRAINT "House_officialIdFileId_fkey" FOREIGN KEY ("officialIdFileId") REFERENCES "StoredFile"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HouseOwnerChange" ADD CONSTRAINT "HouseOwnerChange_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HouseOwnerChange" ADD CONSTRAINT "HouseOwnerChange_houseId_fkey" FOREIGN KEY ("houseId") REFERENCES "House"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HouseTaxInfo" ADD CONSTRAINT "HouseTaxInfo_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HouseTaxInfo" ADD CONSTRAINT "HouseTaxInfo_houseId_fkey" FOREIGN KEY ("houseId") REFERENCES "House"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StoredFile" ADD CONSTRAINT "StoredFile_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

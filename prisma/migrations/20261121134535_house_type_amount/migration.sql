-- CreateEnum
CREATE TYPE "FeeType" AS ENUM ('PERCENTAGE', 'AMOUNT');

-- AlterTable
ALTER TABLE "HouseType" ADD COLUMN     "amount" DECIMAL(12,2);

-- CreateTable
CREATE TABLE "MaintenanceSettings" (
    "neighborhoodId" INTEGER NOT NULL,
    "penaltyFeeType" "FeeType" NOT NULL DEFAULT 'PERCENTAGE',
    "penaltyFee" DECIMAL(12,2),
    "cutoffDay" INTEGER,
    "deadlineDay" INTEGER,
    "discountEndDay" INTEGER,
    "earlyPaymentDiscount" DECIMAL(12,2),
    "earlyPaymentDiscountType" "FeeType" NOT NULL DEFAULT 'PERCENTAGE',
    "bankEnabled" BOOLEAN NOT NULL DEFAULT true,
    "storeEnabled" BOOLEAN NOT NULL DEFAULT true,
    "cardEnabled" BOOLEAN NOT NULL DEFAULT true,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MaintenanceSettings_pkey" PRIMARY KEY ("neighborhoodId")
);

-- AddForeignKey
ALTER TABLE "MaintenanceSettings" ADD CONSTRAINT "MaintenanceSettings_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

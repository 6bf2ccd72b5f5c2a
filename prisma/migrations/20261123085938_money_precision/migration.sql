-- AlterTable
ALTER TABLE "HouseType" ALTER COLUMN "amount" SET DATA TYPE DECIMAL(14,2);

-- AlterTable
ALTER TABLE "MaintenanceSettings" ALTER COLUMN "penaltyFee" SET DATA TYPE DECIMAL(14,2),
ALTER COLUMN "earlyPaymentDiscount" SET DATA TYPE DECIMAL(14,2);

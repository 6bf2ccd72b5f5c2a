-- AlterEnum
ALTER TYPE "LedgerKind" ADD VALUE 'DEPOSIT_RETURNED';

-- AlterTable
ALTER TABLE "AmenitySchedule" ADD COLUMN     "depositReturnEntryId" BIGINT;

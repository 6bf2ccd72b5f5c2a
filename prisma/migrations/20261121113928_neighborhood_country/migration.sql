-- AlterTable
ALTER TABLE "Neighborhood" ADD COLUMN     "country" TEXT NOT NULL DEFAULT 'México';

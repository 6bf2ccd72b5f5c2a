-- AlterTable
ALTER TABLE "Neighborhood" ADD COLUMN     "gatewayClabe" TEXT;

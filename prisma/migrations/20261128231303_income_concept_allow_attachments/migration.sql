-- AlterTable
ALTER TABLE "IncomeConcept" ADD COLUMN     "allowAttachments" BOOLEAN NOT NULL DEFAULT true;

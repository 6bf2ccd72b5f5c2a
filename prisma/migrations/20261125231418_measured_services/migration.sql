-- CreateEnum
CREATE TYPE "ServiceConceptType" AS ENUM ('FIXED', 'FIXED_TOTAL', 'PERCENT', 'IVA', 'SUBTOTAL', 'TOTAL');

-- CreateEnum
CREATE TYPE "MeasuredServiceType" AS ENUM ('TABLE', 'FACTOR');

-- CreateEnum
CREATE TYPE "ServicePeriodStatus" AS ENUM ('NEW', 'READY', 'COMPLETED', 'APPLIED', 'DELETED');

-- AlterTable
ALTER TABLE "Receipt" ADD COLUMN     "servicePeriodId" INTEGER;

-- CreateTable
CREATE TABLE "ServiceConcept" (
    "id" SERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "type" "ServiceConceptType" NOT NULL,
    "amount" DECIMAL(14,4),
    "calculateIva" BOOLEAN NOT NULL DEFAULT false,
    "ivaPercent" DECIMAL(7,4),
    "position" INTEGER NOT NULL,
    "deletedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ServiceConcept_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MeasuredService" (
    "id" SERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "description" TEXT NOT NULL,
    "type" "MeasuredServiceType" NOT NULL,
    "presetCost" DECIMAL(14,4),
    "presetConversionRate" DECIMAL(14,6),
    "walletId" INTEGER NOT NULL,
    "incomeConceptId" INTEGER NOT NULL,
    "deletedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MeasuredService_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MeasuredServiceConcept" (
    "serviceId" INTEGER NOT NULL,
    "conceptId" INTEGER NOT NULL,
    "base" BOOLEAN NOT NULL DEFAULT false,
    "position" INTEGER NOT NULL,

    CONSTRAINT "MeasuredServiceConcept_pkey" PRIMARY KEY ("serviceId","conceptId")
);

-- CreateTable
CREATE TABLE "ServiceRange" (
    "id" SERIAL NOT NULL,
    "serviceId" INTEGER NOT NULL,
    "from" DECIMAL(14,3) NOT NULL,
    "to" DECIMAL(14,3) NOT NULL,

    CONSTRAINT "ServiceRange_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ServiceRangeAmount" (
    "rangeId" INTEGER NOT NULL,
    "conceptId" INTEGER NOT NULL,
    "amount" DECIMAL(14,4) NOT NULL,

    CONSTRAINT "ServiceRangeAmount_pkey" PRIMARY KEY ("rangeId","conceptId")
);

-- CreateTable
CREATE TABLE "ServicePeriod" (
    "id" SERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "serviceId" INTEGER NOT NULL,
    "description" TEXT NOT NULL,
    "cost" DECIMAL(14,4) NOT NULL,
    "conversionRate" DECIMAL(14,6) NOT NULL,
    "dueDate" DATE NOT NULL,
    "status" "ServicePeriodStatus" NOT NULL DEFAULT 'NEW',
    "completedAt" TIMESTAMP(3),
    "appliedAt" TIMESTAMP(3),
    "deletedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ServicePeriod_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Measurement" (
    "periodId" INTEGER NOT NULL,
    "houseId" INTEGER NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "previous" DECIMAL(14,3) NOT NULL,
    "measurement" DECIMAL(14,3),
    "edited" BOOLEAN NOT NULL DEFAULT false,
    "updatedByUserId" INTEGER,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Measurement_pkey" PRIMARY KEY ("periodId","houseId")
);

-- CreateIndex
CREATE INDEX "ServiceConcept_neighborhoodId_position_idx" ON "ServiceConcept"("neighborhoodId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "MeasuredService_walletId_key" ON "MeasuredService"("walletId");

-- CreateIndex
CREATE UNIQUE INDEX "MeasuredService_incomeConceptId_key" ON "MeasuredService"("incomeConceptId");

-- CreateIndex
CREATE INDEX "MeasuredService_neighborhoodId_id_idx" ON "MeasuredService"("neighborhoodId", "id");

-- CreateIndex
CREATE INDEX "ServiceRange_serviceId_from_idx" ON "ServiceRange"("serviceId", "from");

-- CreateIndex
CREATE INDEX "ServicePeriod_serviceId_id_idx" ON "ServicePeriod"("serviceId", "id");

-- CreateIndex
CREATE INDEX "ServicePeriod_neighborhoodId_id_idx" ON "ServicePeriod"("neighborhoodId", "id");

-- CreateIndex
CREATE INDEX "Measurement_houseId_idx" ON "Measurement"("houseId");

-- CreateIndex
CREATE UNIQUE INDEX "Receipt_servicePeriodId_houseId_key" ON "Receipt"("servicePeriodId", "houseId");

-- AddForeignKey
ALTER TABLE "Receipt" ADD CONSTRAINT "Receipt_servicePeriodId_fkey" FOREIGN KEY ("servicePeriodId") REFERENCES "ServicePeriod"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ServiceConcept" ADD CONSTRAINT "ServiceConcept_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MeasuredService" ADD CONSTRAINT "MeasuredService_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MeasuredServiceConcept" ADD CONSTRAINT "MeasuredServiceConcept_serviceId_fkey" FOREIGN KEY ("serviceId") REFERENCES "MeasuredService"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MeasuredServiceConcept" ADD CONSTRAINT "MeasuredServiceConcept_conceptId_fkey" FOREIGN KEY ("conceptId") REFERENCES "ServiceConcept"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ServiceRange" ADD CONSTRAINT "ServiceRange_serviceId_fkey" FOREIGN KEY ("serviceId") REFERENCES "MeasuredService"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ServiceRangeAmount" ADD CONSTRAINT "ServiceRangeAmount_rangeId_fkey" FOREIGN KEY ("rangeId") REFERENCES "ServiceRange"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ServiceRangeAmount" ADD CONSTRAINT "ServiceRangeAmount_conceptId_fkey" FOREIGN KEY ("conceptId") REFERENCES "ServiceConcept"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ServicePeriod" ADD CONSTRAINT "ServicePeriod_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ServicePeriod" ADD CONSTRAINT "ServicePeriod_serviceId_fkey" FOREIGN KEY ("serviceId") REFERENCES "MeasuredService"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Measurement" ADD CONSTRAINT "Measurement_periodId_fkey" FOREIGN KEY ("periodId") REFERENCES "ServicePeriod"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Measurement" ADD CONSTRAINT "Measurement_houseId_fkey" FOREIGN KEY ("houseId") REFERENCES "House"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- One pending period per service: a new one only when none is NEW, READY or COMPLETED.
CREATE UNIQUE INDEX "ServicePeriod_one_pending_key" ON "ServicePeriod"("serviceId") WHERE "status" IN ('NEW', 'READY', 'COMPLETED');
-- One base concept per service.
CREATE UNIQUE INDEX "MeasuredServiceConcept_one_base_key" ON "MeasuredServiceConcept"("serviceId") WHERE "base";

ALTER TABLE "ServiceConcept" ADD CONSTRAINT "ServiceConcept_rules_check" CHECK (
  ("type" = 'PERCENT' OR "amount" IS NULL)
  AND ("calculateIva" = false OR "type" IN ('FIXED', 'PERCENT'))
  AND (("ivaPercent" IS NULL) = (NOT "calculateIva"))
  AND ("amount" IS NULL OR "amount" >= 0)
  AND ("ivaPercent" IS NULL OR ("ivaPercent" >= 0 AND "ivaPercent" <= 100))
);
ALTER TABLE "MeasuredService" ADD CONSTRAINT "MeasuredService_preset_check" CHECK (
  ("presetCost" IS NULL OR "presetCost" >= 0) AND ("presetConversionRate" IS NULL OR "presetConversionRate" > 0)
);
ALTER TABLE "ServiceRange" ADD CONSTRAINT "ServiceRange_bounds_check" CHECK ("from" >= 0 AND "to" >= "from");
ALTER TABLE "ServiceRangeAmount" ADD CONSTRAINT "ServiceRangeAmount_amount_check" CHECK ("amount" >= 0);
ALTER TABLE "ServicePeriod" ADD CONSTRAINT "ServicePeriod_amounts_check" CHECK ("cost" >= 0 AND "conversionRate" > 0);
ALTER TABLE "Measurement" ADD CONSTRAINT "Measurement_values_check" CHECK ("previous" >= 0 AND ("measurement" IS NULL OR "measurement" >= 0));

-- CreateEnum
CREATE TYPE "VisitorType" AS ENUM ('PERMANENT', 'OCCASIONAL');

-- CreateEnum
CREATE TYPE "VisitorEntrance" AS ENUM ('WALKING', 'DRIVING');

-- CreateEnum
CREATE TYPE "VisitorOrigin" AS ENUM ('HOUSE', 'ADMINISTRATION', 'SECURITY');

-- CreateEnum
CREATE TYPE "VisitorLogKind" AS ENUM ('CREATED', 'QUERY', 'GET_IN', 'GET_OUT');

-- AlterTable
ALTER TABLE "Neighborhood" ADD COLUMN     "visitorArrivalEmail" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "Visitor" (
    "id" SERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "houseId" INTEGER,
    "createdByUserId" INTEGER NOT NULL,
    "origin" "VisitorOrigin" NOT NULL,
    "reference" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT,
    "reason" TEXT,
    "visitorType" "VisitorType" NOT NULL DEFAULT 'OCCASIONAL',
    "entranceType" "VisitorEntrance" NOT NULL DEFAULT 'WALKING',
    "vehicle" TEXT,
    "vehiclePlate" TEXT,
    "badge" TEXT,
    "photoFileId" UUID,
    "entryDate" DATE NOT NULL,
    "entryHour" INTEGER,
    "entryMinute" INTEGER,
    "departureDate" DATE,
    "departureHour" INTEGER,
    "departureMinute" INTEGER,
    "monday" BOOLEAN NOT NULL DEFAULT true,
    "tuesday" BOOLEAN NOT NULL DEFAULT true,
    "wednesday" BOOLEAN NOT NULL DEFAULT true,
    "thursday" BOOLEAN NOT NULL DEFAULT true,
    "friday" BOOLEAN NOT NULL DEFAULT true,
    "saturday" BOOLEAN NOT NULL DEFAULT true,
    "sunday" BOOLEAN NOT NULL DEFAULT true,
    "insideSince" TIMESTAMP(3),
    "lastEntryAt" TIMESTAMP(3),
    "lastDepartureAt" TIMESTAMP(3),
    "notifiedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "deletedAt" TIMESTAMP(3),

    CONSTRAINT "Visitor_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "VisitorLog" (
    "id" BIGSERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "visitorId" INTEGER NOT NULL,
    "kind" "VisitorLogKind" NOT NULL,
    "userId" INTEGER,
    "warning" TEXT,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "VisitorLog_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Visitor_neighborhoodId_id_idx" ON "Visitor"("neighborhoodId", "id");

-- CreateIndex
CREATE INDEX "Visitor_houseId_id_idx" ON "Visitor"("houseId", "id");

-- CreateIndex
CREATE INDEX "Visitor_neighborhoodId_entryDate_idx" ON "Visitor"("neighborhoodId", "entryDate");

-- CreateIndex
CREATE INDEX "Visitor_neighborhoodId_vehiclePlate_idx" ON "Visitor"("neighborhoodId", "vehiclePlate");

-- CreateIndex
CREATE INDEX "Visitor_name_trgm_idx" ON "Visitor" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Visitor_reference_trgm_idx" ON "Visitor" USING GIN ("reference" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Visitor_vehiclePlate_trgm_idx" ON "Visitor" USING GIN ("vehiclePlate" gin_trgm_ops);

-- CreateIndex
CREATE UNIQUE INDEX "Visitor_neighborhoodId_reference_key" ON "Visitor"("neighborhoodId", "reference");

-- CreateIndex
CREATE INDEX "VisitorLog_visitorId_id_idx" ON "VisitorLog"("visitorId", "id");

-- AddForeignKey
ALTER TABLE "Visitor" ADD CONSTRAINT "Visitor_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Visitor" ADD CONSTRAINT "Visitor_houseId_fkey" FOREIGN KEY ("houseId") REFERENCES "House"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Visitor" ADD CONSTRAINT "Visitor_createdByUserId_fkey" FOREIGN KEY ("createdByUserId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Visitor" ADD CONSTRAINT "Visitor_photoFileId_fkey" FOREIGN KEY ("photoFileId") REFERENCES "StoredFile"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VisitorLog" ADD CONSTRAINT "VisitorLog_visitorId_fkey" FOREIGN KEY ("visitorId") REFERENCES "Visitor"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VisitorLog" ADD CONSTRAINT "VisitorLog_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- CreateEnum
CREATE TYPE "VehicleType" AS ENUM ('CAR', 'ARMORED_CAR', 'TRUCK', 'ARMORED_TRUCK', 'MOTORCYCLE');

-- CreateEnum
CREATE TYPE "VehicleStatus" AS ENUM ('INCOMPLETE', 'PENDING_AUTHORIZATION', 'ACTIVE');

-- CreateEnum
CREATE TYPE "RevisionSpaceStatus" AS ENUM ('CONFIRMED', 'COMPLETED');

-- CreateTable
CREATE TABLE "Vehicle" (
    "id" SERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "houseId" INTEGER NOT NULL,
    "createdByUserId" INTEGER NOT NULL,
    "type" "VehicleType" NOT NULL DEFAULT 'CAR',
    "plate" TEXT NOT NULL,
    "plateKey" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "tagTypeId" INTEGER,
    "tagNumber" TEXT,
    "tagSerial" TEXT,
    "circulationCardFileId" UUID,
    "description" TEXT,
    "externId" TEXT,
    "status" "VehicleStatus" NOT NULL,
    "authorizedAt" TIMESTAMP(3),
    "rejectedAt" TIMESTAMP(3),
    "rejectionReason" TEXT,
    "inspectedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "deletedAt" TIMESTAMP(3),

    CONSTRAINT "Vehicle_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "VehicleComment" (
    "id" SERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "vehicleId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "comment" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "VehicleComment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RevisionPointSpace" (
    "id" SERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "revisionPointId" INTEGER NOT NULL,
    "vehicleId" INTEGER NOT NULL,
    "start" TIMESTAMP(3) NOT NULL,
    "end" TIMESTAMP(3) NOT NULL,
    "code" TEXT NOT NULL,
    "status" "RevisionSpaceStatus" NOT NULL DEFAULT 'CONFIRMED',
    "bookedByUserId" INTEGER NOT NULL,
    "completedAt" TIMESTAMP(3),
    "completedByUserId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RevisionPointSpace_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Vehicle_neighborhoodId_id_idx" ON "Vehicle"("neighborhoodId", "id");

-- CreateIndex
CREATE INDEX "Vehicle_houseId_id_idx" ON "Vehicle"("houseId", "id");

-- CreateIndex
CREATE INDEX "Vehicle_neighborhoodId_status_id_idx" ON "Vehicle"("neighborhoodId", "status", "id");

-- CreateIndex
CREATE INDEX "Vehicle_neighborhoodId_plateKey_idx" ON "Vehicle"("neighborhoodId", "plateKey");

-- CreateIndex
CREATE INDEX "Vehicle_plateKey_trgm_idx" ON "Vehicle" USING GIN ("plateKey" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "VehicleComment_vehicleId_id_idx" ON "VehicleComment"("vehicleId", "id");

-- CreateIndex
CREATE INDEX "RevisionPointSpace_neighborhoodId_start_idx" ON "RevisionPointSpace"("neighborhoodId", "start");

-- CreateIndex
CREATE INDEX "RevisionPointSpace_vehicleId_idx" ON "RevisionPointSpace"("vehicleId");

-- CreateIndex
CREATE UNIQUE INDEX "RevisionPointSpace_revisionPointId_start_key" ON "RevisionPointSpace"("revisionPointId", "start");

-- CreateIndex
CREATE UNIQUE INDEX "RevisionPointSpace_neighborhoodId_code_key" ON "RevisionPointSpace"("neighborhoodId", "code");

-- AddForeignKey
ALTER TABLE "Vehicle" ADD CONSTRAINT "Vehicle_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Vehicle" ADD CONSTRAINT "Vehicle_houseId_fkey" FOREIGN KEY ("houseId") REFERENCES "House"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Vehicle" ADD CONSTRAINT "Vehicle_createdByUserId_fkey" FOREIGN KEY ("createdByUserId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Vehicle" ADD CONSTRAINT "Vehicle_circulationCardFileId_fkey" FOREIGN KEY ("circulationCardFileId") REFERENCES "StoredFile"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VehicleComment" ADD CONSTRAINT "VehicleComment_vehicleId_fkey" FOREIGN KEY ("vehicleId") REFERENCES "Vehicle"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VehicleComment" ADD CONSTRAINT "VehicleComment_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RevisionPointSpace" ADD CONSTRAINT "RevisionPointSpace_revisionPointId_fkey" FOREIGN KEY ("revisionPointId") REFERENCES "RevisionPoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RevisionPointSpace" ADD CONSTRAINT "RevisionPointSpace_vehicleId_fkey" FOREIGN KEY ("vehicleId") REFERENCES "Vehicle"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The vehicle grants the spec describes without naming them (docs/decisions.md «Vehicle grants»): every
-- community's default roles get them, as a new community's roles do (core/grants.ts).
UPDATE "Role" SET grants = COALESCE(grants, ARRAY[]::text[]) || ARRAY['AVehiclesCreate', 'AVehiclesDelete', 'AVehiclesScheduleCreate', 'AVehiclesScheduleDelete', 'AVehiclesUpdate']
  WHERE kind = 'ADMIN' AND NOT (COALESCE(grants, ARRAY[]::text[]) @> ARRAY['AVehiclesCreate']);
UPDATE "Role" SET grants = COALESCE(grants, ARRAY[]::text[]) || ARRAY['OVehiclesCreate', 'OVehiclesDelete', 'OVehiclesRead', 'OVehiclesScheduleCreate', 'OVehiclesScheduleDelete', 'OVehiclesUpdate']
  WHERE kind = 'OWNER' AND NOT (COALESCE(grants, ARRAY[]::text[]) @> ARRAY['OVehiclesRead']);
UPDATE "Role" SET grants = COALESCE(grants, ARRAY[]::text[]) || ARRAY['SVehiclesCreate', 'SVehiclesDelete', 'SVehiclesRead', 'SVehiclesScheduleCreate', 'SVehiclesScheduleDelete', 'SVehiclesUpdate']
  WHERE kind = 'CO_OWNER' AND NOT (COALESCE(grants, ARRAY[]::text[]) @> ARRAY['SVehiclesRead']);
UPDATE "Role" SET grants = COALESCE(grants, ARRAY[]::text[]) || ARRAY['RVehiclesCreate', 'RVehiclesDelete', 'RVehiclesRead', 'RVehiclesScheduleCreate', 'RVehiclesScheduleDelete', 'RVehiclesUpdate']
  WHERE kind = 'RESIDENT' AND NOT (COALESCE(grants, ARRAY[]::text[]) @> ARRAY['RVehiclesRead']);

-- CreateEnum
CREATE TYPE "AmenityScheduleStatus" AS ENUM ('HELD', 'CONFIRMED', 'CANCELLED');

-- CreateTable
CREATE TABLE "AmenitySchedule" (
    "id" SERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "amenityId" INTEGER NOT NULL,
    "houseId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "start" TIMESTAMP(3) NOT NULL,
    "end" TIMESTAMP(3) NOT NULL,
    "unit" "ReservationUnit" NOT NULL,
    "notes" TEXT,
    "status" "AmenityScheduleStatus" NOT NULL,
    "holdUntil" TIMESTAMP(3),
    "receiptId" INTEGER,
    "depositReceiptId" INTEGER,
    "depositReturnedAt" TIMESTAMP(3),
    "depositReturnedByUserId" INTEGER,
    "cancelledAt" TIMESTAMP(3),
    "cancelledByUserId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AmenitySchedule_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "AmenitySchedule_receiptId_key" ON "AmenitySchedule"("receiptId");

-- CreateIndex
CREATE UNIQUE INDEX "AmenitySchedule_depositReceiptId_key" ON "AmenitySchedule"("depositReceiptId");

-- CreateIndex
CREATE INDEX "AmenitySchedule_amenityId_start_idx" ON "AmenitySchedule"("amenityId", "start");

-- CreateIndex
CREATE INDEX "AmenitySchedule_neighborhoodId_start_idx" ON "AmenitySchedule"("neighborhoodId", "start");

-- CreateIndex
CREATE INDEX "AmenitySchedule_houseId_start_idx" ON "AmenitySchedule"("houseId", "start");

-- CreateIndex
CREATE INDEX "AmenitySchedule_status_holdUntil_idx" ON "AmenitySchedule"("status", "holdUntil");

-- AddForeignKey
ALTER TABLE "AmenitySchedule" ADD CONSTRAINT "AmenitySchedule_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AmenitySchedule" ADD CONSTRAINT "AmenitySchedule_amenityId_fkey" FOREIGN KEY ("amenityId") REFERENCES "Amenity"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AmenitySchedule" ADD CONSTRAINT "AmenitySchedule_houseId_fkey" FOREIGN KEY ("houseId") REFERENCES "House"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AmenitySchedule" ADD CONSTRAINT "AmenitySchedule_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AmenitySchedule" ADD CONSTRAINT "AmenitySchedule_receiptId_fkey" FOREIGN KEY ("receiptId") REFERENCES "Receipt"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AmenitySchedule" ADD CONSTRAINT "AmenitySchedule_depositReceiptId_fkey" FOREIGN KEY ("depositReceiptId") REFERENCES "Receipt"("id") ON DELETE SET NULL ON UPDATE CASCADE;

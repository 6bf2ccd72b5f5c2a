-- CreateEnum
CREATE TYPE "ReservationUnit" AS ENUM ('DAY', 'HOUR');

-- CreateTable
CREATE TABLE "Amenity" (
    "id" SERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "cost" DECIMAL(14,2),
    "deposit" DECIMAL(14,2),
    "fromTime" TEXT NOT NULL,
    "toTime" TEXT NOT NULL,
    "maxOrdinaryDebt" DECIMAL(14,2),
    "reservationUnit" "ReservationUnit" NOT NULL DEFAULT 'HOUR',
    "availableFrom" DATE,
    "availableTo" DATE,
    "ownersOnly" BOOLEAN NOT NULL DEFAULT false,
    "receiptConceptId" INTEGER,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deletedAt" TIMESTAMP(3),

    CONSTRAINT "Amenity_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Amenity_neighborhoodId_deletedAt_name_idx" ON "Amenity"("neighborhoodId", "deletedAt", "name");

-- AddForeignKey
ALTER TABLE "Amenity" ADD CONSTRAINT "Amenity_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Amenity" ADD CONSTRAINT "Amenity_receiptConceptId_fkey" FOREIGN KEY ("receiptConceptId") REFERENCES "IncomeConcept"("id") ON DELETE SET NULL ON UPDATE CASCADE;

ALTER TABLE "Amenity" ADD CONSTRAINT "Amenity_money_check" CHECK (("cost" IS NULL OR "cost" >= 0) AND ("deposit" IS NULL OR "deposit" >= 0));
ALTER TABLE "Amenity" ADD CONSTRAINT "Amenity_dates_check" CHECK ("availableTo" IS NULL OR "availableFrom" IS NULL OR "availableTo" >= "availableFrom");

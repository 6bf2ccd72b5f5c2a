-- DropIndex
DROP INDEX "Visitor_reference_trgm_idx";

-- DropIndex
DROP INDEX "Visitor_vehiclePlate_trgm_idx";

-- AlterTable
ALTER TABLE "Visitor" ADD COLUMN     "gateKey" TEXT NOT NULL DEFAULT '';

-- Backfill: core/visitors.ts gateKeyOf, with the accents of Spanish names folded in SQL
UPDATE "Visitor" SET "gateKey" = translate(lower(name || ' ' || reference || coalesce(' ' || "vehiclePlate", '')),
  'áéíóúüñàèìòùâêîôûäëïöç', 'aeiouunaeiouaeiouaeioc');

-- CreateIndex
CREATE INDEX "Visitor_gateKey_trgm_idx" ON "Visitor" USING GIN ("gateKey" gin_trgm_ops);

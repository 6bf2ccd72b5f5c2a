-- AlterTable
ALTER TABLE "Visitor" ADD COLUMN     "gateKey" TEXT NOT NULL DEFAULT '';

-- Backfill: core/visitors.ts gateKeyOf (lower case, the accents of Spanish names folded, spaces collapsed), in SQL
UPDATE "Visitor" SET "gateKey" = trim(regexp_replace(
  translate(lower(name || ' ' || reference || coalesce(' ' || "vehiclePlate", '')),
    'áéíóúüñàèìòùâêîôûäëïöçÁÉÍÓÚÜÑÀÈÌÒÙÂÊÎÔÛÄËÏÖÇ', 'aeiouunaeiouaeiouaeiocaeiouunaeiouaeiouaeioc'),
  '\s+', ' ', 'g'));

-- CreateIndex
CREATE INDEX "Visitor_gateKey_trgm_idx" ON "Visitor" USING GIN ("gateKey" gin_trgm_ops);

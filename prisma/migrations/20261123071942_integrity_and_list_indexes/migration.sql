-- CreateIndex
CREATE INDEX "AuditLog_neighborhoodId_id_idx" ON "AuditLog"("neighborhoodId", "id");

-- CreateIndex
CREATE INDEX "House_neighborhoodId_houseTypeId_idx" ON "House"("neighborhoodId", "houseTypeId");

-- CreateIndex
CREATE INDEX "House_neighborhoodId_streetId_idx" ON "House"("neighborhoodId", "streetId");

-- CreateIndex
CREATE INDEX "House_neighborhoodId_condominiumId_idx" ON "House"("neighborhoodId", "condominiumId");

-- CreateIndex
CREATE INDEX "House_neighborhoodId_mallId_idx" ON "House"("neighborhoodId", "mallId");

-- Written by hand (Prisma cannot express partial, expression or trigram indexes in schema.prisma).

-- A cadastral key is unique in its community among the houses that are not DELETED: the database
-- decides (isUniqueViolation), not a read before the write. Keys are stored upper-case.
CREATE UNIQUE INDEX "House_neighborhoodId_catastral_live_key" ON "House"("neighborhoodId", "catastral") WHERE "status" <> 'DELETED';

-- Community domains are already unique ("Neighborhood_domain_key"), and whatever their case too.
CREATE UNIQUE INDEX "Neighborhood_lower_domain_key" ON "Neighborhood"(lower("domain"));

-- Owners-list filters compared without case (lower(column) = lower($1)).
CREATE INDEX "House_neighborhoodId_lower_exteriorNumber_idx" ON "House"("neighborhoodId", lower("exteriorNumber"));
CREATE INDEX "House_neighborhoodId_lower_interiorNumber_idx" ON "House"("neighborhoodId", lower("interiorNumber"));
CREATE INDEX "House_neighborhoodId_lower_block_idx" ON "House"("neighborhoodId", lower("block"));
CREATE INDEX "House_neighborhoodId_lower_lot_idx" ON "House"("neighborhoodId", lower("lot"));

-- Contains-search (ILIKE '%text%') on the owner's names and e-mail, and the cadastral prefix
-- (ILIKE 'text%'): trigram GIN indexes. pg_trgm ships with PostgreSQL's contrib and with PGlite
-- (@electric-sql/pglite/contrib/pg_trgm, loaded by server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "User_firstName_trgm_idx" ON "User" USING gin ("firstName" gin_trgm_ops);
CREATE INDEX "User_lastName_trgm_idx" ON "User" USING gin ("lastName" gin_trgm_ops);
CREATE INDEX "User_email_trgm_idx" ON "User" USING gin ("email" gin_trgm_ops);
CREATE INDEX "House_catastral_trgm_idx" ON "House" USING gin ("catastral" gin_trgm_ops);

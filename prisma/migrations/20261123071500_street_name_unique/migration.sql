-- Street names are unique per community whatever their case: the database decides, not a prior read.
CREATE UNIQUE INDEX "Street_neighborhoodId_lower_name_key" ON "Street"("neighborhoodId", lower("name"));

-- The amenity booking grants the spec describes without naming them (docs/decisions.md «Amenity booking
-- grants»): every community's default roles get them, as a new community's roles do (core/grants.ts).
UPDATE "Role" SET grants = COALESCE(grants, ARRAY[]::text[]) || ARRAY['AAmenitiesDepositReturn', 'AAmenitiesScheduleCreate', 'AAmenitiesScheduleDelete']
  WHERE kind = 'ADMIN' AND NOT (COALESCE(grants, ARRAY[]::text[]) @> ARRAY['AAmenitiesScheduleCreate']);
UPDATE "Role" SET grants = COALESCE(grants, ARRAY[]::text[]) || ARRAY['OAmenitiesScheduleCreate', 'OAmenitiesScheduleDelete']
  WHERE kind = 'OWNER' AND NOT (COALESCE(grants, ARRAY[]::text[]) @> ARRAY['OAmenitiesScheduleCreate']);
UPDATE "Role" SET grants = COALESCE(grants, ARRAY[]::text[]) || ARRAY['SAmenitiesScheduleCreate', 'SAmenitiesScheduleDelete']
  WHERE kind = 'CO_OWNER' AND NOT (COALESCE(grants, ARRAY[]::text[]) @> ARRAY['SAmenitiesScheduleCreate']);
UPDATE "Role" SET grants = COALESCE(grants, ARRAY[]::text[]) || ARRAY['RAmenitiesScheduleCreate', 'RAmenitiesScheduleDelete']
  WHERE kind = 'RESIDENT' AND NOT (COALESCE(grants, ARRAY[]::text[]) @> ARRAY['RAmenitiesScheduleCreate']);

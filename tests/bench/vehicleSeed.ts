// The bench community's vehicles (issue 31 item 9): 50,000 vehicles of the bench houses, a plate each (three
// letters, three digits, a letter), in every status. Set-based: one INSERT … SELECT.
import type { openDatabase } from '../../server/db/client.js';

type Db = Awaited<ReturnType<typeof openDatabase>>;

export const BENCH_VEHICLES = 50_000;

export async function seedVehicleFleet(db: Db, neighborhoodId: number, count = BENCH_VEHICLES): Promise<number> {
  const [{ n }] = await db.sql<{ n: number }>(
    `WITH houses AS (SELECT h.id, h."ownerUserId", row_number() OVER (ORDER BY h.id) - 1 AS k
                       FROM "House" h WHERE h.catastral LIKE 'BEN-%' AND h.status = 'ACTIVE' AND h."ownerUserId" IS NOT NULL),
          fleet AS (
            SELECT g, h.id AS "houseId", h."ownerUserId",
                   translate(upper(substr(md5('placa' || g), 1, 3)), '0123456789', 'KLMNPRSTUV') || '-' || lpad((g % 1000)::text, 3, '0') || '-' ||
                   chr(65 + g % 26) AS plate
              FROM generate_series(1, $2::int) g JOIN houses h ON h.k = g % (SELECT count(*) FROM houses)),
          inserted AS (
            INSERT INTO "Vehicle" ("neighborhoodId", "houseId", "createdByUserId", type, plate, "plateKey", state, "tagTypeId", "tagNumber",
                                   description, status, "inspectedAt", "authorizedAt", "createdAt", "updatedAt")
            SELECT $1, f."houseId", f."ownerUserId", (ARRAY['CAR','CAR','TRUCK','MOTORCYCLE']::"VehicleType"[])[1 + g % 4], f.plate,
                   replace(f.plate, '-', ''), (ARRAY['QUE','GUA','CMX','JAL','NLE'])[1 + g % 5], 1 + g % 5, 'TAG-' || g, 'Vehículo ' || g,
                   (ARRAY['ACTIVE','ACTIVE','PENDING_AUTHORIZATION','INCOMPLETE']::"VehicleStatus"[])[1 + g % 4],
                   CASE WHEN g % 4 <> 3 THEN now() - interval '30 days' END, CASE WHEN g % 4 < 2 THEN now() - interval '29 days' END,
                   now() - interval '1 hour' * g, now()
              FROM fleet f
            RETURNING 1)
     SELECT count(*)::int AS n FROM inserted`,
    [neighborhoodId, count],
  );
  return n;
}

/**
 * The raw baseline of the community's vehicle list (GET vehicles, first page of 20 with the count): the page with
 * each vehicle's house, its owner and the appointment it holds, as the application reads them.
 */
export function rawVehiclesCase(neighborhoodId: number) {
  return {
    vehicles: {
      sql: `WITH page AS (
              SELECT v.* FROM "Vehicle" v WHERE v."neighborhoodId" = $1 AND v."deletedAt" IS NULL ORDER BY v.id DESC LIMIT 21)
            SELECT p.*,
                   (SELECT json_build_object('id', h.id, 'interiorNumber', h."interiorNumber", 'exteriorNumber', h."exteriorNumber", 'block', h.block,
                                             'lot', h.lot, 'catastral', h.catastral, 'owner', json_build_object('firstName', o."firstName", 'lastName', o."lastName"))
                      FROM "House" h LEFT JOIN "User" o ON o.id = h."ownerUserId" WHERE h.id = p."houseId") AS house,
                   (SELECT json_agg(json_build_object('id', s.id, 'start', s.start, 'end', s."end", 'code', s.code, 'name', r.name))
                      FROM "RevisionPointSpace" s JOIN "RevisionPoint" r ON r.id = s."revisionPointId"
                     WHERE s."vehicleId" = p.id AND s.status = 'CONFIRMED') AS spaces,
                   (SELECT count(*) FROM "Vehicle" v WHERE v."neighborhoodId" = $1 AND v."deletedAt" IS NULL) AS total
              FROM page p ORDER BY p.id DESC`,
      parameters: [neighborhoodId],
      grant: 'AVehiclesRead',
      rows: true,
    },
  };
}

/** What the guard types: a plate's start, its digits, the whole plate. */
export const PLATE_LOOKUPS = ['KMA', '482', 'UVK-123', 'BCD123A'];

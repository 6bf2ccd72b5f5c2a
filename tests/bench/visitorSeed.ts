// The bench community's visitors (issue 30 item 8): 100,000 visitors of the bench houses over two years
// around today, a few hundred inside now, each with its CREATED log row. Set-based: one INSERT … SELECT.
import type { openDatabase } from '../../server/db/client.js';

type Db = Awaited<ReturnType<typeof openDatabase>>;

export const BENCH_VISITORS = 100_000;

export async function seedVisitorCrowd(db: Db, neighborhoodId: number, count = BENCH_VISITORS): Promise<number> {
  const [{ n }] = await db.sql<{ n: number }>(
    `WITH houses AS (SELECT h.id, h."ownerUserId", row_number() OVER (ORDER BY h.id) - 1 AS k
                       FROM "House" h WHERE h.catastral LIKE 'BEN-%' AND h.status = 'ACTIVE' AND h."ownerUserId" IS NOT NULL),
          crowd AS (
            SELECT g, h.id AS "houseId", h."ownerUserId", upper(substr(md5('visita' || g), 1, 10)) AS reference,
                   (ARRAY['Juan','Rosa','Carlos','Elena','Miguel','Sofía','Luis','Carmen'])[1 + g % 8] || ' ' ||
                   (ARRAY['Ortiz','Navarro','Reyes','Flores','Morales','Jiménez','Ruiz','Vargas','Castillo'])[1 + g % 9] || ' ' || g AS name,
                   CASE WHEN g % 3 = 0 THEN 'BNC-' || lpad((g % 10000)::text, 4, '0') END AS plate
              FROM generate_series(1, $2::int) g JOIN houses h ON h.k = g % (SELECT count(*) FROM houses)),
          inserted AS (
            INSERT INTO "Visitor" ("neighborhoodId", "houseId", "createdByUserId", origin, reference, name, "gateKey", "visitorType", "entranceType",
                                   vehicle, "vehiclePlate", "entryDate", "entryHour", "entryMinute", "insideSince", "lastEntryAt", "createdAt", "updatedAt")
            SELECT $1, c."houseId", c."ownerUserId", 'HOUSE', c.reference, c.name,
                   translate(lower(c.name || ' ' || c.reference || coalesce(' ' || c.plate, '')), 'áéíóúñ', 'aeioun'),
                   'OCCASIONAL', CASE WHEN g % 3 = 0 THEN 'DRIVING' ELSE 'WALKING' END::"VisitorEntrance",
                   CASE WHEN g % 3 = 0 THEN 'Sedán gris' END, c.plate,
                   (now() AT TIME ZONE 'America/Mexico_City')::date - 365 + (g % 730), 8 + g % 12, 0,
                   CASE WHEN g % 300 = 0 THEN now() - interval '1 hour' END, CASE WHEN g % 300 = 0 THEN now() - interval '1 hour' END,
                   now() - interval '1 day' * (730 - g % 730), now()
              FROM crowd c
            RETURNING id, "createdByUserId", "createdAt"),
          logged AS (
            INSERT INTO "VisitorLog" ("neighborhoodId", "visitorId", kind, "userId", at)
            SELECT $1, id, 'CREATED', "createdByUserId", "createdAt" FROM inserted RETURNING 1)
     SELECT count(*)::int AS n FROM logged`,
    [neighborhoodId, count],
  );
  return n;
}

/**
 * The raw baseline of the community's visitor list (GET visitors, first page of 20 with the count): the page
 * with each visitor's house, its owner and who registered it, as the application reads them.
 */
export function rawVisitorsCase(neighborhoodId: number) {
  return {
    visitors: {
      sql: `WITH page AS (
              SELECT v.* FROM "Visitor" v WHERE v."neighborhoodId" = $1 AND v."deletedAt" IS NULL ORDER BY v.id DESC LIMIT 21)
            SELECT p.*,
                   (SELECT json_build_object('id', h.id, 'interiorNumber', h."interiorNumber", 'exteriorNumber', h."exteriorNumber", 'block', h.block,
                                             'lot', h.lot, 'catastral', h.catastral, 'owner', json_build_object('firstName', o."firstName", 'lastName', o."lastName"))
                      FROM "House" h LEFT JOIN "User" o ON o.id = h."ownerUserId" WHERE h.id = p."houseId") AS house,
                   (SELECT json_build_object('firstName', c."firstName", 'lastName', c."lastName") FROM "User" c WHERE c.id = p."createdByUserId") AS "createdBy",
                   (SELECT count(*) FROM "Visitor" v WHERE v."neighborhoodId" = $1 AND v."deletedAt" IS NULL) AS total
              FROM page p ORDER BY p.id DESC`,
      parameters: [neighborhoodId],
      grant: 'AVisitorsRead',
      rows: true,
    },
  };
}

/** What the guard types at the gate: part of a name, a reference's start, a plate's start. */
export const GATE_SEARCHES = ['ortiz 4', 'sofía flo', 'BNC-12', 'castillo 99'];

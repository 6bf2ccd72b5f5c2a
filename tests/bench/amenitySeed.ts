// The bench community's booked amenity (issue 29 item 9): 'Terraza', by the hour from 09:00 to 22:00, with a
// year of bookings around today by the bench houses (four a day: 09–11, 12–14, 15–18 and 19–22, confirmed).
// Set-based: one INSERT … SELECT generate_series.
import type { openDatabase } from '../../server/db/client.js';

type Db = Awaited<ReturnType<typeof openDatabase>>;

const SLOTS = [
  ['09:00', '11:00'],
  ['12:00', '14:00'],
  ['15:00', '18:00'],
  ['19:00', '22:00'],
];

export async function seedAmenityYear(db: Db, neighborhoodId: number): Promise<{ amenityId: number; bookings: number }> {
  const [{ id: amenityId }] = await db.sql<{ id: number }>(
    `INSERT INTO "Amenity" ("neighborhoodId", name, description, "fromTime", "toTime", "reservationUnit", "ownersOnly", enabled)
     VALUES ($1, 'Terraza', 'Terraza con asadores', '09:00', '22:00', 'HOUR', false, true) RETURNING id`,
    [neighborhoodId],
  );
  const [{ n }] = await db.sql<{ n: number }>(
    `WITH houses AS (SELECT h.id, h."ownerUserId", row_number() OVER (ORDER BY h.id) - 1 AS k
                       FROM "House" h WHERE h.catastral LIKE 'BEN-%' AND h.status = 'ACTIVE' AND h."ownerUserId" IS NOT NULL),
          days AS (SELECT d::date AS day, row_number() OVER (ORDER BY d) - 1 AS i
                     FROM generate_series((now() AT TIME ZONE 'America/Mexico_City')::date - 182,
                                          (now() AT TIME ZONE 'America/Mexico_City')::date + 182, interval '1 day') d),
          slots AS (SELECT s.ord - 1 AS j, s.v->>0 AS "from", s.v->>1 AS "to" FROM json_array_elements($2::json) WITH ORDINALITY AS s(v, ord)),
          inserted AS (
            INSERT INTO "AmenitySchedule" ("neighborhoodId", "amenityId", "houseId", "userId", start, "end", unit, status, "createdAt")
            SELECT $1, $3, h.id, h."ownerUserId",
                   (d.day + s."from"::time) AT TIME ZONE 'America/Mexico_City' AT TIME ZONE 'UTC',
                   (d.day + s."to"::time) AT TIME ZONE 'America/Mexico_City' AT TIME ZONE 'UTC',
                   'HOUR', 'CONFIRMED', (d.day - 7)::timestamp
              FROM days d CROSS JOIN slots s JOIN houses h ON h.k = (d.i * 4 + s.j) % (SELECT count(*) FROM houses)
            RETURNING 1)
     SELECT count(*)::int AS n FROM inserted`,
    [neighborhoodId, JSON.stringify(SLOTS), amenityId],
  );
  return { amenityId, bookings: n };
}

/**
 * The raw baseline of the slots read (GET houses/{h}/amenities/{a}?from=): what the application reads for it in
 * one statement (the house, the amenity, the community's time zone and the week's bookings), answered as the
 * week of slots the application answers.
 */
export function rawSlotsCase(neighborhoodId: number, houseId: number, amenityId: number, from: string) {
  const day = 86_400_000;
  const start = new Date(Date.parse(`${from}T00:00:00Z`) - day).toISOString();
  const end = new Date(Date.parse(`${from}T00:00:00Z`) + 8 * day).toISOString();
  return {
    'amenity-slots': {
      sql: `SELECT (SELECT json_build_object('id', h.id, 'ownerUserId', h."ownerUserId") FROM "House" h WHERE h.id = $3 AND h."neighborhoodId" = $1) AS house,
                   (SELECT json_build_object('id', a.id, 'fromTime', a."fromTime", 'toTime', a."toTime", 'reservationUnit', a."reservationUnit",
                                             'availableFrom', a."availableFrom", 'availableTo', a."availableTo") FROM "Amenity" a WHERE a.id = $2 AND a."neighborhoodId" = $1 AND a."deletedAt" IS NULL) AS amenity,
                   (SELECT json_build_object('timeZone', n."timeZone", 'modules', n.modules) FROM "Neighborhood" n WHERE n.id = $1) AS community,
                   (SELECT json_agg(json_build_object('id', s.id, 'start', s.start, 'end', s."end", 'houseId', s."houseId"))
                      FROM "AmenitySchedule" s WHERE s."amenityId" = $2 AND s.status <> 'CANCELLED' AND s.start < $5 AND s."end" > $4) AS bookings`,
      parameters: [neighborhoodId, amenityId, houseId, start, end],
      grant: 'AAmenitiesScheduleRead',
      // Answered as the application answers it: the week of slots from these rows (tests/bench/raw.mjs).
      shape: 'amenityWeek',
      from,
    },
  };
}

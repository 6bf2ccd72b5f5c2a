// The baseline of npm run bench: a plain node:http + pg endpoint answering the same owners-list
// page as the application (DESIGN.md section 9). Per request it does the same SQL work: the session
// lookup by the SHA-256 of the bearer token (the statement of server/auth/viewer.ts, no cache) and
// the page statement of server/domains/property/houses/ownersList.ts, compiled once by the bench and passed in
// RAW_CASES ({ name: { sql, parameters, rows?, grant?, also? } }). GET /<name> answers the page as JSON (`rows`:
// the statement's rows as they come, for the dashboard's counts and the expense list; `grant`: the one the
// viewer needs, AHousesRead unless said, null for any signed-in viewer; `viewerParameters`: the statement's parameters
// are these fields of the viewer's row; `also`: more statements the application's answer reads, run after;
// `shape: 'amenityWeek'`: the row becomes the week of slots the application answers, built by the application's
// own pure rules compiled to dist/core by the bench's build, since that answer is not the rows themselves).
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.RAW_POOL ?? 10) });
const cases = JSON.parse(process.env.RAW_CASES ?? '{}');
const slotRules = Object.values(cases).some((c) => c.shape === 'amenityWeek')
  ? await Promise.all([import('../../dist/core/amenitySlots.js'), import('../../dist/core/receipts.js')])
  : null;

/** The amenitySlots answer from the slots read's row (house, amenity, community, bookings), as the GraphQL query asks it. */
function amenityWeek(row, asked) {
  const [{ weekSlots }, { todayIn }] = slotRules;
  const utc = (text) => new Date(text.endsWith('Z') ? text : `${text}Z`);
  const now = new Date();
  const week = weekSlots(
    row.amenity,
    { asked, today: todayIn(row.community.timeZone, now), now, timeZone: row.community.timeZone, houseId: row.house.id },
    (row.bookings ?? []).map((b) => ({ id: b.id, houseId: b.houseId, start: utc(b.start), end: utc(b.end) })),
  );
  const days = week.days.map((d) => ({
    day: d.day,
    slots: d.slots.map((s) => ({
      start: s.start.toISOString(),
      end: s.end.toISOString(),
      unit: s.unit,
      available: s.available,
      mine: s.mine,
      bookingDatabaseId: s.mine ? s.bookingId : null,
    })),
  }));
  return { data: { amenitySlots: { __typename: 'QueryAmenitySlotsSuccess', data: { from: week.from, to: week.to, days } } } };
}

const VIEWER_SQL = `SELECT s.id AS "sessionId", s."userId", u.email, u."firstName", u."superAdmin", u."emailVerified", s."viaCookie", s."lastSeenAt",
        s."publicToken", m.id AS "membershipId", m."neighborhoodId", m."houseId", r.kind::text AS "roleKind", r.grants AS "roleGrants",
        n.modules::text[] AS modules
   FROM "Session" s
   JOIN "User" u ON u.id = s."userId"
   LEFT JOIN "Membership" m ON m.id = s."membershipId" AND m.active
   LEFT JOIN "Role" r ON r.id = m."roleId"
   LEFT JOIN "Neighborhood" n ON n.id = m."neighborhoodId"
  WHERE s."tokenHash" = $1 AND s."endedAt" IS NULL AND s."expiresAt" > now()`;

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const server = createServer(async (req, res) => {
  try {
    if (req.url === '/health') return send(res, 200, { ok: true });
    const page = cases[req.url.slice(1)];
    if (!page) return send(res, 404, { error: 'no such case' });
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token) return send(res, 401, { error: 'unauthenticated' });
    const viewer = (await pool.query(VIEWER_SQL, [createHash('sha256').update(token).digest('hex')])).rows[0];
    if (!viewer) return send(res, 401, { error: 'unauthenticated' });
    if (page.grant !== null && !viewer.roleGrants?.includes(page.grant ?? 'AHousesRead')) return send(res, 403, { error: 'forbidden' });
    const parameters = page.viewerParameters ? page.viewerParameters.map((name) => viewer[name]) : page.parameters;
    const { rows } = await pool.query(page.sql, parameters);
    // The other statements the application's answer reads (e.g. the expense list's settings and approvers).
    const also = [];
    for (const statement of page.also ?? []) also.push((await pool.query(statement.sql, statement.parameters)).rows);
    if (page.shape === 'amenityWeek') return send(res, 200, amenityWeek(rows[0], page.from));
    if (page.rows) return send(res, 200, also.length ? { rows, also } : rows);
    send(res, 200, {
      totalCount: rows.length ? Number(rows[0].total) : 0,
      edges: rows.map((r) => ({
        node: {
          id: Buffer.from(`House:${r.id}`).toString('base64'),
          databaseId: r.id,
          catastral: r.catastral,
          status: r.status,
          houseTypeName: r.houseTypeTitle,
          streetName: r.streetName,
          ownerHasAccount: r.ownerHasPassword,
          owner: r.ownerUserId == null ? null : { firstName: r.ownerFirstName, lastName: r.ownerLastName, email: r.ownerEmail },
        },
      })),
    });
  } catch (error) {
    send(res, 500, { error: String(error) });
  }
});

server.listen(Number(process.env.PORT ?? 3901), '127.0.0.1', () => console.error(`raw baseline on ${process.env.PORT ?? 3901}`));
process.on('SIGTERM', () => {
  server.close();
  pool.end().finally(() => process.exit(0));
});

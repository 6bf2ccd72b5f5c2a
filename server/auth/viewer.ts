// The signed-in person of a request: who, in which community and house, with which grants.
import { DEFAULT_ROLES, effectiveGrants } from '../../core/grants.js';
import type { Database } from '../db/client.js';
import { hashToken } from './tokens.js';
import { isUuid } from '../kernel/ids.js';

export interface Viewer {
  sessionId: string;
  userId: number;
  email: string;
  firstName: string;
  superAdmin: boolean;
  /** The person confirmed their e-mail address (a new community's administrator must before adding people). */
  emailVerified: boolean;
  membershipId: number | null;
  neighborhoodId: number | null;
  houseId: number | null;
  roleKind: string | null;
  grants: ReadonlySet<string>;
  modules: readonly string[];
  viaCookie: boolean;
  publicToken: string;
}

interface ViewerRow {
  sessionId: string;
  userId: number;
  email: string;
  firstName: string;
  superAdmin: boolean;
  emailVerified: boolean;
  viaCookie: boolean;
  lastSeenAt: Date;
  publicToken: string;
  membershipId: number | null;
  neighborhoodId: number | null;
  houseId: number | null;
  roleKind: string | null;
  roleGrants: string[] | null;
  modules: string[] | null;
}

const TOUCH_AFTER_MS = 5 * 60_000;

/**
 * Per-token viewer cache (bearer and cookie requests only). An entry lives VIEWER_CACHE_MS: with
 * several instances, that bounds how long another instance keeps answering for a session that has
 * ended there (or for a role, membership or module changed there). In this instance it is forgotten
 * at once: forgetSession() by the code that ends a session, and the whole cache whenever a statement
 * updates or deletes a row of Session, Membership, Role, Neighborhood or User (Database.onViewerWrite),
 * after which nothing is cached for VIEWER_WRITE_QUIET_MS (a read racing the commit cannot be kept).
 * Anonymous and stale tokens are never cached.
 */
export const VIEWER_CACHE_MS = 3_000;
export const VIEWER_WRITE_QUIET_MS = 1_000;
const VIEWER_CACHE_MAX = 10_000;

interface CachedViewer {
  viewer: Viewer;
  tokenHash: string;
  expires: number;
}

const cacheByHash = new Map<string, CachedViewer>();
let quietUntil = 0;
const watchedDatabases = new WeakSet<object>();

/** Drops the cached viewer of a session (by session id or token hash) or, without an argument, every one. */
export function forgetSession(sessionIdOrTokenHash?: string): void {
  if (sessionIdOrTokenHash === undefined) {
    cacheByHash.clear();
    return;
  }
  if (cacheByHash.delete(sessionIdOrTokenHash)) return;
  for (const [hash, entry] of cacheByHash) {
    if (entry.viewer.sessionId === sessionIdOrTokenHash) cacheByHash.delete(hash);
  }
}

function viewerWritten() {
  cacheByHash.clear();
  quietUntil = Date.now() + VIEWER_WRITE_QUIET_MS;
}

type ViewerDb = Pick<Database, 'sql' | 'prisma'> & Partial<Pick<Database, 'onViewerWrite'>>;

/** The viewer of a session token: from the cache when it was loaded under VIEWER_CACHE_MS ago, else loadViewer. */
export async function viewerForToken(db: ViewerDb, token: string): Promise<Viewer | null> {
  if (db.onViewerWrite && !watchedDatabases.has(db)) {
    watchedDatabases.add(db);
    db.onViewerWrite(viewerWritten);
  }
  const tokenHash = hashToken(token);
  const now = Date.now();
  const hit = cacheByHash.get(tokenHash);
  if (hit && hit.expires > now) return hit.viewer;
  if (hit) cacheByHash.delete(tokenHash);
  const started = now;
  const viewer = await loadViewer(db, token, 'session');
  if (viewer && started >= quietUntil && Date.now() >= quietUntil) {
    if (cacheByHash.size >= VIEWER_CACHE_MAX) cacheByHash.clear();
    cacheByHash.set(tokenHash, { viewer, tokenHash, expires: started + VIEWER_CACHE_MS });
  }
  return viewer;
}

/** One statement: the session with its user, account, role and community modules. */
export async function loadViewer(db: Pick<Database, 'sql' | 'prisma'>, token: string, via: 'session' | 'public' | 'id'): Promise<Viewer | null> {
  const column = { session: 'tokenHash', public: 'publicToken', id: 'id' }[via];
  const key = via === 'session' ? hashToken(token) : token;
  // A session id that is not a uuid matches no session (and must not reach the uuid comparison).
  if (via === 'id' && !isUuid(key)) return null;
  const rows = await db.sql<ViewerRow>(
    `SELECT s.id AS "sessionId", s."userId", u.email, u."firstName", u."superAdmin", u."emailVerified", s."viaCookie", s."lastSeenAt",
            s."publicToken", m.id AS "membershipId", m."neighborhoodId", m."houseId", r.kind::text AS "roleKind", r.grants AS "roleGrants",
            n.modules::text[] AS modules
       FROM "Session" s
       JOIN "User" u ON u.id = s."userId"
       LEFT JOIN "Membership" m ON m.id = s."membershipId" AND m.active
       LEFT JOIN "Role" r ON r.id = m."roleId"
       LEFT JOIN "Neighborhood" n ON n.id = m."neighborhoodId"
      WHERE s."${column}" = $1${via === 'id' ? '::uuid' : ''} AND s."endedAt" IS NULL AND s."expiresAt" > now()`,
    [key],
  );
  const row = rows[0];
  if (!row) return null;
  if (Date.now() - new Date(row.lastSeenAt).getTime() > TOUCH_AFTER_MS) {
    // Not a change of who the viewer is: the leading comment keeps this statement from clearing the
    // viewer cache (server/db/client.ts watches statements that start with UPDATE on these tables).
    await db.sql(`/* last seen */ UPDATE "Session" SET "lastSeenAt" = now() WHERE id = $1::uuid`, [row.sessionId]);
  }
  const modules = row.modules ?? [];
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    email: row.email,
    firstName: row.firstName,
    superAdmin: row.superAdmin,
    emailVerified: row.emailVerified,
    membershipId: row.membershipId,
    neighborhoodId: row.neighborhoodId,
    houseId: row.houseId,
    roleKind: row.roleKind,
    // A super admin acts as an administrator in whichever community the session is in.
    grants: new Set(effectiveGrants(row.superAdmin ? [...(row.roleGrants ?? []), ...DEFAULT_ROLES.ADMIN.grants] : (row.roleGrants ?? []), modules)),
    modules,
    viaCookie: row.viaCookie,
    publicToken: row.publicToken,
  };
}

// The dashboard's house widgets (spec 3 "Dashboard and widgets": onboarding stats and house stats):
// counts of the session's community read in one statement.
import { sql } from 'kysely';
import { HOUSE_STATUSES, type HouseStatus } from '../../../../core/houseRules.js';
import { communityOf, type ServiceContext } from '../../../kernel/context.js';

export interface HouseStatusCount {
  status: HouseStatus;
  count: number;
}

export interface HouseStats {
  /** Houses that are not DELETED, as the owners list counts them without a status filter. */
  total: number;
  /** Of those, houses whose owner has set a password (user_status true). */
  ownerActive: number;
  /** Houses with an owner who has not set a password yet. */
  ownerPending: number;
  /** Houses without an owner. */
  withoutOwner: number;
}

export interface HouseCounts {
  byStatus: HouseStatusCount[];
  stats: HouseStats;
}

/** The one statement of the widgets: per status, the houses, those with an active owner, those with an owner. */
export const houseCountsStatement = (neighborhoodId: number) => sql<{ status: HouseStatus; houses: number; ownerActive: number; withOwner: number }>`
    SELECT h.status,
           count(*)::int AS houses,
           count(*) FILTER (WHERE u."passwordHash" IS NOT NULL)::int AS "ownerActive",
           count(h."ownerUserId")::int AS "withOwner"
    FROM "House" h
    LEFT JOIN "User" u ON u.id = h."ownerUserId"
    WHERE h."neighborhoodId" = ${neighborhoodId}
    GROUP BY h.status
  `;

/** Every status (zero when no house has it) and the owner-account split of the community's houses. */
export async function houseCounts(ctx: Pick<ServiceContext, 'actor' | 'db'>): Promise<HouseCounts> {
  const { rows } = await houseCountsStatement(communityOf(ctx)).execute(ctx.db.kysely);
  const byStatus = HOUSE_STATUSES.map((status) => ({ status, count: rows.find((r) => r.status === status)?.houses ?? 0 }));
  const stats = { total: 0, ownerActive: 0, ownerPending: 0, withoutOwner: 0 };
  for (const row of rows) {
    if (row.status === 'DELETED') continue;
    stats.total += row.houses;
    stats.ownerActive += row.ownerActive;
    stats.ownerPending += row.withOwner - row.ownerActive;
    stats.withoutOwner += row.houses - row.withOwner;
  }
  return { byStatus, stats };
}

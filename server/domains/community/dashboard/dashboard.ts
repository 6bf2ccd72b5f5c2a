import { builder, grants } from '../../../graphql/builder.js';
import type { Context } from '../../../kernel/context.js';
import { HouseStatusEnum } from '../../property/houses/house.js';
import { houseCounts, type HouseCounts, type HouseStats, type HouseStatusCount } from './service.js';

/** Spec grants of the dashboard widgets. */
export const DASHBOARD_READERS = ['ADashboardsRead', 'CDashboardRead'] as const;

/** One per request: the widgets that read house counts share a single statement. */
export class DashboardData {
  private houses?: Promise<HouseCounts>;
  constructor(readonly ctx: Context) {}
  houseCounts() {
    this.houses ??= houseCounts(this.ctx);
    return this.houses;
  }
}

const HouseStatusCountRef = builder.objectRef<HouseStatusCount>('HouseStatusCount').implement({
  fields: (t) => ({
    status: t.field({ type: HouseStatusEnum, resolve: (c) => c.status }),
    count: t.exposeInt('count'),
  }),
});

const DashboardHouseStatsRef = builder.objectRef<HouseStats>('DashboardHouseStats').implement({
  fields: (t) => ({
    total: t.exposeInt('total', { description: 'Houses that are not DELETED' }),
    ownerActive: t.exposeInt('ownerActive', { description: 'Houses whose owner has set a password' }),
    ownerPending: t.exposeInt('ownerPending', { description: 'Houses whose owner has not set a password yet' }),
    withoutOwner: t.exposeInt('withoutOwner', { description: 'Houses without an owner' }),
  }),
});

export const DashboardRef = builder.objectRef<DashboardData>('Dashboard').implement({
  description: 'The home screen of the current account. A widget the account may not see answers null.',
  fields: (t) => ({
    houseStatusCounts: t.field({
      type: [HouseStatusCountRef],
      nullable: true,
      description: 'Onboarding stats: houses of the community per status, every status listed',
      ...grants(...DASHBOARD_READERS),
      unauthorizedResolver: () => null,
      resolve: async (dashboard) => (await dashboard.houseCounts()).byStatus,
    }),
    houseStats: t.field({
      type: DashboardHouseStatsRef,
      nullable: true,
      description: 'House stats: houses of the community and whether their owners have an account',
      ...grants(...DASHBOARD_READERS),
      unauthorizedResolver: () => null,
      resolve: async (dashboard) => (await dashboard.houseCounts()).stats,
    }),
  }),
});

builder.queryField('dashboard', (t) =>
  t.field({
    type: DashboardRef,
    authScopes: { signedIn: true },
    resolve: (_r, _a, ctx) => new DashboardData(ctx),
  }),
);

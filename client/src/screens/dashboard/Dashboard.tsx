import { SimpleGrid, Stack } from '@mantine/core';
import { graphql, usePreloadedQuery } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { DashboardQuery } from '../../__generated__/DashboardQuery.graphql';
import { PageHeader } from '../../components/PageHeader.js';
import { currentMonth } from '../../format.js';
import { useSession } from '../../components/SessionProvider.js';
import { allowed, menuFor, ROUTES } from '../../routes.js';
import type { ScreenProps } from '../../router/screenRoute.js';
import { HouseStats } from './HouseStats.js';
import { MoneyDashboard } from './MoneyDashboard.js';
import { MyHouse } from './MyHouse.js';
import { OnboardingStats } from './OnboardingStats.js';
import { OwnerDashboard } from './OwnerDashboard.js';
import { Shortcuts } from './Shortcuts.js';
import { SetupProgress } from './SetupProgress.js';
import { Welcome } from './Welcome.js';

export const dashboardQuery = graphql`
  query DashboardQuery {
    dashboard {
      ...Welcome_dashboard
      ...SetupProgress_dashboard
      ...OnboardingStats_dashboard
      ...HouseStats_dashboard
    }
    ...MoneyDashboard_query
    ...OwnerDashboard_query
  }
`;

const builtRoute = (path: string) => ROUTES.find((r) => r.path === path && r.screen);

const DASHBOARD_GRANTS = ['ADashboardsRead', 'CDashboardRead'];
const MONEY_GRANTS = ['AIncomesRead', 'AExpensesRead', 'AReceiptsRead'];
const OWNER_RECEIPTS = ['OReceiptsRead', 'SReceiptsRead'];

/**
 * "/": the money widgets for administrators, the owner dashboard for house accounts, the house and setup
 * widgets, and shortcuts. Remounted per community (key), so every chart redraws when the community changes.
 */
export default function Dashboard({ queryRef }: ScreenProps<DashboardQuery>) {
  const { t } = useTranslation();
  const { session, grants, superAdmin } = useSession();
  const data = usePreloadedQuery<DashboardQuery>(dashboardQuery, queryRef);
  const opens = (path: string) => {
    const route = builtRoute(path);
    return !!route && allowed(route, grants, superAdmin);
  };
  // Only screens that exist: a shortcut never leads to a "coming soon" page.
  const sections = menuFor(grants, superAdmin)
    .map((section) => ({ ...section, entries: section.entries.filter((entry) => builtRoute(entry.path)) }))
    .filter((section) => section.entries.length > 0);
  const houseLinks = sections.find((s) => s.group === 'property')?.entries ?? [];
  const groupTitle = (group: string) => (group === 'administration' && session.neighborhood ? session.neighborhood.neighborhoodTypeName : t(`menu.${group}`));
  const place = [session.neighborhood?.name, session.house?.label].filter(Boolean).join(' · ');
  const holds = (list: string[]) => list.some((g) => grants.has(g));
  const money = !!session.neighborhood && holds(DASHBOARD_GRANTS) && holds(MONEY_GRANTS);
  const owner = !!session.house && holds(OWNER_RECEIPTS);

  return (
    <Stack gap="lg">
      <PageHeader title={t('dashboard.welcome', { name: session.user.firstName })} description={place || undefined} />
      {money && <MoneyDashboard key={session.neighborhood!.id} query={data} currentMonth={currentMonth()} opens={opens} />}
      {owner && <OwnerDashboard query={data} />}
      {session.neighborhood && <SetupProgress dashboard={data.dashboard} communityId={session.neighborhood.id} opens={opens} />}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {session.neighborhood && <Welcome dashboard={data.dashboard} communityName={session.neighborhood.name} configures={grants.has('CRead')} />}
        {session.house && <MyHouse links={houseLinks} />}
        <OnboardingStats dashboard={data.dashboard} ownersList={opens('/owners')} vehiclesSchedule={opens('/neighborhood/scheduled-vehicles')} />
        <HouseStats dashboard={data.dashboard} ownersList={opens('/owners')} />
        <Shortcuts
          title={t('dashboard.shortcuts')}
          sections={sections.filter((s) => (session.house ? s.group !== 'property' : true))}
          groupTitle={groupTitle}
        />
      </SimpleGrid>
    </Stack>
  );
}

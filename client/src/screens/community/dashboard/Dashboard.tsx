import { SimpleGrid, Stack } from '@mantine/core';
import { graphql, usePreloadedQuery } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { DashboardQuery } from '../../../__generated__/DashboardQuery.graphql';
import { PageHeader } from '../../../components/PageHeader.js';
import { currentMonth } from '../../../format.js';
import { useSession } from '../../../components/SessionProvider.js';
import { allowed, menuFor, ROUTES } from '../../../routes.js';
import type { ScreenProps } from '../../../router/screenRoute.js';
import { HouseStats } from './HouseStats.js';
import { MoneyDashboard } from './MoneyDashboard.js';
import { MyHouse } from './MyHouse.js';
import { OnboardingStats } from './OnboardingStats.js';
import { audienceOf } from './audience.js';
import { OwnerDashboard } from './OwnerDashboard.js';
import { SecurityHome } from './SecurityHome.js';
import { Shortcuts } from './Shortcuts.js';
import { SetupProgress } from './SetupProgress.js';
import { Welcome } from './Welcome.js';
import { ComingVisitors, DASHBOARD_VISITOR_GRANTS } from '../visitors/ComingVisitors.js';
import { DASHBOARD_VEHICLE_GRANT, PendingVehicles } from '../vehicles/PendingVehicles.js';
import { UnreadChats } from '../../people/chats/UnreadChats.js';

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
    session { account { id roleName } }
    neighborhood { id ...SecurityHome_neighborhood }
  }
`;

const builtRoute = (path: string) => ROUTES.find((r) => r.path === path && r.screen);

const DASHBOARD_GRANTS = ['ADashboardsRead', 'CDashboardRead'];
const MONEY_GRANTS = ['AIncomesRead', 'AExpensesRead', 'AReceiptsRead'];
const OWNER_RECEIPTS = ['OReceiptsRead', 'SReceiptsRead'];

/**
 * "/", speaking to the account's grants (audience.ts): the money widgets for administrators, the setup widgets
 * first for the configuration administrator, the house and its receipts for house accounts, the gate's rules
 * and what the account may do for the security staff; then the house counts and shortcuts to built screens.
 * Remounted per community (key), so every chart redraws when the community changes.
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
  // Where and as what: the community, the house of a house account, and the account's role.
  const place = [session.neighborhood?.name, session.house?.label, data.session?.account?.roleName].filter(Boolean).join(' · ');
  const audience = audienceOf(grants, !!session.house);
  const holds = (list: string[]) => list.some((g) => grants.has(g));
  const money = !!session.neighborhood && holds(DASHBOARD_GRANTS) && holds(MONEY_GRANTS);
  const owner = !!session.house && holds(OWNER_RECEIPTS);
  // Spec 3 section 2: the owner dashboard shows visitors to any of OVisitorsRead, SVisitorsRead, RVisitorsRead.
  const visitors = !!session.house && holds(DASHBOARD_VISITOR_GRANTS);

  return (
    <Stack gap="lg">
      <PageHeader title={t('dashboard.welcome', { name: session.user.firstName })} description={place || undefined} />
      {money && <MoneyDashboard key={session.neighborhood!.id} query={data} currentMonth={currentMonth()} opens={opens} />}
      {owner && <OwnerDashboard query={data} />}
      {visitors && <ComingVisitors />}
      {session.neighborhood && <SetupProgress dashboard={data.dashboard} communityId={session.neighborhood.id} opens={opens} />}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {audience === 'security' && data.neighborhood && <SecurityHome neighborhood={data.neighborhood} grants={grants} />}
        {session.neighborhood && grants.has(DASHBOARD_VEHICLE_GRANT) && <PendingVehicles />}
        {session.house && <MyHouse links={houseLinks} />}
        <UnreadChats />
        {session.neighborhood && (
          <Welcome dashboard={data.dashboard} communityName={session.neighborhood.name} audience={audience} configures={grants.has('CRead')} />
        )}
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

import { SimpleGrid, Stack } from '@mantine/core';
import { graphql, usePreloadedQuery } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { DashboardQuery } from '../../__generated__/DashboardQuery.graphql';
import { PageHeader } from '../../components/PageHeader.js';
import { useSession } from '../../components/SessionProvider.js';
import { allowed, menuFor, ROUTES } from '../../routes.js';
import type { ScreenProps } from '../../router/screenRoute.js';
import { HouseStats } from '../dashboard/HouseStats.js';
import { MyHouse } from '../dashboard/MyHouse.js';
import { OnboardingStats } from '../dashboard/OnboardingStats.js';
import { Shortcuts } from '../dashboard/Shortcuts.js';
import { SetupProgress } from '../dashboard/SetupProgress.js';
import { Welcome } from '../dashboard/Welcome.js';

export const dashboardQuery = graphql`
  query DashboardQuery {
    dashboard {
      ...Welcome_dashboard
      ...SetupProgress_dashboard
      ...OnboardingStats_dashboard
      ...HouseStats_dashboard
    }
  }
`;

const builtRoute = (path: string) => ROUTES.find((r) => r.path === path && r.screen);

/**
 * "/": where house users, security staff and anyone without a home redirect land, and what the shell's
 * Inicio link opens. Money widgets come with their own screens.
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

  return (
    <Stack gap="lg">
      <PageHeader title={t('dashboard.welcome', { name: session.user.firstName })} description={place || undefined} />
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

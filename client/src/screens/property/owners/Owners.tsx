import { useState } from 'react';
import { Button, Group, Menu, Stack } from '@mantine/core';
import { graphql, usePreloadedQuery } from 'react-relay';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OwnersQuery } from '../../../__generated__/OwnersQuery.graphql';
import { PageHeader } from '../../../components/PageHeader.js';
import { notify } from '../../../components/notify.js';
import { downloadFile } from '../../../components/download.js';
import { useSession } from '../../../components/SessionProvider.js';
import type { ScreenProps, ScreenRoute } from '../../../router/screenRoute.js';
import { filterQueryString } from './filters.js';
import { OnboardingMode } from './OnboardingMode.js';
import { OwnersFilters } from './OwnersFilters.js';
import { OwnersTable } from './OwnersTable.js';
import { ResendActivations } from './Resend.js';

export const ownersQuery = graphql`
  query OwnersQuery($first: Int!, $offset: Int!, $filter: HouseFilter) {
    ...OwnersTable_query @arguments(first: $first, offset: $offset, filter: $filter)
    ...OwnersFilters_query
    neighborhood { ...OnboardingMode_neighborhood }
  }
`;

/** /owners: the community's houses with their owners, filtered and paged in the query string (spec 1 section 2). */
export default function Owners({ queryRef, route }: ScreenProps<OwnersQuery> & { route: ScreenRoute }) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const data = usePreloadedQuery<OwnersQuery>(ownersQuery, queryRef);
  const exporter = useExport();
  const [resendOpen, setResendOpen] = useState(false);

  return (
    <Stack gap="sm">
      <PageHeader title={t('owners.title')} action={grants.has('AHousesCreate') ? { label: t('owners.create'), to: '/owners/form' } : null}>
        <Group gap="xs" visibleFrom="sm">
          {grants.has('AActivationBulkCreate') && <ResendActivations />}
          <Button variant="default" onClick={() => void exporter.run()} loading={exporter.exporting}>
            {t('owners.export')}
          </Button>
          {grants.has('AMasiveHousesCreate') && (
            <Button variant="default" component={Link} to="/owners/massive-load">
              {t('owners.massiveLoad')}
            </Button>
          )}
        </Group>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="default" hiddenFrom="sm" loading={exporter.exporting}>
              {t('owners.moreActions')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {grants.has('AActivationBulkCreate') && <Menu.Item onClick={() => setResendOpen(true)}>{t('owners.resend.all')}</Menu.Item>}
            <Menu.Item onClick={() => void exporter.run()}>{t('owners.export')}</Menu.Item>
            {grants.has('AMasiveHousesCreate') && (
              <Menu.Item component={Link} to="/owners/massive-load">
                {t('owners.massiveLoad')}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
        {grants.has('AActivationBulkCreate') && <ResendActivations opened={resendOpen} onClose={() => setResendOpen(false)} />}
      </PageHeader>
      {grants.has('CUsersUpdate') && data.neighborhood && <OnboardingMode neighborhood={data.neighborhood} />}
      <OwnersFilters query={data} />
      <OwnersTable query={data} route={route} />
    </Stack>
  );
}

/** The filtered list as XLSX, through the legacy REST export (a binary download). */
function useExport() {
  const { t } = useTranslation();
  const { session } = useSession();
  const [search] = useSearchParams();
  const [exporting, setExporting] = useState(false);

  const run = async () => {
    setExporting(true);
    try {
      const qs = filterQueryString(search);
      const result = await downloadFile(`/api/1.0/neighborhoods/${session.neighborhood?.databaseId}/houses/export${qs ? `?${qs}` : ''}`, 'propietarios.xlsx');
      if (!result.ok && result.status !== 401) notify('danger', t('owners.exportFailed'));
    } catch {
      notify('danger', t('owners.exportFailed'));
    } finally {
      setExporting(false);
    }
  };
  return { run, exporting };
}

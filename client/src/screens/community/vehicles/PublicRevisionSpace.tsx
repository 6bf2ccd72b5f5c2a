import { Alert, Badge, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { graphql, usePreloadedQuery } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { PublicRevisionSpaceQuery } from '../../../__generated__/PublicRevisionSpaceQuery.graphql';
import type { ScreenProps } from '../../../router/screenRoute.js';
import { PublicLayout } from '../../public/PublicLayout.js';
import { appointmentWhen } from './vehicleTexts.js';

export const publicRevisionSpaceQuery = graphql`
  query PublicRevisionSpaceQuery($domain: String!, $code: String!) {
    publicRevisionSpace(domain: $domain, code: $code) {
      __typename
      ... on Error { message }
      ... on QueryPublicRevisionSpaceSuccess {
        data { code communityName houseLabel revisionPointName start end status plate stateName typeName description tagTypeName }
      }
    }
  }
`;

const STATUS_COLOR: Record<string, string> = { CONFIRMED: 'blue', COMPLETED: 'teal', TAKEN: 'gray', AVAILABLE: 'gray' };

/** An inspection appointment, signed out (/{domain}/cita-vehicular/{code}): the code large, the vehicle, the point and the hours. */
export default function PublicRevisionSpace({ queryRef }: ScreenProps<PublicRevisionSpaceQuery>) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<PublicRevisionSpaceQuery>(publicRevisionSpaceQuery, queryRef);
  const a = data.publicRevisionSpace?.data;
  if (!a)
    return (
      <PublicLayout title={t('vehicles.public.title')}>
        <Alert color="yellow">{t('vehicles.public.notFound')}</Alert>
      </PublicLayout>
    );
  const rows: [string, string][] = [
    [t('vehicles.public.community'), a.communityName],
    [t('vehicles.public.house'), a.houseLabel],
    [t('vehicles.public.point'), a.revisionPointName],
    [t('vehicles.public.when'), appointmentWhen(t, a)],
    [t('vehicles.public.vehicle'), [a.typeName, a.description].filter(Boolean).join(' · ')],
    [t('vehicles.public.plate'), `${a.plate} (${a.stateName})`],
    ...(a.tagTypeName ? ([[t('vehicles.public.tag'), a.tagTypeName]] as [string, string][]) : []),
  ];
  return (
    <PublicLayout title={t('vehicles.public.title')} description={t('vehicles.public.description')}>
      <Stack gap="md" data-testid="revision-space">
        <Paper withBorder radius="md" p="md" ta="center">
          <Text size="sm" c="dimmed">
            {a.plate}
          </Text>
          <Text fz={{ base: 34, xs: 44 }} fw={800} ff="monospace" style={{ letterSpacing: 3, overflowWrap: 'anywhere' }} data-testid="revision-space-code">
            {a.code}
          </Text>
          <Badge mt="xs" size="lg" tt="none" color={STATUS_COLOR[a.status] ?? 'gray'} variant="light">
            {t(`vehicles.status.${a.status}`)}
          </Badge>
        </Paper>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {rows.map(([label, value]) => (
            <div key={label}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text size="sm" fw={500}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Stack>
    </PublicLayout>
  );
}

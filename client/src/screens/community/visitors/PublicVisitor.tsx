import { useState } from 'react';
import { Alert, Badge, Button, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { graphql, usePreloadedQuery } from 'react-relay';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PublicVisitorQuery } from '../../../__generated__/PublicVisitorQuery.graphql';
import type { ScreenProps } from '../../../router/screenRoute.js';
import { PublicLayout } from '../../public/PublicLayout.js';
import { datesOf, hoursOf } from './visitorTexts.js';

export const publicVisitorQuery = graphql`
  query PublicVisitorQuery($domain: String!, $reference: String!, $ask: Boolean!) {
    publicVisitor(domain: $domain, reference: $reference) @include(if: $ask) {
      __typename
      ... on Error { message }
      ... on QueryPublicVisitorSuccess {
        data {
          reference name communityName houseLabel visitorType allowedDays inside warning
          entryDate entryHour entryMinute departureDate departureHour departureMinute
        }
      }
    }
  }
`;

/**
 * The visitor's pass, signed out (/{domain}/visita/{reference}, or /visita/{reference}?d={domain}): the code
 * large, the community, house, dates, hours, allowed days, whether it may come in now and why not.
 */
export default function PublicVisitor({ queryRef }: ScreenProps<PublicVisitorQuery>) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<PublicVisitorQuery>(publicVisitorQuery, queryRef);
  const result = data.publicVisitor;
  if (!queryRef.variables.ask) return <AskDomain />;
  const v = result?.data;
  if (!v)
    return (
      <PublicLayout title={t('visitors.public.title')}>
        <Alert color="yellow">{t('visitors.public.notFound')}</Alert>
      </PublicLayout>
    );
  const rows: [string, string][] = [
    [t('visitors.public.community'), v.communityName],
    ...(v.houseLabel ? ([[t('visitors.public.house'), v.houseLabel]] as [string, string][]) : []),
    [t('visitors.public.type'), t(`visitors.type.${v.visitorType}`)],
    [t('visitors.public.dates'), datesOf(t, v)],
    [t('visitors.public.hours'), hoursOf(t, v) ?? t('visitors.public.anyHour')],
    [t('visitors.public.days'), v.allowedDays],
  ];
  return (
    <PublicLayout title={t('visitors.public.title')} description={t('visitors.public.description')}>
      <Stack gap="md" data-testid="visitor-pass">
        <Paper withBorder radius="md" p="md" ta="center">
          <Text size="sm" c="dimmed">
            {v.name}
          </Text>
          <Text fz={{ base: 34, xs: 44 }} fw={800} ff="monospace" style={{ letterSpacing: 3, overflowWrap: 'anywhere' }} data-testid="visitor-reference">
            {v.reference}
          </Text>
          <Badge mt="xs" size="lg" tt="none" color={v.inside ? 'green' : v.warning ? 'yellow' : 'blue'} variant="light">
            {v.inside ? t('visitors.public.inside') : v.warning ? t('visitors.status.notNow') : t('visitors.public.valid')}
          </Badge>
        </Paper>
        {v.warning && <Alert color="orange">{v.warning}</Alert>}
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

/** /visita/{reference} without the community: its domain, then the pass. */
function AskDomain() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { reference = '' } = useParams();
  const [domain, setDomain] = useState('');
  return (
    <PublicLayout title={t('visitors.public.title')} description={t('visitors.public.domainHint')}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (domain.trim()) navigate(`/${encodeURIComponent(domain.trim().toLowerCase())}/visita/${encodeURIComponent(reference)}`);
        }}
      >
        <Stack>
          <TextInput label={t('visitors.public.domain')} value={domain} onChange={(e) => setDomain(e.currentTarget.value)} required autoFocus />
          <Button type="submit">{t('visitors.public.show')}</Button>
        </Stack>
      </form>
    </PublicLayout>
  );
}

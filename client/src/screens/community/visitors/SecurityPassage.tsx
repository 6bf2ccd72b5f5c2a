import { Alert, Button, Group, Image, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { graphql, usePreloadedQuery } from 'react-relay';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SecurityPassageQuery } from '../../../__generated__/SecurityPassageQuery.graphql';
import type { SecurityPassageEntryMutation } from '../../../__generated__/SecurityPassageEntryMutation.graphql';
import type { SecurityPassageDepartureMutation } from '../../../__generated__/SecurityPassageDepartureMutation.graphql';
import { VISITOR_MESSAGES } from '../../../../../core/visitors.js';
import { useAppMutation } from '../../../components/mutations.js';
import { notify } from '../../../components/notify.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { formatTime } from '../../../format.js';
import type { ScreenProps, ScreenRoute } from '../../../router/screenRoute.js';
import { newIdempotencyKey } from '../../money/receivables/receipts/receiptTexts.js';
import { photoUrl, statusOf, whenOf } from './visitorTexts.js';

export const securityPassageQuery = graphql`
  query SecurityPassageQuery($id: ID!) {
    visitor(visitorId: $id) {
      __typename
      ... on Error { message }
      ... on QueryVisitorSuccess {
        data {
          id databaseId name reference email reason visitorType entranceType vehicle vehiclePlate badge photoFileId houseLabel ownerName
          entryDate entryHour entryMinute departureDate departureHour departureMinute allDays allowedDays inside insideSince warning
        }
      }
    }
  }
`;

const entryMutation = graphql`
  mutation SecurityPassageEntryMutation($input: VisitorIdInput!) {
    registerVisitorEntry(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationRegisterVisitorEntrySuccess { data { message warning visitor { id inside insideSince warning lastEntryAt } } }
    }
  }
`;

const departureMutation = graphql`
  mutation SecurityPassageDepartureMutation($input: VisitorIdInput!) {
    registerVisitorDeparture(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationRegisterVisitorDepartureSuccess { data { message visitor { id inside insideSince warning lastDepartureAt } } }
    }
  }
`;

const HOME = '/security/visitors';

/**
 * /security/visitors/{id}/entry and /departure: the visitor's details and photo, the warning when the visit is
 * not expected now (entry is still allowed), and the confirmation; back to the gate with the notice.
 */
export default function SecurityPassage({ queryRef, route }: ScreenProps<SecurityPassageQuery> & { route: ScreenRoute }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const data = usePreloadedQuery<SecurityPassageQuery>(securityPassageQuery, queryRef);
  const entry = route.path.endsWith('/entry');
  const enter = useAppMutation<SecurityPassageEntryMutation>(entryMutation);
  const leave = useAppMutation<SecurityPassageDepartureMutation>(departureMutation);
  const v = data.visitor.data;
  if (!v) {
    return (
      <Alert color="yellow" title={t('visitors.form.notFound')}>
        {data.visitor.message}
      </Alert>
    );
  }
  const title = entry ? t('visitors.security.entryTitle', { name: v.name }) : t('visitors.security.departureTitle', { name: v.name });
  const confirm = async () => {
    const input = { input: { visitorId: v.id, idempotencyKey: newIdempotencyKey() } };
    if (entry) {
      const done = await enter.run(input, 'registerVisitorEntry', { success: VISITOR_MESSAGES.entered });
      if (!done) return;
      if (done.data?.warning) notify('warning', done.data.warning);
    } else {
      const done = await leave.run(input, 'registerVisitorDeparture', { success: VISITOR_MESSAGES.departed });
      if (!done) return;
    }
    navigate(HOME);
  };
  const status = statusOf(t, v);
  const rows: [string, string | null | undefined][] = [
    [t('visitors.filters.reference'), v.reference],
    [t('visitors.columns.house'), v.houseLabel ?? t('visitors.forAdministration')],
    [t('visitors.columns.when'), whenOf(t, v)],
    [t('visitors.form.days'), v.allowedDays],
    [t('visitors.form.entranceType'), t(`visitors.entrance.${v.entranceType}`)],
    [t('visitors.form.vehicle'), v.vehicle],
    [t('visitors.form.vehiclePlate'), v.vehiclePlate],
    [t('visitors.form.badge'), v.badge],
    [t('visitors.form.reason'), v.reason],
    [t('visitors.columns.status'), status.label],
  ];
  return (
    <Stack maw={640} gap="md">
      <PageHeader title={title} secondary={{ label: t('visitors.security.back'), to: HOME }} />
      {entry && v.warning && (
        <Alert color="orange" title={t('visitors.security.notExpected')} data-testid="passage-warning">
          <Text size="sm">{v.warning}</Text>
          <Text size="xs" c="dimmed" mt={4}>
            {t('visitors.security.notExpectedHint')}
          </Text>
        </Alert>
      )}
      {entry && v.inside && <Alert color="yellow">{t('visitors.security.alreadyInside', { time: formatTime(v.insideSince) })}</Alert>}
      {!entry && !v.inside && <Alert color="yellow">{t('visitors.security.notInside')}</Alert>}
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {v.photoFileId ? (
            <Image src={photoUrl(v.photoFileId)} alt={t('visitors.security.photoOf', { name: v.name })} radius="md" mah={260} fit="contain" />
          ) : (
            <Paper bg="gray.1" radius="md" h={120} display="flex" style={{ alignItems: 'center', justifyContent: 'center' }}>
              <Text c="dimmed" size="sm">
                {t('visitors.security.noPhoto')}
              </Text>
            </Paper>
          )}
          <Stack gap={6}>
            {rows
              .filter(([, value]) => !!value)
              .map(([label, value]) => (
                <div key={label}>
                  <Text size="xs" c="dimmed">
                    {label}
                  </Text>
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {value}
                  </Text>
                </div>
              ))}
          </Stack>
        </SimpleGrid>
      </Paper>
      <Group grow>
        <Button size="lg" onClick={confirm} loading={enter.inFlight || leave.inFlight} color={entry ? 'blue' : 'gray'}>
          {entry ? t('visitors.security.confirmEntry') : t('visitors.security.confirmDeparture')}
        </Button>
      </Group>
    </Stack>
  );
}

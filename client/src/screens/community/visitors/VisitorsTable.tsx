import { useEffect, useState } from 'react';
import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { VisitorsTable_visitors$data, VisitorsTable_visitors$key } from '../../../__generated__/VisitorsTable_visitors.graphql';
import type { VisitorsTableDeleteMutation } from '../../../__generated__/VisitorsTableDeleteMutation.graphql';
import type { VisitorsTableNotifyMutation } from '../../../__generated__/VisitorsTableNotifyMutation.graphql';
import { VISITOR_MESSAGES } from '../../../../../core/visitors.js';
import { ConfirmDelete } from '../../../components/ConfirmDelete.js';
import { useAppMutation } from '../../../components/mutations.js';
import { notify } from '../../../components/notify.js';
import { useSession } from '../../../components/SessionProvider.js';
import { newIdempotencyKey } from '../../money/receivables/receipts/receiptTexts.js';
import { statusOf, whenOf } from './visitorTexts.js';

const rowsFragment = graphql`
  fragment VisitorsTable_visitors on Visitor @relay(plural: true) {
    id
    databaseId
    reference
    name
    email
    reason
    visitorType
    entranceType
    vehiclePlate
    houseLabel
    ownerName
    origin
    entryDate
    entryHour
    entryMinute
    departureDate
    departureHour
    departureMinute
    allDays
    allowedDays
    inside
    insideSince
    lastDepartureAt
    warning
    canUpdate
  }
`;

const deleteMutation = graphql`
  mutation VisitorsTableDeleteMutation($input: VisitorIdInput!) {
    deleteVisitor(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationDeleteVisitorSuccess { data { message } }
    }
  }
`;

const notifyMutation = graphql`
  mutation VisitorsTableNotifyMutation($input: VisitorIdInput!) {
    notifyVisitor(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationNotifyVisitorSuccess { data { message } }
    }
  }
`;

type Row = VisitorsTable_visitors$data[number];

/** Spec 3 section 4: a resend button stays disabled this long after a successful send. */
export const RESEND_WAIT_MS = 30_000;
const NOTIFIERS = [
  'OVisitorsUpdate',
  'SVisitorsUpdate',
  'RVisitorsUpdate',
  'AVisitorsUpdate',
  'OVisitorsCreate',
  'SVisitorsCreate',
  'RVisitorsCreate',
  'AVisitorsCreate',
];

/**
 * The visitors of a list: who (code, reason, plates), the house (community's list), when, status; edit,
 * delete (confirmed), resend the code (30 s pause after a send) and the log. Phones show each row as a card.
 */
export function VisitorsTable({
  visitors,
  community,
  pending,
  editPath,
  onChanged,
}: {
  visitors: VisitorsTable_visitors$key;
  community: boolean;
  pending?: boolean;
  /** The edit form of a visitor (database id). */
  editPath: (id: number) => string;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const rows = useFragment(rowsFragment, visitors);
  const remove = useAppMutation<VisitorsTableDeleteMutation>(deleteMutation);
  const resend = useAppMutation<VisitorsTableNotifyMutation>(notifyMutation);
  const [toDelete, setToDelete] = useState<Row | null>(null);
  const [sentAt, setSentAt] = useState<Record<string, number>>({});
  const [sending, setSending] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const mayNotify = NOTIFIERS.some((g) => grants.has(g));
  const waiting = Object.values(sentAt).some((at) => now - at < RESEND_WAIT_MS);
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waiting]);

  const confirmDelete = async () => {
    if (!toDelete) return;
    const done = await remove.run({ input: { visitorId: toDelete.id, idempotencyKey: newIdempotencyKey() } }, 'deleteVisitor', {
      success: VISITOR_MESSAGES.deleted,
      onTypedError: () => notify('danger', VISITOR_MESSAGES.deleteFailed),
    });
    setToDelete(null);
    if (done) onChanged();
  };

  const sendCode = async (row: Row) => {
    setSending(row.id);
    const done = await resend.run({ input: { visitorId: row.id } }, 'notifyVisitor', {
      success: VISITOR_MESSAGES.notified,
      onTypedError: () => notify('danger', VISITOR_MESSAGES.notifyFailed),
    });
    setSending(null);
    if (done) {
      const at = Date.now();
      setNow(at);
      setSentAt((s) => ({ ...s, [row.id]: at }));
    }
  };

  return (
    <>
      <Table striped highlightOnHover verticalSpacing="sm" style={{ opacity: pending ? 0.6 : 1 }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('visitors.columns.visitor')}</Table.Th>
            {community && <Table.Th>{t('visitors.columns.house')}</Table.Th>}
            <Table.Th>{t('visitors.columns.when')}</Table.Th>
            <Table.Th>{t('visitors.columns.status')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const status = statusOf(t, row);
            const left = sentAt[row.id] ? Math.ceil((RESEND_WAIT_MS - (now - sentAt[row.id]!)) / 1000) : 0;
            return (
              <Table.Tr key={row.id} data-testid={`visitor-${row.databaseId}`}>
                <Table.Td miw={160}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {row.name}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {t('visitors.code', { reference: row.reference })}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`visitors.type.${row.visitorType}`)} · {t(`visitors.entrance.${row.entranceType}`)}
                    {row.vehiclePlate ? ` · ${t('visitors.plate', { plate: row.vehiclePlate })}` : ''}
                  </Text>
                  {row.reason && (
                    <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                      {row.reason}
                    </Text>
                  )}
                </Table.Td>
                {community && (
                  <Table.Td>
                    <Text size="sm">{row.houseLabel ?? t('visitors.forAdministration')}</Text>
                    {row.ownerName && (
                      <Text size="xs" c="dimmed">
                        {row.ownerName}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed">
                      {t(`visitors.origin.${row.origin}`)}
                    </Text>
                  </Table.Td>
                )}
                <Table.Td>
                  <Text size="sm">{whenOf(t, row)}</Text>
                  {!row.allDays && (
                    <Text size="xs" c="dimmed">
                      {t('visitors.days', { days: row.allowedDays })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Stack gap={2} align="flex-start">
                    <Badge color={status.color} variant="light" miw="max-content" tt="none">
                      {status.label}
                    </Badge>
                    {row.warning && !row.inside && (
                      <Text size="xs" c="dimmed">
                        {row.warning}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td data-card="actions">
                  <Group gap={4} wrap="wrap" justify="flex-end">
                    {row.canUpdate && (
                      <Button component={Link} to={editPath(row.databaseId)} size="compact-sm" variant="light">
                        {t('visitors.edit')}
                      </Button>
                    )}
                    {mayNotify && row.email && (
                      <Button size="compact-sm" variant="light" onClick={() => sendCode(row)} disabled={left > 0} loading={sending === row.id}>
                        {left > 0 ? t('visitors.resendIn', { seconds: left }) : t('visitors.resend')}
                      </Button>
                    )}
                    <Anchor component={Link} to={`/visitors/${row.databaseId}/log`} size="sm" px={6}>
                      {t('visitors.log')}
                    </Anchor>
                    {row.canUpdate && !row.inside && (
                      <Button size="compact-sm" variant="subtle" color="red" onClick={() => setToDelete(row)}>
                        {t('visitors.delete')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <ConfirmDelete
        opened={toDelete !== null}
        title={t('visitors.deleteTitle')}
        message={toDelete ? t('visitors.deleteQuestion', { name: toDelete.name }) : ''}
        loading={remove.inFlight}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
    </>
  );
}

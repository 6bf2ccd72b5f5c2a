import { useState } from 'react';
import { Anchor, Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AgreementsTable_agreements$key } from '../../../../__generated__/AgreementsTable_agreements.graphql';
import type { AgreementsTableCancelMutation } from '../../../../__generated__/AgreementsTableCancelMutation.graphql';
import { formatPesos } from '../../../../../../core/money.js';
import { downloadFile } from '../../../../components/download.js';
import { errorMessage } from '../../../../components/errors.js';
import { useAppMutation } from '../../../../components/mutations.js';
import { notify } from '../../../../components/notify.js';
import { useSession } from '../../../../components/SessionProvider.js';
import { shortDate } from '../receipts/receiptTexts.js';

const rowsFragment = graphql`
  fragment AgreementsTable_agreements on Agreement @relay(plural: true) {
    id
    databaseId
    houseDatabaseId
    houseLabel
    debt
    downPayment
    instalments
    frequency
    firstDueDate
    pendingReceipts
    createdAt
    cancelledAt
  }
`;

const cancelMutation = graphql`
  mutation AgreementsTableCancelMutation($input: CancelAgreementInput!) {
    cancelAgreement(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationCancelAgreementSuccess { data { message agreement { id pendingReceipts cancelledAt } } }
    }
  }
`;

/** The agreements of a list: house, debt, plan, pending receipts, «Ver recibos», the PDF and the cancel action. */
export function AgreementsTable({
  agreements,
  showHouse,
  ownHouse,
  pending,
  onChanged,
}: {
  agreements: AgreementsTable_agreements$key;
  showHouse: boolean;
  /** The own house's list (/houses/agreements): receipts open in the own house's list, nothing to cancel. */
  ownHouse?: boolean;
  pending?: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { grants, session } = useSession();
  const rows = useFragment(rowsFragment, agreements);
  const cancel = useAppMutation<AgreementsTableCancelMutation>(cancelMutation);
  const [confirm, setConfirm] = useState<(typeof rows)[number] | null>(null);
  const canCancel = !ownHouse && grants.has('AAgreementsDelete');

  const pdf = async (a: (typeof rows)[number]) => {
    const url = `/api/1.0/neighborhoods/${session.neighborhood?.databaseId}/houses/${a.houseDatabaseId}/agreements/${a.databaseId}/pdf`;
    const result = await downloadFile(url, `convenio-${a.databaseId}.pdf`);
    if (!result.ok) notify('danger', errorMessage({ status: result.status, data: result.data }));
  };

  const confirmed = async () => {
    if (!confirm) return;
    const done = await cancel.run({ input: { agreementId: confirm.id } }, 'cancelAgreement', {
      success: (result: { data: { message: string } }) => result.data.message,
    });
    setConfirm(null);
    if (done) onChanged();
  };

  return (
    <>
      <Table.ScrollContainer minWidth={760}>
        <Table striped highlightOnHover verticalSpacing="sm" style={{ opacity: pending ? 0.6 : 1 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('agreements.columns.id')}</Table.Th>
              {showHouse && <Table.Th>{t('agreements.columns.house')}</Table.Th>}
              <Table.Th>{t('agreements.columns.date')}</Table.Th>
              <Table.Th ta="right">{t('agreements.columns.debt')}</Table.Th>
              <Table.Th ta="right">{t('agreements.columns.downPayment')}</Table.Th>
              <Table.Th>{t('agreements.columns.plan')}</Table.Th>
              <Table.Th>{t('agreements.columns.status')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((a) => (
              <Table.Tr key={a.id} data-testid={`agreement-${a.databaseId}`}>
                <Table.Td data-card="field">{a.databaseId}</Table.Td>
                {showHouse && (
                  <Table.Td>
                    <Anchor component={Link} to={`/owners/${a.houseDatabaseId}/agreements`} size="sm">
                      {a.houseLabel}
                    </Anchor>
                  </Table.Td>
                )}
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{shortDate(a.createdAt as string)}</Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatPesos(a.debt as string)}
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatPesos(a.downPayment as string)}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">
                    {t('agreements.planSummary', { count: a.instalments, frequency: t(`agreements.frequency.${a.frequency}`).toLowerCase() })}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('agreements.firstDue', { date: shortDate(a.firstDueDate as string) })}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {a.cancelledAt ? (
                    <Badge color="gray" variant="light" miw="max-content">
                      {t('agreements.status.cancelled')}
                    </Badge>
                  ) : a.pendingReceipts > 0 ? (
                    <Stack gap={2} align="flex-start">
                      <Badge color="blue" variant="light" miw="max-content">
                        {t('agreements.status.active')}
                      </Badge>
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {t('agreements.status.pending', { count: a.pendingReceipts })}
                      </Text>
                    </Stack>
                  ) : (
                    <Badge color="green" variant="light" miw="max-content">
                      {t('agreements.status.settled')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    <Button
                      component={Link}
                      size="compact-sm"
                      variant="light"
                      to={ownHouse ? `/houses/receipts?id_agreement=${a.databaseId}` : `/houses/${a.houseDatabaseId}/receipts?id_agreement=${a.databaseId}`}
                    >
                      {t('agreements.viewReceipts')}
                    </Button>
                    <Button size="compact-sm" variant="default" onClick={() => pdf(a)}>
                      {t('agreements.pdf')}
                    </Button>
                    {canCancel && a.pendingReceipts !== 0 && (
                      <Button size="compact-sm" variant="subtle" color="red" onClick={() => setConfirm(a)}>
                        {t('agreements.cancel.action')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal opened={confirm !== null} onClose={() => setConfirm(null)} title={t('agreements.cancel.title')}>
        <Stack>
          <Text>{t('agreements.cancel.question', { id: confirm?.databaseId, house: confirm?.houseLabel })}</Text>
          <Text size="sm" c="dimmed">
            {t('agreements.cancel.hint', { count: confirm?.pendingReceipts ?? 0 })}
          </Text>
        </Stack>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirm(null)}>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={confirmed} loading={cancel.inFlight}>
            {t('agreements.cancel.confirm')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}

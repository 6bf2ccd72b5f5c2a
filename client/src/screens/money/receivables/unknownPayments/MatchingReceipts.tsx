import { useEffect, useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { graphql, usePreloadedQuery, useFragment } from 'react-relay';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MatchingReceiptsQuery } from '../../../../__generated__/MatchingReceiptsQuery.graphql';
import type { MatchingReceipts_query$key } from '../../../../__generated__/MatchingReceipts_query.graphql';
import type { MatchingReceiptsMatchMutation } from '../../../../__generated__/MatchingReceiptsMatchMutation.graphql';
import type { MatchingReceiptsRegisterMutation } from '../../../../__generated__/MatchingReceiptsRegisterMutation.graphql';
import { formatDate, formatPeriod, formatPesos } from '../../../../format.js';
import type { ReceiptStatus } from '../../../../../../core/receipts.js';
import { notify } from '../../../../components/notify.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { globalId } from '../../../../relay/ids.js';
import type { ScreenProps } from '../../../../router/screenRoute.js';
import { useReceiptMutation } from '../receipts/receiptMutation.js';
import { RECEIPT_STATUS_COLORS } from '../receipts/receiptTexts.js';
import { matchValues, NO_MATCHING_RECEIPTS } from './matchQuery.js';

export const matchingReceiptsQuery = graphql`
  query MatchingReceiptsQuery(
    $valid: Boolean!
    $amount: String!
    $paymentDate: String!
    $authorization: String
    $incomeAccountId: Int
    $houseId: ID
    $conceptId: Int
    $unknownPaymentId: ID
  ) {
    ...MatchingReceipts_query
  }
`;

const matchingReceiptsFragment = graphql`
  fragment MatchingReceipts_query on Query {
    matchingReceipts(
      amount: $amount
      paymentDate: $paymentDate
      authorization: $authorization
      incomeAccountId: $incomeAccountId
      houseId: $houseId
      conceptId: $conceptId
      unknownPaymentId: $unknownPaymentId
    ) @include(if: $valid) {
      id databaseId houseDatabaseId houseLabel description year month dueDate amount status
      concept { description }
    }
  }
`;

const matchMutation = graphql`
  mutation MatchingReceiptsMatchMutation($input: MatchUnknownPaymentInput!) {
    matchUnknownPayment(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationMatchUnknownPaymentSuccess { data { message } }
    }
  }
`;

const registerMutation = graphql`
  mutation MatchingReceiptsRegisterMutation($input: RegisterUnknownPaymentInput!) {
    registerUnknownPayment(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationRegisterUnknownPaymentSuccess { data { message } }
    }
  }
`;

interface Row {
  id: string;
  databaseId: number;
  houseDatabaseId: number;
  houseLabel: string;
  description: string;
  year: number;
  month: number;
  dueDate: string;
  amount: string;
  status: ReceiptStatus;
  concept: string;
}

/**
 * /unknown_payment/receipts: the pending receipts a payment could be for (spec 2 sections 2 and 4). With
 * id_unknown_payment the chosen receipt is paid with that unknown payment; without it the payment is
 * registered and applied at once. None: back to the register form, prefilled, with the spec's info.
 */
export default function MatchingReceipts({ queryRef }: ScreenProps<MatchingReceiptsQuery>) {
  const data = usePreloadedQuery<MatchingReceiptsQuery>(matchingReceiptsQuery, queryRef);
  return <MatchingReceiptsView query={data} />;
}

function MatchingReceiptsView({ query }: { query: MatchingReceipts_query$key }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const data = useFragment(matchingReceiptsFragment, query);
  const values = matchValues(search);
  const identified = /^\d+$/.test(values.id_unknown_payment);
  const match = useReceiptMutation<MatchingReceiptsMatchMutation>(matchMutation);
  const register = useReceiptMutation<MatchingReceiptsRegisterMutation>(registerMutation);
  const [chosen, setChosen] = useState<Row | null>(null);
  const rows: Row[] = (data.matchingReceipts ?? []).map((r) => ({
    ...r,
    dueDate: r.dueDate as string,
    amount: r.amount as string,
    status: r.status as ReceiptStatus,
    concept: r.concept.description,
  }));
  const valid = data.matchingReceipts != null;
  const empty = valid && rows.length === 0;

  useEffect(() => {
    if (!empty || identified) return;
    // Spec 2 section 4: nothing matches the form's data: back to the form, prefilled, with the info.
    notify('info', NO_MATCHING_RECEIPTS);
    const next = new URLSearchParams(search);
    next.set('no_match', '1');
    navigate(`/unknown_payments/form?${next.toString()}`, { replace: true });
  }, [empty, identified, navigate, search]);

  const apply = async () => {
    if (!chosen) return;
    const options = { success: (r: { data: { message: string } }) => r.data.message, onAlreadyPaid: () => setChosen(null) };
    const ok = identified
      ? await match.run({ id: globalId('UnknownPayment', values.id_unknown_payment), receiptId: chosen.id }, 'matchUnknownPayment', options)
      : await register.run(
          {
            incomeAccountId: Number(values.id_income_account),
            amount: values.amount,
            authorization: values.authorization || null,
            paymentDate: values.payment_date,
            comments: values.comments || null,
            houseId: globalId('House', String(chosen.houseDatabaseId)),
            receiptId: chosen.id,
          },
          'registerUnknownPayment',
          options,
        );
    setChosen(null);
    if (ok) navigate('/unknown_payments');
  };

  return (
    <Stack maw={1040}>
      <PageHeader
        title={t('unknownPayments.receipts.title')}
        description={
          valid ? t('unknownPayments.receipts.description', { amount: formatPesos(values.amount), date: formatDate(values.payment_date) }) : undefined
        }
        secondary={{ label: t('unknownPayments.receipts.back'), to: '/unknown_payments' }}
      />
      {!valid && <Alert color="yellow">{t('unknownPayments.receipts.invalid')}</Alert>}
      {empty && identified && (
        <Alert color="blue" role="status">
          <Stack gap={4}>
            <Text size="sm">{NO_MATCHING_RECEIPTS}</Text>
            <Text size="sm">{t('unknownPayments.receipts.noneIdentified')}</Text>
          </Stack>
        </Alert>
      )}
      {rows.length > 0 && (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={340}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('unknownPayments.receipts.receipt')}</Table.Th>
                  <Table.Th ta="right">{t('unknownPayments.receipts.amount')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/houses/${r.houseDatabaseId}/receipts/${r.databaseId}`} size="sm">
                        {r.description}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {t('unknownPayments.receipts.house')} {r.houseLabel} · {r.concept} · {formatPeriod(r.year, r.month)}
                      </Text>
                      <Group gap={6} mt={4}>
                        <Badge color={RECEIPT_STATUS_COLORS[r.status]} variant="light" size="sm" miw="max-content">
                          {t(`receipts.status.${r.status}`)}
                        </Badge>
                        <Text size="xs" c="dimmed">
                          {t('unknownPayments.receipts.dueDate')} {formatDate(r.dueDate)}
                        </Text>
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                      {formatPesos(r.amount)}
                    </Table.Td>
                    <Table.Td>
                      <Button size="compact-sm" onClick={() => setChosen(r)}>
                        {t('unknownPayments.receipts.apply')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <Modal opened={chosen !== null} onClose={() => setChosen(null)} title={t('unknownPayments.receipts.apply')}>
        <Stack>
          <Text size="sm">
            {chosen && t('unknownPayments.receipts.applyConfirm', { name: chosen.description, house: chosen.houseLabel, amount: formatPesos(values.amount) })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setChosen(null)}>
              {t('common.cancel')}
            </Button>
            <Button loading={match.inFlight || register.inFlight} onClick={() => void apply()}>
              {t('unknownPayments.receipts.apply')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

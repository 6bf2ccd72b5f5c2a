import { Alert, Button, Divider, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { graphql, usePreloadedQuery, useFragment } from 'react-relay';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PaymentCompletedQuery } from '../../../../__generated__/PaymentCompletedQuery.graphql';
import type { PaymentCompleted_query$key } from '../../../../__generated__/PaymentCompleted_query.graphql';
import { formatDateTime, formatPeriod, formatPesos } from '../../../../format.js';
import { useSession } from '../../../../components/SessionProvider.js';
import type { ScreenProps } from '../../../../router/screenRoute.js';
import { receiptsListPath } from '../receipts/receiptTexts.js';

export const paymentCompletedQuery = graphql`
  query PaymentCompletedQuery($id: ID!) {
    ...PaymentCompleted_query
  }
`;

const paymentCompletedFragment = graphql`
  fragment PaymentCompleted_query on Query {
    node(id: $id) {
      ... on Receipt {
        databaseId houseDatabaseId houseLabel description year month status amount transactionTotal
        paymentMethod paymentDate paymentAuthorization paymentReference accountEnding cardType
      }
    }
  }
`;

/**
 * /receipt/payed?receipt={id}&house={id}: the payment-completed page — what was paid, its
 * authorization, and the way back to the receipt and the receipts list.
 */
export default function PaymentCompleted({ queryRef }: ScreenProps<PaymentCompletedQuery>) {
  const data = usePreloadedQuery<PaymentCompletedQuery>(paymentCompletedQuery, queryRef);
  return <PaymentCompletedView query={data} />;
}

function PaymentCompletedView({ query }: { query: PaymentCompleted_query$key }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const { grants } = useSession();
  const data = useFragment(paymentCompletedFragment, query);
  const receipt = data.node?.databaseId ? data.node : null;
  const house = search.get('house');
  if (!receipt || (house && String(receipt.houseDatabaseId) !== house)) {
    return (
      <Stack maw={640}>
        <Alert color="yellow">{t('payments.completed.notFound')}</Alert>
        <Button component={Link} to="/houses/receipts" variant="light" w="fit-content">
          {t('payments.completed.viewReceipts')}
        </Button>
      </Stack>
    );
  }
  const paid = receipt.status === 'PAID';
  const receiptPath = `/houses/${receipt.houseDatabaseId}/receipts/${receipt.databaseId}`;
  const listPath = receiptsListPath(receipt.houseDatabaseId!, grants.has('AReceiptsRead'));
  const method = receipt.paymentMethod ? t(`receipts.method.${receipt.paymentMethod}`) : null;
  return (
    <Stack maw={640} mx="auto" w="100%">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} data-testid="payment-completed">
        <Stack gap="md" align="stretch">
          <Stack gap={6} align="center" ta="center">
            <ThemeIcon size={56} radius="xl" color={paid ? 'green' : 'yellow'} variant="light" aria-hidden>
              <Text fz={28} fw={700} lh={1}>
                {paid ? '✓' : '…'}
              </Text>
            </ThemeIcon>
            <Title order={2} fz={{ base: 'h3', sm: 'h2' }}>
              {paid ? t('payments.completed.title') : t('payments.inProgress.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {paid ? t('payments.completed.description') : t('payments.completed.pending')}
            </Text>
          </Stack>
          <Stack gap={2} align="center">
            <Text size="sm" c="dimmed">
              {t('payments.completed.amount')}
            </Text>
            <Text fz={32} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="paid-amount">
              {formatPesos((receipt.transactionTotal ?? receipt.amount) as string)}
            </Text>
          </Stack>
          <Divider />
          <Stack gap={8}>
            <Row label={t('payments.completed.receipt')} value={`${receipt.description} · ${formatPeriod(receipt.year!, receipt.month!)}`} />
            {method && <Row label={t('payments.completed.method')} value={method} />}
            {receipt.accountEnding && <Row label={t('payments.completed.card')} value={`•••• ${receipt.accountEnding}`} />}
            {receipt.paymentDate && <Row label={t('payments.completed.date')} value={formatDateTime(receipt.paymentDate as string)} />}
            {receipt.paymentAuthorization && (
              <Row label={t('payments.completed.authorization')} value={receipt.paymentAuthorization} testId="paid-authorization" />
            )}
            {receipt.paymentReference && <Row label={t('payments.completed.reference')} value={receipt.paymentReference} />}
          </Stack>
          <Group justify="center" gap="sm" wrap="wrap" mt="xs">
            <Button component={Link} to={receiptPath} variant="light">
              {t('payments.completed.viewReceipt')}
            </Button>
            <Button component={Link} to={listPath}>
              {t('payments.completed.viewReceipts')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Group>
  );
}

import { type ReactNode, useCallback, useTransition } from 'react';
import { Alert, Anchor, Badge, Button, Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReceiptDetailQuery } from '../../../../__generated__/ReceiptDetailQuery.graphql';
import type { ReceiptDetail_receipt$key } from '../../../../__generated__/ReceiptDetail_receipt.graphql';
import { formatDate, formatDateTime, formatMinusPesos, formatPeriod, formatPesos, formatPlusPesos } from '../../../../format.js';
import type { ReceiptStatus } from '../../../../../../core/receipts.js';
import { downloadFile } from '../../../../components/download.js';
import { notify } from '../../../../components/notify.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { useSession } from '../../../../components/SessionProvider.js';
import type { ScreenProps } from '../../../../router/screenRoute.js';
import { documentFileName, documentUrl, RECEIPT_DOCUMENTS, type ReceiptDocument } from './documents.js';
import { ReceiptActions } from './ReceiptActions.js';
import { RemoveManualAttachment } from './RemoveManualAttachment.js';
import { PayReceipt } from '../payments/PayReceipt.js';
import { RECEIPT_STATUS_COLORS, receiptsListPath, safeBack } from './receiptTexts.js';

export const receiptDetailQuery = graphql`
  query ReceiptDetailQuery($id: ID!) {
    node(id: $id) { ... on Receipt { houseDatabaseId } ...ReceiptDetail_receipt @alias }
  }
`;

const receiptFragment = graphql`
  fragment ReceiptDetail_receipt on Receipt @refetchable(queryName: "ReceiptDetailRefetchQuery") {
    id databaseId description year month dueDate
    sourceAmount discountAmount penaltyAmount amount transactionTotal
    hasDiscount discountEndDate hasPenalty deadlineDate penaltyDate
    status paymentMethod paymentDate realPaymentDate paymentAuthorization paymentReference accountEnding cardType
    creditsWallet notes maintenanceDatabaseId maintenanceOrdinary agreementDatabaseId houseDatabaseId houseLabel
    concept { description }
    wallet { name type }
    documents { receipt paymentInstructions externalPayment cfdiXml cfdiPdf attachment }
    ...ReceiptActions_receipt
    ...PayReceipt_receipt
  }
`;

/**
 * /houses/{houseId}/receipts/{receiptId}: every field of a receipt (amounts, dates, payment), its document
 * links and its actions menu; `?back=` names the list to return to.
 */
export default function ReceiptDetail({ queryRef }: ScreenProps<ReceiptDetailQuery>) {
  const { t } = useTranslation();
  const { houseId } = useParams();
  const data = usePreloadedQuery<ReceiptDetailQuery>(receiptDetailQuery, queryRef);
  const receipt = data.node?.ReceiptDetail_receipt ?? null;
  // A receipt of another house than the path says is not this page's.
  if (!receipt || String(data.node?.houseDatabaseId) !== houseId) {
    return (
      <Stack maw={640}>
        <Alert color="yellow">{t('receipts.detail.notFound')}</Alert>
      </Stack>
    );
  }
  return <Detail receipt={receipt} />;
}

function Detail({ receipt: key }: { receipt: ReceiptDetail_receipt$key }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { grants, session } = useSession();
  const [receipt, refetch] = useRefetchableFragment(receiptFragment, key);
  const [reloading, startTransition] = useTransition();
  const admin = grants.has('AReceiptsRead');
  const listPath = receiptsListPath(receipt.houseDatabaseId, admin);
  const back = safeBack(search.get('back')) ?? listPath;
  const status = receipt.status as ReceiptStatus;
  const reload = useCallback(
    () =>
      startTransition(() => {
        refetch({}, { fetchPolicy: 'network-only' });
      }),
    [refetch],
  );
  const none = t('receipts.detail.none');
  const money = (value: unknown) => (value === null || value === undefined ? none : formatPesos(value as string));
  const date = (value: unknown) => (value ? formatDate(value as string) : none);
  const documents = RECEIPT_DOCUMENTS.filter((doc) => receipt.documents[doc]);
  const paid = status === 'PAID' || !!receipt.paymentMethod;

  const download = async (doc: ReceiptDocument) => {
    const neighborhoodId = session.neighborhood?.databaseId;
    if (!neighborhoodId) return;
    const result = await downloadFile(documentUrl(neighborhoodId, receipt.houseDatabaseId, receipt.databaseId, doc), documentFileName(receipt.databaseId, doc));
    if (!result.ok) notify('danger', t('receipts.documents.failed'));
  };

  return (
    <Stack maw={1040} style={{ opacity: reloading ? 0.6 : 1 }}>
      <PageHeader
        title={receipt.description}
        description={`${t('receipts.house', { label: receipt.houseLabel })} · ${formatPeriod(receipt.year, receipt.month)}`}
        secondary={{ label: t('receipts.detail.back'), to: back }}
      >
        <ReceiptActions receipt={receipt} onReload={reload} onDeleted={() => navigate(back.startsWith(listPath) ? back : listPath)} />
      </PageHeader>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {status === 'PAID' ? t('receipts.detail.paid') : t('receipts.detail.amount')}
            </Text>
            <Title order={3} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="receipt-amount">
              {formatPesos(((status === 'PAID' ? receipt.transactionTotal : null) ?? receipt.amount) as string)}
            </Title>
            <Text size="sm" c="dimmed">
              {t('receipts.dueOn', { date: date(receipt.dueDate) })}
            </Text>
          </Stack>
          <Badge size="lg" color={RECEIPT_STATUS_COLORS[status]} variant="light" data-testid="receipt-status">
            {t(`receipts.status.${status}`)}
          </Badge>
        </Group>
      </Paper>
      <PayReceipt receipt={receipt} onReload={reload} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title={t('receipts.detail.amounts')}>
          <Field label={t('receipts.detail.sourceAmount')} value={money(receipt.sourceAmount)} />
          {(receipt.hasDiscount || receipt.discountAmount) && (
            <Field
              label={t('receipts.detail.discount')}
              value={receipt.discountAmount ? formatMinusPesos(receipt.discountAmount) : none}
              hint={receipt.discountEndDate ? t('receipts.detail.discountUntil', { date: date(receipt.discountEndDate) }) : undefined}
            />
          )}
          {(receipt.hasPenalty || receipt.penaltyAmount) && (
            <Field
              label={t('receipts.detail.penalty')}
              value={receipt.penaltyAmount ? formatPlusPesos(receipt.penaltyAmount) : none}
              hint={receipt.penaltyDate ? t('receipts.detail.penaltySince', { date: date(receipt.penaltyDate) }) : undefined}
            />
          )}
          <Divider />
          <Field label={t('receipts.detail.amount')} value={money(receipt.amount)} strong />
          {receipt.transactionTotal && <Field label={t('receipts.detail.paid')} value={money(receipt.transactionTotal)} strong />}
        </Section>
        <Section title={t('receipts.detail.dates')}>
          <Field label={t('receipts.detail.period')} value={formatPeriod(receipt.year, receipt.month)} />
          <Field label={t('receipts.detail.dueDate')} value={date(receipt.dueDate)} />
          {receipt.hasDiscount && <Field label={t('receipts.detail.discountEndDate')} value={date(receipt.discountEndDate)} />}
          {receipt.hasPenalty && <Field label={t('receipts.detail.deadlineDate')} value={date(receipt.deadlineDate)} />}
          {receipt.penaltyDate && <Field label={t('receipts.detail.penaltyDate')} value={date(receipt.penaltyDate)} />}
        </Section>
        <Section title={t('receipts.detail.payment')}>
          {paid ? (
            <>
              <Field label={t('receipts.detail.method')} value={receipt.paymentMethod ? t(`receipts.method.${receipt.paymentMethod}`) : none} />
              {receipt.paymentDate && <Field label={t('receipts.detail.paymentDate')} value={formatDateTime(receipt.paymentDate as string)} />}
              {receipt.realPaymentDate && <Field label={t('receipts.detail.realPaymentDate')} value={date(receipt.realPaymentDate)} />}
              {receipt.paymentAuthorization && <Field label={t('receipts.detail.authorization')} value={receipt.paymentAuthorization} />}
              {receipt.paymentReference && <Field label={t('receipts.detail.reference')} value={receipt.paymentReference} />}
              {receipt.accountEnding && <Field label={t('receipts.detail.accountEnding')} value={receipt.accountEnding} />}
              {receipt.cardType && <Field label={t('receipts.detail.cardType')} value={receipt.cardType} />}
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {t('receipts.detail.notPaid')}
            </Text>
          )}
        </Section>
        <Section title={t('receipts.detail.concept')}>
          <Field label={t('receipts.detail.concept')} value={receipt.concept.description} />
          <Field label={t('receipts.detail.wallet')} value={receipt.wallet.name} />
          {receipt.maintenanceDatabaseId != null && (
            <Field
              label={t('receipts.detail.maintenance')}
              value={receipt.maintenanceOrdinary === false ? t('receipts.detail.extraordinary') : t('receipts.detail.ordinary')}
            />
          )}
          {receipt.agreementDatabaseId != null && (
            <Field
              label={t('receipts.detail.agreement')}
              value={
                admin ? (
                  <Anchor component={Link} to={`/houses/${receipt.houseDatabaseId}/receipts?id_agreement=${receipt.agreementDatabaseId}`} size="sm">
                    {t('receipts.detail.agreementLink', { id: receipt.agreementDatabaseId })}
                  </Anchor>
                ) : (
                  t('receipts.detail.agreementLink', { id: receipt.agreementDatabaseId })
                )
              }
            />
          )}
          {receipt.creditsWallet && (
            <Text size="xs" c="dimmed">
              {t('receipts.detail.creditsWallet')}
            </Text>
          )}
        </Section>
        <Section title={t('receipts.detail.documents')}>
          {documents.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('receipts.detail.noDocuments')}
            </Text>
          ) : (
            <Group gap="xs" wrap="wrap">
              {documents.map((doc) => (
                <Button key={doc} size="xs" variant="light" onClick={() => void download(doc)}>
                  {t(`receipts.documents.${doc}`)}
                </Button>
              ))}
              <RemoveManualAttachment receipt={receipt} onReload={reload} />
            </Group>
          )}
        </Section>
        <Section
          title={t('receipts.detail.notes')}
          action={
            <Anchor component={Link} to={`/receipts/${receipt.databaseId}/notes`} size="sm">
              {grants.has('AReceiptsUpdate') ? t('receipts.detail.editNotes') : t('receipts.detail.readNotes')}
            </Anchor>
          }
        >
          <Text size="sm" c={receipt.notes ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {receipt.notes || t('receipts.detail.noNotes')}
          </Text>
        </Section>
      </SimpleGrid>
    </Stack>
  );
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{title}</Text>
          {action}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

function Field({ label, value, hint, strong }: { label: string; value: ReactNode; hint?: string; strong?: boolean }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Stack gap={0} align="flex-end" miw={0}>
        <Text size="sm" fw={strong ? 700 : 500} ta="right" style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>
          {value}
        </Text>
        {hint && (
          <Text size="xs" c="dimmed" ta="right">
            {hint}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

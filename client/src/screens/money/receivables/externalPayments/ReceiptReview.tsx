import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Modal, Paper, Radio, Stack, Text } from '@mantine/core';
import { fetchQuery, graphql, usePreloadedQuery, useRelayEnvironment, useFragment } from 'react-relay';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReceiptReviewQuery } from '../../../../__generated__/ReceiptReviewQuery.graphql';
import type { ReceiptReview_query$data, ReceiptReview_query$key } from '../../../../__generated__/ReceiptReview_query.graphql';
import type { ReceiptReviewMutation } from '../../../../__generated__/ReceiptReviewMutation.graphql';
import type { ReceiptReviewCancelMutation } from '../../../../__generated__/ReceiptReviewCancelMutation.graphql';
import type { ReceiptReviewUnknownQuery, ReceiptReviewUnknownQuery$data } from '../../../../__generated__/ReceiptReviewUnknownQuery.graphql';
import { formatPesos } from '../../../../../../core/money.js';
import { notify } from '../../../../components/notify.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { useSession } from '../../../../components/SessionProvider.js';
import type { ScreenProps } from '../../../../router/screenRoute.js';
import { useReceiptMutation } from '../receipts/receiptMutation.js';
import { dateTime, periodText, RECEIPT_STATUS_COLORS, receiptsListPath, shortDate } from '../receipts/receiptTexts.js';
import { ExternalPaymentFields, type ExternalPaymentValues, externalPaymentInput, useExternalPaymentForm } from './paymentFields.js';

export const receiptReviewQuery = graphql`
  query ReceiptReviewQuery($id: ID!) {
    ...ReceiptReview_query
  }
`;

const receiptReviewFragment = graphql`
  fragment ReceiptReview_query on Query {
    node(id: $id) {
      ... on Receipt {
        id databaseId houseDatabaseId houseLabel description year month amount status
        externalPayment {
          method cardType incomeAccountDatabaseId accountEnding authorization notes message paymentDate
          attachmentFileId state sentAt unknownPaymentDatabaseId
        }
      }
    }
    paymentAccounts { databaseId description maskedNumber bankName }
  }
`;

const unknownQuery = graphql`
  query ReceiptReviewUnknownQuery($receiptId: ID!, $authorization: String, $paymentDate: String) {
    unknownPaymentsForReview(receiptId: $receiptId, authorization: $authorization, paymentDate: $paymentDate) {
      databaseId amount authorization paymentDate comments
    }
  }
`;

const reviewMutation = graphql`
  mutation ReceiptReviewMutation($input: ReviewExternalPaymentInput!) {
    reviewExternalPayment(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationReviewExternalPaymentSuccess { data { message action receipt { id status group paymentMethod } } }
    }
  }
`;

const cancelMutation = graphql`
  mutation ReceiptReviewCancelMutation($input: CancelReceiptReviewInput!) {
    cancelReceiptReview(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationCancelReceiptReviewSuccess { data { message receipt { id status group paymentMethod } } }
    }
  }
`;

/** Spec 1 section 8: the "no unknown payment matches" message. */
export const NO_MATCHING_UNKNOWN = 'No hay pagos no reconocidos que concuerden con el pago revisado';

type Action = 'SAVE' | 'APPROVE' | 'DECLINE' | 'CANCEL_REVIEW';
type Found = ReceiptReviewUnknownQuery$data['unknownPaymentsForReview'][number];

/** What each confirmation says: its title (also its button) and its question. */
const CONFIRM_TEXTS: Record<Exclude<Action, 'SAVE'>, { title: string; question: string; color: string }> = {
  APPROVE: { title: 'externalPayments.review.approve', question: 'externalPayments.review.approveConfirm', color: 'green' },
  DECLINE: { title: 'externalPayments.review.decline', question: 'externalPayments.review.declineConfirm', color: 'red' },
  CANCEL_REVIEW: { title: 'receipts.actions.cancelReview', question: 'externalPayments.review.cancelConfirm', color: 'orange' },
};

/**
 * /receipts/{receiptId}/review: the external payment of a receipt in REVIEW. House users correct and save
 * it; administrators (AReceiptsExternalPaymentsUpdate) save, accept (the receipt is paid, and they land on
 * the COMPLETED tab) or decline it (back to the house's receipts), optionally with a matching unknown payment.
 * A receipt in REVIEW without a readable external payment (an older database kept none) says so: the form
 * captures the payment anew, and administrators may cancel the review (the receipt is pending again).
 */
export default function ReceiptReview({ queryRef }: ScreenProps<ReceiptReviewQuery>) {
  const data = usePreloadedQuery<ReceiptReviewQuery>(receiptReviewQuery, queryRef);
  return <ReceiptReviewView query={data} />;
}

function ReceiptReviewView({ query }: { query: ReceiptReview_query$key }) {
  const { t } = useTranslation();
  const data = useFragment(receiptReviewFragment, query);
  const receipt = data.node?.databaseId ? data.node : null;
  if (!receipt?.id || receipt.houseDatabaseId == null) return <Alert color="yellow">{t('externalPayments.notFound')}</Alert>;
  return <Review receipt={receipt as Receipt} accounts={data.paymentAccounts} />;
}

type Receipt = NonNullable<ReceiptReview_query$data['node']> & { id: string; databaseId: number; houseDatabaseId: number };

function Review({ receipt, accounts }: { receipt: Receipt; accounts: ReceiptReview_query$data['paymentAccounts'] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const environment = useRelayEnvironment();
  const { grants } = useSession();
  const admin = grants.has('AReceiptsExternalPaymentsUpdate');
  const ep = receipt.externalPayment;
  // The account it names may be gone, or never kept (an older database): then the review chooses one.
  const accountKnown = ep?.incomeAccountDatabaseId != null && accounts.some((a) => a.databaseId === ep.incomeAccountDatabaseId);
  const form = useExternalPaymentForm(
    ep
      ? {
          method: ep.method,
          cardType: ep.cardType ?? '',
          incomeAccountId: accountKnown ? String(ep.incomeAccountDatabaseId) : '',
          accountEnding: ep.accountEnding ?? '',
          authorization: ep.authorization ?? '',
          paymentDate: String(ep.paymentDate),
          notes: ep.notes ?? '',
          message: ep.message ?? '',
        }
      : {},
  );
  const review = useReceiptMutation<ReceiptReviewMutation>(reviewMutation);
  const cancelReview = useReceiptMutation<ReceiptReviewCancelMutation>(cancelMutation);
  const canCancel = grants.has('AReceiptsUpdate');
  const [confirm, setConfirm] = useState<Exclude<Action, 'SAVE'> | null>(null);
  const [found, setFound] = useState<readonly Found[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [unknownId, setUnknownId] = useState<number | null>(null);
  const listPath = receiptsListPath(receipt.houseDatabaseId, grants.has('AReceiptsRead'));
  const detailPath = `/houses/${receipt.houseDatabaseId}/receipts/${receipt.databaseId}`;
  const name = `${receipt.description} (${periodText(receipt.year ?? 0, receipt.month ?? 0)})`;
  const inReview = receipt.status === 'REVIEW';
  // In REVIEW with nothing readable to review: an older database kept no external payment for it.
  const missing = inReview && !ep;
  const busy = review.inFlight || cancelReview.inFlight;

  const cancel = async () => {
    setConfirm(null);
    const result = await cancelReview.run({ receiptId: receipt.id }, 'cancelReceiptReview', {
      success: (r: { data: { message: string } }) => r.data.message,
      onAlreadyPaid: () => navigate(`${listPath}?group=COMPLETED`),
    });
    if (result) navigate(listPath);
  };

  const send = (action: Exclude<Action, 'CANCEL_REVIEW'>) =>
    form.handleSubmit(async (values) => {
      setConfirm(null);
      const result = await review.run(
        {
          receiptId: receipt.id,
          ...externalPaymentInput(values as ExternalPaymentValues),
          action,
          unknownPaymentId: action === 'APPROVE' ? unknownId : null,
        },
        'reviewExternalPayment',
        { form: form as never, success: (r: { data: { message: string } }) => r.data.message, onAlreadyPaid: () => navigate(`${listPath}?group=COMPLETED`) },
      );
      if (!result) return;
      // Spec 1 section 4: approve leads to the COMPLETED group; other outcomes to the house's receipts.
      if (result.data?.action === 'APPROVE') navigate(`${listPath}?group=COMPLETED`);
      else navigate(listPath);
    })();

  const searchUnknown = async () => {
    const values = form.getValues();
    setSearching(true);
    try {
      const answer = await fetchQuery<ReceiptReviewUnknownQuery>(
        environment,
        unknownQuery,
        { receiptId: receipt.id, authorization: values.authorization.trim() || null, paymentDate: values.paymentDate || null },
        { fetchPolicy: 'network-only' },
      ).toPromise();
      const list = answer?.unknownPaymentsForReview ?? [];
      setFound(list);
      if (list.length === 0) notify('info', NO_MATCHING_UNKNOWN);
    } catch {
      notify('danger', NO_MATCHING_UNKNOWN);
    } finally {
      setSearching(false);
    }
  };

  return (
    <Stack maw={820}>
      <PageHeader
        title={t('externalPayments.review.title')}
        description={`${name} · ${t('receipts.house', { label: receipt.houseLabel })} · ${formatPesos(receipt.amount as string)}`}
        secondary={{ label: t('externalPayments.back'), to: detailPath }}
      >
        <Badge color={RECEIPT_STATUS_COLORS[receipt.status as keyof typeof RECEIPT_STATUS_COLORS] ?? 'gray'} variant="light" size="lg">
          {t(`receipts.status.${receipt.status}`)}
        </Badge>
      </PageHeader>
      {missing ? (
        <Alert color="orange" title={t('externalPayments.review.missingTitle')}>
          <Stack gap="sm">
            <Text size="sm">{t(admin ? 'externalPayments.review.missingAdmin' : 'externalPayments.review.missingHouse')}</Text>
            {canCancel && (
              <Group>
                <Button color="orange" variant="light" onClick={() => setConfirm('CANCEL_REVIEW')} disabled={busy}>
                  {t('receipts.actions.cancelReview')}
                </Button>
              </Group>
            )}
          </Stack>
        </Alert>
      ) : !ep ? (
        <Alert color="yellow">{t('externalPayments.review.none')}</Alert>
      ) : (
        <>
          <Group gap="sm">
            <Badge variant="outline">{t(`externalPayments.review.state.${ep.state}`)}</Badge>
            {ep.sentAt && (
              <Text size="sm" c="dimmed">
                {t('externalPayments.review.sentAt', { date: dateTime(ep.sentAt as string) })}
              </Text>
            )}
            {ep.attachmentFileId && (
              <Anchor href={`/api/1.0/files/${ep.attachmentFileId}`} target="_blank" size="sm">
                {t('externalPayments.review.attachmentLink')}
              </Anchor>
            )}
          </Group>
          {ep.message && (
            <Alert color="blue" title={t('externalPayments.review.payerMessage')}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {ep.message}
              </Text>
            </Alert>
          )}
          {!inReview && <Alert color="gray">{t('externalPayments.review.notInReview')}</Alert>}
          {inReview && !accountKnown && <Alert color="yellow">{t('externalPayments.review.noAccount')}</Alert>}
        </>
      )}
      {inReview && (
        <Paper withBorder radius="md" p="md">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void send('SAVE');
            }}
            noValidate
          >
            <Stack>
              <ExternalPaymentFields form={form} accounts={accounts} withMessage={!admin} hasAttachment={!!ep?.attachmentFileId} />
              {admin && (
                <Paper withBorder radius="md" p="sm" bg="gray.0">
                  <Stack gap="xs">
                    <Text fw={600} size="sm">
                      {t('externalPayments.review.unknown.title')}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('externalPayments.review.unknown.hint')}
                    </Text>
                    <Group>
                      <Button size="xs" variant="light" loading={searching} onClick={() => void searchUnknown()}>
                        {t('externalPayments.review.unknown.search')}
                      </Button>
                      {unknownId !== null && (
                        <Button size="xs" variant="subtle" onClick={() => setUnknownId(null)}>
                          {t('externalPayments.review.unknown.clear')}
                        </Button>
                      )}
                    </Group>
                    {found && found.length === 0 && (
                      <Text size="sm" c="dimmed" role="status">
                        {NO_MATCHING_UNKNOWN}
                      </Text>
                    )}
                    {found && found.length > 0 && (
                      <Radio.Group value={unknownId === null ? null : String(unknownId)} onChange={(v) => setUnknownId(v ? Number(v) : null)}>
                        <Stack gap={6}>
                          {found.map((u) => (
                            <Radio
                              key={u.databaseId}
                              value={String(u.databaseId)}
                              label={t('externalPayments.review.unknown.row', {
                                amount: formatPesos(u.amount as string),
                                date: shortDate(u.paymentDate as string),
                                authorization: u.authorization ?? '—',
                              })}
                              description={u.comments ?? undefined}
                            />
                          ))}
                        </Stack>
                      </Radio.Group>
                    )}
                    {unknownId !== null && (
                      <Text size="xs" c="blue">
                        {t('externalPayments.review.unknown.chosen', { id: unknownId })}
                      </Text>
                    )}
                  </Stack>
                </Paper>
              )}
              <Group>
                <Button type="submit" variant={admin ? 'default' : 'filled'} loading={review.inFlight} disabled={cancelReview.inFlight}>
                  {t('externalPayments.review.save')}
                </Button>
                {admin && (
                  <>
                    <Button color="green" onClick={() => setConfirm('APPROVE')} disabled={busy}>
                      {t('externalPayments.review.approve')}
                    </Button>
                    <Button color="red" variant="light" onClick={() => setConfirm('DECLINE')} disabled={busy}>
                      {t('externalPayments.review.decline')}
                    </Button>
                  </>
                )}
                <Button variant="subtle" component={Link} to={detailPath}>
                  {t('common.cancel')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
      <Modal opened={confirm !== null} onClose={() => setConfirm(null)} title={confirm ? t(CONFIRM_TEXTS[confirm].title) : ''}>
        <Stack>
          <Text size="sm">{confirm ? t(CONFIRM_TEXTS[confirm].question) : ''}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              color={confirm ? CONFIRM_TEXTS[confirm].color : 'green'}
              loading={busy}
              onClick={() => {
                if (confirm === 'CANCEL_REVIEW') void cancel();
                else if (confirm) void send(confirm);
              }}
            >
              {confirm ? t(CONFIRM_TEXTS[confirm].title) : ''}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

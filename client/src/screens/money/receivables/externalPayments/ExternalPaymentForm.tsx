import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { graphql, usePreloadedQuery, useFragment } from 'react-relay';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ExternalPaymentFormQuery } from '../../../../__generated__/ExternalPaymentFormQuery.graphql';
import type { ExternalPaymentForm_query$key } from '../../../../__generated__/ExternalPaymentForm_query.graphql';
import type { ExternalPaymentFormMutation } from '../../../../__generated__/ExternalPaymentFormMutation.graphql';
import { formatPeriod, formatPesos } from '../../../../format.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { useSession } from '../../../../components/SessionProvider.js';
import type { ScreenProps } from '../../../../router/screenRoute.js';
import { useReceiptMutation } from '../receipts/receiptMutation.js';
import { receiptsListPath, safeBack } from '../receipts/receiptTexts.js';
import { ExternalPaymentFields, type ExternalPaymentValues, externalPaymentInput, useExternalPaymentForm } from './paymentFields.js';

export const externalPaymentFormQuery = graphql`
  query ExternalPaymentFormQuery($id: ID!) {
    ...ExternalPaymentForm_query
  }
`;

const externalPaymentFormFragment = graphql`
  fragment ExternalPaymentForm_query on Query {
    node(id: $id) { ... on Receipt { id databaseId houseDatabaseId description year month amount status } }
    paymentAccounts { databaseId description maskedNumber bankName }
  }
`;

const createMutation = graphql`
  mutation ExternalPaymentFormMutation($input: CreateExternalPaymentInput!) {
    createExternalPayment(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationCreateExternalPaymentSuccess { data { message action receipt { id status group paymentMethod } } }
    }
  }
`;

/**
 * /receipts/{receiptId}/external-payment?back=…: a payment made outside the platform. Administrators
 * (AReceiptsExternalPaymentsCreate) register it and the receipt is paid; house users send it to review.
 */
export default function ExternalPaymentForm({ queryRef }: ScreenProps<ExternalPaymentFormQuery>) {
  const data = usePreloadedQuery<ExternalPaymentFormQuery>(externalPaymentFormQuery, queryRef);
  return <ExternalPaymentFormView query={data} />;
}

function ExternalPaymentFormView({ query }: { query: ExternalPaymentForm_query$key }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { grants } = useSession();
  const data = useFragment(externalPaymentFormFragment, query);
  const receipt = data.node?.databaseId ? data.node : null;
  const admin = grants.has('AReceiptsExternalPaymentsCreate');
  const form = useExternalPaymentForm({});
  const create = useReceiptMutation<ExternalPaymentFormMutation>(createMutation);
  if (!receipt?.id || receipt.houseDatabaseId == null) return <Alert color="yellow">{t('externalPayments.notFound')}</Alert>;

  const listPath = receiptsListPath(receipt.houseDatabaseId, grants.has('AReceiptsRead'));
  const back = safeBack(search.get('back')) ?? `/houses/${receipt.houseDatabaseId}/receipts/${receipt.databaseId}`;
  const name = `${receipt.description} (${formatPeriod(receipt.year ?? 0, receipt.month ?? 0)})`;
  const status = receipt.status;

  const save = form.handleSubmit(async (values) => {
    const result = await create.run({ receiptId: receipt.id, ...externalPaymentInput(values as ExternalPaymentValues) }, 'createExternalPayment', {
      form: form as never,
      success: (r: { data: { message: string } }) => r.data.message,
      onAlreadyPaid: () => navigate(back),
    });
    if (!result) return;
    // Spec 1 section 4: a payment registered by the administration lands in the COMPLETED tab.
    navigate(result.data?.action === 'REGISTER' ? `${listPath}?group=COMPLETED` : back);
  });

  return (
    <Stack maw={760}>
      <PageHeader
        title={t('externalPayments.title')}
        description={t('externalPayments.description', { name, amount: formatPesos(receipt.amount as string) })}
        secondary={{ label: t('externalPayments.back'), to: back }}
      />
      {status === 'PAID' ? (
        <Alert color="green">{t('externalPayments.paid')}</Alert>
      ) : status === 'REVIEW' ? (
        <Alert color="orange">
          <Group gap="xs">
            <Text size="sm">{t('externalPayments.inReview')}</Text>
            <Anchor component={Link} to={`/receipts/${receipt.databaseId}/review`} size="sm">
              {t('externalPayments.openReview')}
            </Anchor>
          </Group>
        </Alert>
      ) : status === 'IN_PROGRESS' || status === 'CHARGE_BACK' ? (
        <Alert color="yellow">{t('externalPayments.notOpen')}</Alert>
      ) : (
        <Paper withBorder radius="md" p="md">
          <form onSubmit={save} noValidate>
            <Stack>
              <Text size="sm" c="dimmed">
                {admin ? t('externalPayments.adminHint') : t('externalPayments.ownerHint')}
              </Text>
              <ExternalPaymentFields form={form} accounts={data.paymentAccounts} withMessage={!admin} />
              <Group>
                <Button type="submit" loading={create.inFlight} disabled={data.paymentAccounts.length === 0}>
                  {t('externalPayments.submit')}
                </Button>
                <Button variant="default" component={Link} to={back}>
                  {t('common.cancel')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
    </Stack>
  );
}

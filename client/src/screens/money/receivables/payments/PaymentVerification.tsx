import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { graphql, useMutation } from 'react-relay';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PaymentVerificationMutation } from '../../../../__generated__/PaymentVerificationMutation.graphql';
import { PageHeader } from '../../../../components/PageHeader.js';
import { typedError } from '../../../../components/mutationResult.js';
import { globalId } from '../../../../relay/ids.js';
import { CallError } from '../../../../relay/request.js';
import { errorMessage } from '../../../../components/errors.js';

const verifyMutation = graphql`
  mutation PaymentVerificationMutation($input: VerifyReceiptChargeInput!) {
    verifyReceiptCharge(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationVerifyReceiptChargeSuccess { data { message charge { status errorMessage } } }
    }
  }
`;

type State = { kind: 'verifying' } | { kind: 'pending'; message: string } | { kind: 'failed'; message: string };

/**
 * /houses/{houseId}/receipts/{receiptId}/payment-verification?id={transactionId}: where the bank's
 * 3-D Secure page returns. Asks the server once to verify the charge with the gateway, then goes to the
 * payment-completed page, or says why not with a link back to the receipt.
 */
export default function PaymentVerification() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { houseId = '', receiptId = '' } = useParams();
  const [search] = useSearchParams();
  const transactionId = search.get('id')?.slice(0, 100) ?? '';
  const [commit] = useMutation<PaymentVerificationMutation>(verifyMutation);
  const [state, setState] = useState<State>({ kind: 'verifying' });
  const started = useRef(false);
  const receiptPath = `/houses/${houseId}/receipts/${receiptId}`;

  useEffect(() => {
    // Once per visit, even when React mounts the screen twice.
    if (started.current) return;
    started.current = true;
    if (!/^\d{1,10}$/.test(receiptId) || !transactionId) {
      setState({ kind: 'failed', message: t('payments.verification.missing') });
      return;
    }
    commit({
      variables: { input: { receiptId: globalId('Receipt', receiptId), transactionId } },
      onCompleted: (response) => {
        const result = response.verifyReceiptCharge;
        const error = typedError(result);
        if (error) {
          setState({ kind: 'failed', message: error.message ?? t('payments.verification.failed') });
          return;
        }
        if (result.__typename !== 'MutationVerifyReceiptChargeSuccess' || !result.data) return;
        const status = result.data.charge?.status;
        if (status === 'COMPLETED') {
          navigate(`/receipt/payed?receipt=${receiptId}&house=${houseId}`, { replace: true });
        } else if (status === 'IN_PROGRESS') {
          setState({ kind: 'pending', message: result.data.message || t('payments.verification.pending') });
        } else {
          setState({ kind: 'failed', message: result.data.charge?.errorMessage ?? result.data.message });
        }
      },
      onError: (e) =>
        setState({
          kind: 'failed',
          message: e instanceof CallError ? errorMessage({ status: e.status, data: e.data, key: e.key }) : errorMessage(null),
        }),
    });
  }, [commit, houseId, navigate, receiptId, t, transactionId]);

  return (
    <Stack maw={640}>
      <PageHeader title={t('payments.verification.title')} />
      <Paper withBorder radius="md" p="lg" data-testid="payment-verification">
        {state.kind === 'verifying' ? (
          <Group gap="sm">
            <Loader size="sm" />
            <Text>{t('payments.verification.verifying')}</Text>
          </Group>
        ) : (
          <Stack gap="sm">
            <Alert
              color={state.kind === 'pending' ? 'yellow' : 'red'}
              title={state.kind === 'failed' ? t('payments.verification.failed') : undefined}
              role={state.kind === 'failed' ? 'alert' : undefined}
            >
              {state.message}
            </Alert>
            <Anchor component={Link} to={receiptPath}>
              {t('payments.verification.back')}
            </Anchor>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

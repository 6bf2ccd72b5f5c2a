import { useState } from 'react';
import { Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import { graphql, useFragment } from 'react-relay';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { ReceiptActions_receipt$key } from '../../../../__generated__/ReceiptActions_receipt.graphql';
import type { ReceiptActionsRecalculateMutation } from '../../../../__generated__/ReceiptActionsRecalculateMutation.graphql';
import type { ReceiptActionsAddPenaltyMutation } from '../../../../__generated__/ReceiptActionsAddPenaltyMutation.graphql';
import type { ReceiptActionsRemovePenaltyMutation } from '../../../../__generated__/ReceiptActionsRemovePenaltyMutation.graphql';
import type { ReceiptActionsAddDiscountMutation } from '../../../../__generated__/ReceiptActionsAddDiscountMutation.graphql';
import type { ReceiptActionsRemoveDiscountMutation } from '../../../../__generated__/ReceiptActionsRemoveDiscountMutation.graphql';
import type { ReceiptActionsDeleteMutation } from '../../../../__generated__/ReceiptActionsDeleteMutation.graphql';
import type { ReceiptActionsCancelReviewMutation } from '../../../../__generated__/ReceiptActionsCancelReviewMutation.graphql';
import type { ReceiptActionsRemoveReferenceMutation } from '../../../../__generated__/ReceiptActionsRemoveReferenceMutation.graphql';
import type { ReceiptActionsSendInstructionsMutation } from '../../../../__generated__/ReceiptActionsSendInstructionsMutation.graphql';
import type { ReceiptActionsPayWithWalletMutation } from '../../../../__generated__/ReceiptActionsPayWithWalletMutation.graphql';
import type { ReceiptActionsRemoveWalletPaymentMutation } from '../../../../__generated__/ReceiptActionsRemoveWalletPaymentMutation.graphql';
import { formatPesos } from '../../../../format.js';
import { useReceiptMutation } from './receiptMutation.js';
import { useSession } from '../../../../components/SessionProvider.js';

const EXTERNAL_PAYMENT_GRANTS = [
  'AReceiptsExternalPaymentsCreate',
  'OReceiptsExternalPaymentsCreate',
  'SReceiptsExternalPaymentsCreate',
  'RReceiptsExternalPaymentsCreate',
];
const REVIEW_GRANTS = [
  'AReceiptsExternalPaymentsUpdate',
  'OReceiptsExternalPaymentsUpdate',
  'SReceiptsExternalPaymentsUpdate',
  'RReceiptsExternalPaymentsUpdate',
];

const actionsFragment = graphql`
  fragment ReceiptActions_receipt on Receipt {
    id databaseId status description amount transactionTotal maintenanceDatabaseId
    wallet { name }
    actions {
      allowExternalPayment allowUpdateReceipt allowAddPenalization allowDeletePenalization allowAddDiscount allowDeleteDiscount allowDeleteReceipt
      allowCancelReview allowDeleteReference allowSendPaymentInstructions allowPayWithWallet allowDeletePayment
    }
    cfdiActions { allowReadCfdi allowGenerateCfdi allowCancelCfdi }
  }
`;

// Every action answers the receipt as it is now, so the screen shows the new amounts and flags at once.
const recalculateMutation = graphql`
  mutation ReceiptActionsRecalculateMutation($input: RecalculateReceiptInput!) {
    recalculateReceipt(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationRecalculateReceiptSuccess { data { message recalculated receipt { id ...ReceiptDetail_receipt } } }
    }
  }
`;
const addPenaltyMutation = graphql`
  mutation ReceiptActionsAddPenaltyMutation($input: AddReceiptPenaltyInput!) {
    addReceiptPenalty(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationAddReceiptPenaltySuccess { data { message receipt { id ...ReceiptDetail_receipt } } }
    }
  }
`;
const removePenaltyMutation = graphql`
  mutation ReceiptActionsRemovePenaltyMutation($input: RemoveReceiptPenaltyInput!) {
    removeReceiptPenalty(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationRemoveReceiptPenaltySuccess { data { message receipt { id ...ReceiptDetail_receipt } } }
    }
  }
`;
const addDiscountMutation = graphql`
  mutation ReceiptActionsAddDiscountMutation($input: AddReceiptDiscountInput!) {
    addReceiptDiscount(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationAddReceiptDiscountSuccess { data { message receipt { id ...ReceiptDetail_receipt } } }
    }
  }
`;
const removeDiscountMutation = graphql`
  mutation ReceiptActionsRemoveDiscountMutation($input: RemoveReceiptDiscountInput!) {
    removeReceiptDiscount(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationRemoveReceiptDiscountSuccess { data { message receipt { id ...ReceiptDetail_receipt } } }
    }
  }
`;
const deleteMutation = graphql`
  mutation ReceiptActionsDeleteMutation($input: DeleteReceiptInput!) {
    deleteReceipt(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationDeleteReceiptSuccess { data { message } }
    }
  }
`;
const cancelReviewMutation = graphql`
  mutation ReceiptActionsCancelReviewMutation($input: CancelReceiptReviewInput!) {
    cancelReceiptReview(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationCancelReceiptReviewSuccess { data { message receipt { id ...ReceiptDetail_receipt } } }
    }
  }
`;
const removeReferenceMutation = graphql`
  mutation ReceiptActionsRemoveReferenceMutation($input: RemoveReceiptPaymentReferenceInput!) {
    removeReceiptPaymentReference(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationRemoveReceiptPaymentReferenceSuccess { data { message receipt { id ...ReceiptDetail_receipt } } }
    }
  }
`;
const sendInstructionsMutation = graphql`
  mutation ReceiptActionsSendInstructionsMutation($input: SendReceiptPaymentInstructionsInput!) {
    sendReceiptPaymentInstructions(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationSendReceiptPaymentInstructionsSuccess { data { message receipt { id ...ReceiptDetail_receipt } } }
    }
  }
`;
const payWithWalletMutation = graphql`
  mutation ReceiptActionsPayWithWalletMutation($input: PayReceiptWithWalletInput!) {
    payReceiptWithWallet(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationPayReceiptWithWalletSuccess { data { message receipt { id ...ReceiptDetail_receipt } } }
    }
  }
`;
const removeWalletPaymentMutation = graphql`
  mutation ReceiptActionsRemoveWalletPaymentMutation($input: RemoveReceiptWalletPaymentInput!) {
    removeReceiptWalletPayment(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationRemoveReceiptWalletPaymentSuccess { data { message receipt { id ...ReceiptDetail_receipt } } }
    }
  }
`;

type Confirm = 'delete' | 'pay' | 'removePayment' | null;
const message = (result: { data: { message: string } }) => result.data.message;

/**
 * The receipt's actions (spec 1 section 4), each offered only when its flag says so: "Pagar con Monedero"
 * as its own button, the rest in the «Acciones» menu. Deleting and moving wallet money ask first. A
 * receipt paid meanwhile (2079) warns and reloads it (`onReload`).
 */
export function ReceiptActions({ receipt: key, onReload, onDeleted }: { receipt: ReceiptActions_receipt$key; onReload: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const receipt = useFragment(actionsFragment, key);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const recalculate = useReceiptMutation<ReceiptActionsRecalculateMutation>(recalculateMutation);
  const addPenalty = useReceiptMutation<ReceiptActionsAddPenaltyMutation>(addPenaltyMutation);
  const removePenalty = useReceiptMutation<ReceiptActionsRemovePenaltyMutation>(removePenaltyMutation);
  const addDiscount = useReceiptMutation<ReceiptActionsAddDiscountMutation>(addDiscountMutation);
  const removeDiscount = useReceiptMutation<ReceiptActionsRemoveDiscountMutation>(removeDiscountMutation);
  const remove = useReceiptMutation<ReceiptActionsDeleteMutation>(deleteMutation);
  const cancelReview = useReceiptMutation<ReceiptActionsCancelReviewMutation>(cancelReviewMutation);
  const removeReference = useReceiptMutation<ReceiptActionsRemoveReferenceMutation>(removeReferenceMutation);
  const sendInstructions = useReceiptMutation<ReceiptActionsSendInstructionsMutation>(sendInstructionsMutation);
  const pay = useReceiptMutation<ReceiptActionsPayWithWalletMutation>(payWithWalletMutation);
  const removePayment = useReceiptMutation<ReceiptActionsRemoveWalletPaymentMutation>(removeWalletPaymentMutation);
  const a = receipt.actions;
  const { grants } = useSession();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const input = { receiptId: receipt.id };
  const options = { success: message, onAlreadyPaid: onReload };
  const busy = [
    recalculate,
    addPenalty,
    removePenalty,
    addDiscount,
    removeDiscount,
    remove,
    cancelReview,
    removeReference,
    sendInstructions,
    pay,
    removePayment,
  ].some((m) => m.inFlight);
  const names = { name: receipt.description, amount: formatPesos(receipt.amount as string), wallet: receipt.wallet.name };

  const items = [
    a.allowUpdateReceipt && (
      <Menu.Item
        key="recalculate"
        onClick={() =>
          void recalculate.run(input, 'recalculateReceipt', {
            ...options,
            // Nothing changed: the server's message as information, not as a success.
            success: (result: { data: { message: string; recalculated: boolean | null } }) =>
              result.data.recalculated === false ? ['info', result.data.message] : result.data.message,
          })
        }
      >
        {t('receipts.actions.recalculate')}
      </Menu.Item>
    ),
    a.allowAddPenalization && (
      <Menu.Item key="addPenalty" onClick={() => void addPenalty.run(input, 'addReceiptPenalty', options)}>
        {t('receipts.actions.addPenalty')}
      </Menu.Item>
    ),
    a.allowDeletePenalization && (
      <Menu.Item key="removePenalty" onClick={() => void removePenalty.run(input, 'removeReceiptPenalty', options)}>
        {t('receipts.actions.removePenalty')}
      </Menu.Item>
    ),
    a.allowAddDiscount && (
      <Menu.Item key="addDiscount" onClick={() => void addDiscount.run(input, 'addReceiptDiscount', options)}>
        {t('receipts.actions.addDiscount')}
      </Menu.Item>
    ),
    a.allowDeleteDiscount && (
      <Menu.Item key="removeDiscount" onClick={() => void removeDiscount.run(input, 'removeReceiptDiscount', options)}>
        {t('receipts.actions.removeDiscount')}
      </Menu.Item>
    ),
    a.allowExternalPayment && EXTERNAL_PAYMENT_GRANTS.some((g) => grants.has(g)) && (
      <Menu.Item key="externalPayment" component={Link} to={`/receipts/${receipt.databaseId}/external-payment?back=${encodeURIComponent(here)}`}>
        {t('receipts.actions.externalPayment')}
      </Menu.Item>
    ),
    receipt.status === 'REVIEW' && REVIEW_GRANTS.some((g) => grants.has(g)) && (
      <Menu.Item key="review" component={Link} to={`/receipts/${receipt.databaseId}/review?back=${encodeURIComponent(here)}`}>
        {t('receipts.actions.review')}
      </Menu.Item>
    ),
    a.allowCancelReview && (
      <Menu.Item key="cancelReview" onClick={() => void cancelReview.run(input, 'cancelReceiptReview', options)}>
        {t('receipts.actions.cancelReview')}
      </Menu.Item>
    ),
    a.allowDeleteReference && (
      <Menu.Item key="removeReference" onClick={() => void removeReference.run(input, 'removeReceiptPaymentReference', options)}>
        {t('receipts.actions.removeReference')}
      </Menu.Item>
    ),
    a.allowSendPaymentInstructions && (
      <Menu.Item key="sendInstructions" onClick={() => void sendInstructions.run(input, 'sendReceiptPaymentInstructions', options)}>
        {t('receipts.actions.sendInstructions')}
      </Menu.Item>
    ),
    a.allowPayWithWallet && (
      <Menu.Item key="pay" onClick={() => setConfirm('pay')}>
        {t('receipts.actions.payWithWallet')}
      </Menu.Item>
    ),
    a.allowDeletePayment && (
      <Menu.Item key="removePayment" onClick={() => setConfirm('removePayment')}>
        {t('receipts.actions.removeWalletPayment')}
      </Menu.Item>
    ),
    (receipt.cfdiActions?.allowReadCfdi || receipt.cfdiActions?.allowGenerateCfdi) && (
      <Menu.Item key="cfdis" component={Link} to={`/receipts/${receipt.databaseId}/cfdis`}>
        {t('cfdis.receiptMenu.view')}
      </Menu.Item>
    ),
    receipt.cfdiActions?.allowCancelCfdi && (
      <Menu.Item key="cancelCfdi" component={Link} to={`/receipts/${receipt.databaseId}/cfdis?cancel=1`}>
        {t('cfdis.receiptMenu.cancel')}
      </Menu.Item>
    ),
    a.allowDeleteReceipt && (
      <Menu.Item key="delete" color="red" onClick={() => setConfirm('delete')}>
        {t('receipts.actions.delete')}
      </Menu.Item>
    ),
  ].filter(Boolean);

  const confirmed = async () => {
    const which = confirm;
    if (which === 'delete') {
      const ok = await remove.run(input, 'deleteReceipt', options);
      setConfirm(null);
      if (ok) onDeleted();
    } else if (which === 'pay') {
      await pay.run(input, 'payReceiptWithWallet', options);
      setConfirm(null);
    } else if (which === 'removePayment') {
      await removePayment.run(input, 'removeReceiptWalletPayment', options);
      setConfirm(null);
    }
  };

  if (items.length === 0) return null;
  return (
    <>
      <Group gap="sm">
        {a.allowPayWithWallet && (
          <Button onClick={() => setConfirm('pay')} loading={pay.inFlight}>
            {t('receipts.actions.payWithWallet')}
          </Button>
        )}
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant={a.allowPayWithWallet ? 'default' : 'filled'} loading={busy && !pay.inFlight}>
              {t('receipts.actions.menu')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>{items}</Menu.Dropdown>
        </Menu>
      </Group>
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={
          confirm === 'delete'
            ? t('receipts.confirm.deleteTitle')
            : confirm === 'pay'
              ? t('receipts.confirm.payTitle')
              : t('receipts.confirm.removePaymentTitle')
        }
      >
        <Stack>
          {confirm === 'delete' && (
            <>
              <Text>{t('receipts.confirm.delete', names)}</Text>
              {receipt.maintenanceDatabaseId !== null && receipt.maintenanceDatabaseId !== undefined && (
                <Text size="sm" c="dimmed">
                  {t('receipts.confirm.deleteMaintenance')}
                </Text>
              )}
            </>
          )}
          {confirm === 'pay' && <Text>{t('receipts.confirm.pay', names)}</Text>}
          {confirm === 'removePayment' && (
            <Text>
              {t('receipts.confirm.removePayment', {
                ...names,
                amount: formatPesos(((receipt.transactionTotal as string | null) ?? receipt.amount) as string),
              })}
            </Text>
          )}
        </Stack>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirm(null)}>
            {t('common.cancel')}
          </Button>
          <Button color={confirm === 'delete' ? 'red' : undefined} onClick={confirmed} loading={remove.inFlight || pay.inFlight || removePayment.inFlight}>
            {confirm === 'delete' ? t('receipts.actions.delete') : t('receipts.confirm.confirm')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}

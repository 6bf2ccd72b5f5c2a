import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { graphql } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { RemoveManualAttachmentMutation } from '../../../../__generated__/RemoveManualAttachmentMutation.graphql';
import { useSession } from '../../../../components/SessionProvider.js';
import type { ReceiptStatus } from '../../../../../../core/receipts.js';
import { globalId } from '../../../../relay/ids.js';
import { useReceiptMutation } from './receiptMutation.js';

const removeMutation = graphql`
  mutation RemoveManualAttachmentMutation($input: RemoveManualPaymentAttachmentInput!) {
    removeManualPaymentAttachment(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationRemoveManualPaymentAttachmentSuccess { data { message } }
    }
  }
`;

/** Who may ask for manual payments (and so remove a request's file): the server's MANUAL_PAYMENT_GRANTS. */
const MANUAL_PAYMENT_GRANTS = ['AReceiptsCreate', 'OReceiptsCreate', 'SReceiptsCreate'];
/** The server's ATTACHMENT_REMOVABLE_STATUSES: nothing is paying the request. */
const REMOVABLE: readonly ReceiptStatus[] = ['NEW', 'SENT', 'PENALTY'];

/** Whether a receipt shows «Quitar archivo adjunto»: a manual payment request with a file that nothing is paying yet. */
export function canRemoveManualAttachment(
  receipt: { creditsWallet: boolean; status: string; documents: { attachment: boolean } },
  grants: ReadonlySet<string>,
) {
  return (
    receipt.creditsWallet &&
    receipt.documents.attachment &&
    REMOVABLE.includes(receipt.status as ReceiptStatus) &&
    MANUAL_PAYMENT_GRANTS.some((g) => grants.has(g))
  );
}

/** «Quitar archivo adjunto» of a manual payment request, after a confirmation; reloads the receipt either way. */
export function RemoveManualAttachment({
  receipt,
  onReload,
}: {
  receipt: { id: string; houseDatabaseId: number; creditsWallet: boolean; status: string; documents: { attachment: boolean } };
  onReload: () => void;
}) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const [confirming, setConfirming] = useState(false);
  const remove = useReceiptMutation<RemoveManualAttachmentMutation>(removeMutation);
  if (!canRemoveManualAttachment(receipt, grants)) return null;

  const confirmed = async () => {
    const ok = await remove.run({ houseId: globalId('House', String(receipt.houseDatabaseId)), receiptId: receipt.id }, 'removeManualPaymentAttachment', {
      success: (result: { data: { message: string } }) => result.data.message,
      onAlreadyPaid: onReload,
    });
    setConfirming(false);
    if (ok) onReload();
  };

  return (
    <>
      <Button size="xs" variant="subtle" color="red" onClick={() => setConfirming(true)} loading={remove.inFlight}>
        {t('receipts.manual.removeAttachment')}
      </Button>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('receipts.manual.removeAttachment')}>
        <Stack>
          <Text>{t('receipts.manual.removeAttachmentConfirm')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" onClick={() => void confirmed()} loading={remove.inFlight}>
              {t('receipts.manual.removeAttachment')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

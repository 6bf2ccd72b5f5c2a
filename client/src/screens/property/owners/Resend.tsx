import { useEffect, useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { graphql } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { ResendHouseSignupCodeMutation } from '../../../__generated__/ResendHouseSignupCodeMutation.graphql';
import type { ResendHouseSignupCodesMutation } from '../../../__generated__/ResendHouseSignupCodesMutation.graphql';
import { useAppMutation } from '../../../components/mutations.js';

const resendOne = graphql`
  mutation ResendHouseSignupCodeMutation($input: ResendHouseSignupCodeInput!) {
    resendHouseSignupCode(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationResendHouseSignupCodeSuccess { data { message house { id signupCodeSentAt } } }
    }
  }
`;

const resendAll = graphql`
  mutation ResendHouseSignupCodesMutation {
    resendHouseSignupCodes { count message }
  }
`;

/** Spec 1 section 4: the resend button stays disabled for 30 seconds after a success. */
export const RESEND_LOCK_MS = 30_000;

// Kept per house for the whole visit, so a list refresh or a page change does not re-enable the button.
const lockedUntil = new Map<string, number>();

export function ResendActivation({ houseId }: { houseId: string }) {
  const { t } = useTranslation();
  const resend = useAppMutation<ResendHouseSignupCodeMutation>(resendOne);
  const [now, setNow] = useState(() => Date.now());
  const until = lockedUntil.get(houseId) ?? 0;
  const locked = until > now;
  useEffect(() => {
    if (!locked) return;
    const timer = setTimeout(() => setNow(Date.now()), until - Date.now() + 50);
    return () => clearTimeout(timer);
  }, [locked, until]);

  const send = async () => {
    if (await resend.run({ input: { houseId } }, 'resendHouseSignupCode', { success: t('owners.resend.sent') })) {
      lockedUntil.set(houseId, Date.now() + RESEND_LOCK_MS);
      setNow(Date.now());
    }
  };

  return (
    <Button
      size="xs"
      variant="subtle"
      onClick={() => void send()}
      loading={resend.inFlight}
      disabled={locked}
      aria-label={t('owners.resend.one')}
      title={t('owners.resend.one')}
    >
      {t('owners.resend.short')}
    </Button>
  );
}

/** Bulk resend to every owner without a password (AActivationBulkCreate), after a confirmation. */
export function ResendActivations({ opened, onClose }: { opened?: boolean; onClose?: () => void }) {
  const { t } = useTranslation();
  const [ownOpen, setOwnOpen] = useState(false);
  // Controlled (opened given, e.g. from a menu) it shows no button of its own.
  const controlled = opened !== undefined;
  const open = controlled ? opened : ownOpen;
  const setOpen = (value: boolean) => (controlled ? !value && onClose?.() : setOwnOpen(value));
  const resend = useAppMutation<ResendHouseSignupCodesMutation>(resendAll);

  const send = async () => {
    await resend.run({}, 'resendHouseSignupCodes', {
      success: ({ count }: { count: number }) => (count > 0 ? t('owners.resend.allSent', { n: count }) : ['warning', t('owners.resend.noneSent')]),
    });
    setOpen(false);
  };

  return (
    <>
      {!controlled && (
        <Button variant="default" onClick={() => setOpen(true)}>
          {t('owners.resend.all')}
        </Button>
      )}
      <Modal opened={open} onClose={() => setOpen(false)} title={t('owners.resend.allTitle')}>
        <Text size="sm">{t('owners.resend.allConfirm')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setOpen(false)}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void send()} loading={resend.inFlight}>
            {t('owners.resend.allSend')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}

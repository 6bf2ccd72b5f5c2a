import { Button, Group, Modal, Stack, Text, useMatches } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Spec 1 section 5: automatic charge to a card needs the payer's authorization first. The dialog's buttons
 * are the choice: «Autorizar y activar» authorizes and turns it on, «No activar» (or closing) leaves it off.
 */
export function AuthorizeDialog({ opened, onCancel, onConfirm }: { opened: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  const phone = useMatches({ base: true, sm: false });
  return (
    <Modal opened={opened} onClose={onCancel} title={t('payments.authorize.title')} fullScreen={phone}>
      <Stack>
        <Text size="sm">{t('payments.authorize.body')}</Text>
        <Text size="sm" fw={500}>
          {t('payments.authorize.statement')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('payments.authorize.cancel')}
          </Button>
          <Button onClick={onConfirm}>{t('payments.authorize.confirm')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

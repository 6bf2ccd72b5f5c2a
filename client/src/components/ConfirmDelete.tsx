import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ConfirmDeleteProps {
  /** Shown while set: the row about to be deleted. */
  opened: boolean;
  title: string;
  message: string;
  loading: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The lists' «¿Eliminar …?» dialog: Cancelar, or Eliminar in red. */
export function ConfirmDelete({ opened, title, message, loading, onCancel, onConfirm }: ConfirmDeleteProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={title}>
      <Text>{message}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button color="red" onClick={onConfirm} loading={loading}>
          {t('list.delete')}
        </Button>
      </Group>
    </Modal>
  );
}

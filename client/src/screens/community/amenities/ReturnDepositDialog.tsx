import { useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPesos } from '../../../format.js';
import type { BookingRow } from './AmenityBookingsTable.js';
import { useReturnDeposit } from './returnDeposit.js';

/** «Devolver depósito» with its confirmation, for the community's and a house's reservation lists. */
export function useReturnDepositDialog(onReturned: () => void) {
  const { t } = useTranslation();
  const returning = useReturnDeposit();
  const [toReturn, setToReturn] = useState<BookingRow | null>(null);
  const confirm = async () => {
    if (!toReturn) return;
    const done = await returning.run(toReturn);
    setToReturn(null);
    if (done) onReturned();
  };
  const dialog = (
    <Modal opened={toReturn !== null} onClose={() => setToReturn(null)} title={t('amenityBookings.list.returnTitle')}>
      <Text>
        {toReturn
          ? t('amenityBookings.list.returnQuestion', {
              amount: formatPesos(toReturn.depositAmount),
              amenity: toReturn.amenityName,
              house: toReturn.houseLabel,
            })
          : ''}
      </Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => setToReturn(null)}>
          {t('common.cancel')}
        </Button>
        <Button color="teal" onClick={confirm} loading={returning.inFlight}>
          {t('amenityBookings.list.returnConfirm')}
        </Button>
      </Group>
    </Modal>
  );
  return { ask: setToReturn, dialog };
}

import { graphql } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { returnDepositMutation } from '../../../__generated__/returnDepositMutation.graphql';
import { useAppMutation } from '../../../components/mutations.js';
import { newIdempotencyKey } from '../../money/receivables/receipts/receiptTexts.js';
import type { BookingRow } from './AmenityBookingsTable.js';

const mutation = graphql`
  mutation returnDepositMutation($input: ReturnAmenityDepositInput!) {
    returnAmenityDeposit(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationReturnAmenityDepositSuccess {
        data { message booking { id depositPaid depositReturnedAt canReturnDeposit canCancel } }
      }
    }
  }
`;

/**
 * «Devolver depósito»: gives a booking's paid deposit back (AAmenitiesDepositReturn); the server's message, or
 * «El depósito ha sido devuelto», on success, its refusal («No se devolvió el depósito») otherwise. Answers
 * whether it was returned.
 */
export function useReturnDeposit(): { inFlight: boolean; run: (row: BookingRow) => Promise<boolean> } {
  const { t } = useTranslation();
  const commit = useAppMutation<returnDepositMutation>(mutation);
  const run = async (row: BookingRow) => {
    const result = await commit.run({ input: { bookingId: row.id, idempotencyKey: newIdempotencyKey() } }, 'returnAmenityDeposit', {
      success: (answer: { data?: { message?: string } }) => answer.data?.message || t('amenityBookings.list.returned'),
    });
    return result != null;
  };
  return { inFlight: commit.inFlight, run };
}

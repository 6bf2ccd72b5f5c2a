import { Button } from '@mantine/core';
import { graphql } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { CompleteAppointmentButtonMutation } from '../../../__generated__/CompleteAppointmentButtonMutation.graphql';
import { VEHICLE_MESSAGES } from '../../../../../core/vehicles.js';
import { useAppMutation } from '../../../components/mutations.js';
import { newIdempotencyKey } from '../../money/receivables/receipts/receiptTexts.js';

const completeMutation = graphql`
  mutation CompleteAppointmentButtonMutation($input: CompleteRevisionSpaceInput!) {
    completeRevisionSpace(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationCompleteRevisionSpaceSuccess {
        data {
          message
          appointment {
            id status canComplete
            vehicle { id status statusName icon inspectedAt canBook appointment { id status canComplete } }
          }
        }
      }
    }
  }
`;

/** «Marcar como completada»: the administration says the vehicle was inspected at its appointment. */
export function CompleteAppointmentButton({ appointmentId, onDone, size = 'sm' }: { appointmentId: string; onDone?: () => void; size?: 'sm' | 'compact-sm' }) {
  const { t } = useTranslation();
  const complete = useAppMutation<CompleteAppointmentButtonMutation>(completeMutation);
  return (
    <Button
      size={size}
      variant="light"
      color="teal"
      loading={complete.inFlight}
      onClick={async () => {
        const done = await complete.run({ input: { appointmentId, idempotencyKey: newIdempotencyKey() } }, 'completeRevisionSpace', {
          success: VEHICLE_MESSAGES.completed,
        });
        if (done) onDone?.();
      }}
    >
      {t('vehicles.detail.complete')}
    </Button>
  );
}

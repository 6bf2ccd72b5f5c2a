import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { graphql, usePreloadedQuery } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { VehicleDetailAuthorizeMutation } from '../../../__generated__/VehicleDetailAuthorizeMutation.graphql';
import type { VehicleDetailQuery, VehicleDetailQuery$data } from '../../../__generated__/VehicleDetailQuery.graphql';
import type { VehicleDetailRejectMutation } from '../../../__generated__/VehicleDetailRejectMutation.graphql';
import { RejectSchema, VEHICLE_MESSAGES } from '../../../../../core/vehicles.js';
import { useAppMutation } from '../../../components/mutations.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { formatDateTime } from '../../../format.js';
import type { ScreenProps, ScreenRoute } from '../../../router/screenRoute.js';
import { newIdempotencyKey } from '../../money/receivables/receipts/receiptTexts.js';
import { CompleteAppointmentButton } from './CompleteAppointmentButton.js';
import { CARD_URL } from './VehicleForm.js';
import { VehicleStatusIcon } from './VehicleStatusIcon.js';
import { appointmentWhen } from './vehicleTexts.js';

export const vehicleDetailQuery = graphql`
  query VehicleDetailQuery($id: ID!) {
    vehicle(vehicleId: $id) {
      __typename
      ... on Error { message }
      ... on QueryVehicleSuccess {
        data {
          id databaseId plate typeName stateName description houseDatabaseId houseLabel ownerName catastral externId
          tagTypeName tagNumber tagSerial circulationCardFileId status statusName icon rejectionReason
          createdAt authorizedAt inspectedAt rejectedAt canAuthorize canBook canUpdate
          appointment { id databaseId code start end status canComplete revisionPointName }
          comments(first: 50) { databaseId comment createdAt userName }
        }
      }
    }
  }
`;

const authorizeMutation = graphql`
  mutation VehicleDetailAuthorizeMutation($input: VehicleIdInput!) {
    authorizeVehicle(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationAuthorizeVehicleSuccess { data { message vehicle { id status statusName icon authorizedAt rejectedAt rejectionReason canAuthorize } } }
    }
  }
`;

const rejectMutation = graphql`
  mutation VehicleDetailRejectMutation($input: RejectVehicleInput!) {
    rejectVehicle(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationRejectVehicleSuccess { data { message vehicle { id status statusName icon authorizedAt rejectedAt rejectionReason canAuthorize } } }
    }
  }
`;

type Vehicle = NonNullable<NonNullable<VehicleDetailQuery$data['vehicle']>['data']>;

/**
 * /neighborhood/vehicles/{vehicleId} and /vehicles/{vehicleId}: a vehicle's data, its appointment (with «Marcar como
 * completada» for the administration), the comments of security and the administration, and «Autorizar» and
 * «Rechazar» (with a reason) for whoever authorizes vehicles.
 */
export default function VehicleDetail({ queryRef, route }: ScreenProps<VehicleDetailQuery> & { route: ScreenRoute }) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<VehicleDetailQuery>(vehicleDetailQuery, queryRef);
  const back = route.path.startsWith('/neighborhood') ? '/neighborhood/vehicles' : '/houses/vehicles';
  const vehicle = data.vehicle?.data ?? null;
  if (!vehicle)
    return (
      <Stack>
        <PageHeader title={t('vehicles.detail.notFound')} secondary={{ label: t('vehicles.detail.back'), to: back }} />
        <Alert color="yellow">{t('vehicles.detail.notFound')}</Alert>
      </Stack>
    );
  return <Detail vehicle={vehicle} back={back} />;
}

function Detail({ vehicle, back }: { vehicle: Vehicle; back: string }) {
  const { t } = useTranslation();
  const authorize = useAppMutation<VehicleDetailAuthorizeMutation>(authorizeMutation);
  const reject = useAppMutation<VehicleDetailRejectMutation>(rejectMutation);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const confirmReject = async () => {
    const parsed = RejectSchema.safeParse({ comment: reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message ?? VEHICLE_MESSAGES.rejectReasonRequired);
      return;
    }
    const done = await reject.run({ input: { vehicleId: vehicle.id, comment: parsed.data.comment, idempotencyKey: newIdempotencyKey() } }, 'rejectVehicle', {
      success: VEHICLE_MESSAGES.rejected,
      onTypedError: (failure) => setReasonError(failure.issues?.[0]?.message ?? failure.message ?? ''),
    });
    if (done) {
      setRejecting(false);
      setReason('');
    }
  };

  const rows: [string, string | null | undefined][] = [
    [t('vehicles.detail.type'), vehicle.typeName],
    [t('vehicles.detail.state'), vehicle.stateName],
    [t('vehicles.detail.description'), vehicle.description],
    [t('vehicles.detail.house'), vehicle.houseLabel],
    [t('vehicles.detail.owner'), vehicle.ownerName],
    [t('vehicles.detail.catastral'), vehicle.catastral],
    [t('vehicles.detail.tagType'), vehicle.tagTypeName ?? t('vehicles.noTag')],
    [t('vehicles.detail.tagNumber'), vehicle.tagNumber],
    [t('vehicles.detail.tagSerial'), vehicle.tagSerial],
    [t('vehicles.detail.externId'), vehicle.externId],
    [t('vehicles.detail.createdAt'), formatDateTime(vehicle.createdAt as string)],
    [t('vehicles.detail.inspectedAt'), vehicle.inspectedAt ? formatDateTime(vehicle.inspectedAt as string) : null],
    [t('vehicles.detail.authorizedAt'), vehicle.authorizedAt ? formatDateTime(vehicle.authorizedAt as string) : null],
  ];
  const appointment = vehicle.appointment;
  return (
    <Stack maw={960}>
      <PageHeader title={t('vehicles.detail.title', { plate: vehicle.plate })} secondary={{ label: t('vehicles.detail.back'), to: back }}>
        {vehicle.canUpdate && (
          <Button component={Link} to={`/houses/${vehicle.houseDatabaseId}/vehicles/form?vehicleId=${vehicle.databaseId}`} variant="default">
            {t('vehicles.edit')}
          </Button>
        )}
      </PageHeader>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={4}>
            <Text fz={28} fw={800} ff="monospace" style={{ letterSpacing: 2 }}>
              {vehicle.plate}
            </Text>
            <VehicleStatusIcon icon={vehicle.icon} label={vehicle.statusName} />
            {vehicle.rejectionReason && vehicle.status !== 'ACTIVE' && (
              <Text size="sm" c="red.7">
                {t('vehicles.rejectedBecause', { reason: vehicle.rejectionReason })}
              </Text>
            )}
          </Stack>
          {vehicle.canAuthorize && (
            <Group gap="sm">
              <Button color="red" variant="light" onClick={() => setRejecting(true)}>
                {t('vehicles.detail.reject')}
              </Button>
              {vehicle.status !== 'ACTIVE' && (
                <Button
                  loading={authorize.inFlight}
                  onClick={() =>
                    authorize.run({ input: { vehicleId: vehicle.id, idempotencyKey: newIdempotencyKey() } }, 'authorizeVehicle', {
                      success: VEHICLE_MESSAGES.authorized,
                    })
                  }
                >
                  {t('vehicles.detail.authorize')}
                </Button>
              )}
            </Group>
          )}
        </Group>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder radius="md" p="md" component="section">
          <Stack gap="sm">
            <Title order={3} fz="h4">
              {t('vehicles.detail.data')}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
              {rows
                .filter(([, value]) => !!value)
                .map(([label, value]) => (
                  <div key={label}>
                    <Text size="xs" c="dimmed">
                      {label}
                    </Text>
                    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {value}
                    </Text>
                  </div>
                ))}
              {vehicle.circulationCardFileId && (
                <div>
                  <Text size="xs" c="dimmed">
                    {t('vehicles.detail.card')}
                  </Text>
                  <Anchor href={CARD_URL(vehicle.circulationCardFileId)} target="_blank" rel="noreferrer" size="sm">
                    {t('vehicles.detail.cardOpen')}
                  </Anchor>
                </div>
              )}
            </SimpleGrid>
          </Stack>
        </Paper>
        <Stack gap="md">
          <Paper withBorder radius="md" p="md" component="section" data-testid="vehicle-appointment">
            <Stack gap="xs">
              <Group justify="space-between" wrap="wrap">
                <Title order={3} fz="h4">
                  {t('vehicles.detail.appointment')}
                </Title>
                {appointment && (
                  <Badge variant="light" tt="none" color={appointment.status === 'COMPLETED' ? 'teal' : 'blue'}>
                    {t(`vehicles.status.${appointment.status}`)}
                  </Badge>
                )}
              </Group>
              {appointment ? (
                <>
                  <Text size="sm">
                    {appointment.revisionPointName} · {appointmentWhen(t, appointment)}
                  </Text>
                  <Text size="sm" ff="monospace" fw={700}>
                    {t('vehicles.appointmentCode', { code: appointment.code })}
                  </Text>
                  {appointment.canComplete && <CompleteAppointmentButton appointmentId={appointment.id} />}
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('vehicles.detail.noAppointment')}
                </Text>
              )}
              {vehicle.canBook && (vehicle.status === 'INCOMPLETE' || !!appointment) && (
                <Anchor component={Link} to={`/houses/${vehicle.houseDatabaseId}/vehicles/${vehicle.databaseId}/schedule`} size="sm">
                  {appointment ? t('vehicles.changeAppointment') : t('vehicles.book')}
                </Anchor>
              )}
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p="md" component="section" data-testid="vehicle-comments">
            <Stack gap="xs">
              <Title order={3} fz="h4">
                {t('vehicles.detail.comments')}
              </Title>
              <Comments comments={vehicle.comments} />
            </Stack>
          </Paper>
        </Stack>
      </SimpleGrid>
      <Modal opened={rejecting} onClose={() => setRejecting(false)} title={t('vehicles.detail.rejectTitle')}>
        <Stack>
          <Textarea
            label={t('vehicles.detail.rejectReason')}
            description={t('vehicles.detail.rejectHint')}
            required
            autosize
            minRows={3}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setReasonError(null);
            }}
            error={reasonError}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRejecting(false)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" onClick={confirmReject} loading={reject.inFlight}>
              {t('vehicles.detail.rejectConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** Comments of security and the administration, newest first. */
export function Comments({ comments }: { comments: readonly { databaseId: number; comment: string; createdAt: unknown; userName: string }[] }) {
  const { t } = useTranslation();
  if (comments.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('vehicles.detail.noComments')}
      </Text>
    );
  return (
    <Stack gap={8}>
      {comments.map((c) => (
        <div key={c.databaseId} style={{ borderLeft: '3px solid var(--mantine-color-blue-3)', paddingLeft: 10 }}>
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {c.comment}
          </Text>
          <Text size="xs" c="dimmed">
            {c.userName} · {formatDateTime(c.createdAt as string)}
          </Text>
        </div>
      ))}
    </Stack>
  );
}

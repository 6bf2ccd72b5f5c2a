import { useMemo, useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { graphql, usePreloadedQuery } from 'react-relay';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { VehicleFormCreateMutation } from '../../../__generated__/VehicleFormCreateMutation.graphql';
import type { VehicleFormQuery, VehicleFormQuery$data } from '../../../__generated__/VehicleFormQuery.graphql';
import type { VehicleFormUpdateMutation } from '../../../__generated__/VehicleFormUpdateMutation.graphql';
import { NO_TAG, STATE_CODES, STATES, VEHICLE_MESSAGES, VEHICLE_TYPE_NAMES, VEHICLE_TYPES, vehicleFields } from '../../../../../core/vehicles.js';
import { field, fieldError, useZodForm } from '../../../components/forms.js';
import { useAppMutation } from '../../../components/mutations.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { useSession } from '../../../components/SessionProvider.js';
import { Uploader } from '../../../components/Uploader.js';
import { globalId } from '../../../relay/ids.js';
import type { ScreenProps, ScreenRoute } from '../../../router/screenRoute.js';
import { newIdempotencyKey } from '../../money/receivables/receipts/receiptTexts.js';
import { HouseSearch } from '../../property/owners/HouseSearch.js';

export const vehicleFormQuery = graphql`
  query VehicleFormQuery($id: ID!, $edit: Boolean!, $houseNodeId: ID!, $withHouse: Boolean!) {
    vehicleSettings { requiredVehicleRevision requiredVehicleTag requiredVehicleAuthorization tagTypes { tagTypeId: id name } }
    house: node(id: $houseNodeId) @include(if: $withHouse) { ... on House { databaseId label } }
    vehicle(vehicleId: $id) @include(if: $edit) {
      __typename
      ... on Error { message }
      ... on QueryVehicleSuccess {
        data { id databaseId houseDatabaseId houseLabel type plate state tagTypeId tagNumber tagSerial description externId circulationCardFileId canUpdate }
      }
    }
  }
`;

const createMutation = graphql`
  mutation VehicleFormCreateMutation($input: CreateVehicleInput!) {
    createVehicle(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationCreateVehicleSuccess { data { message needsAppointment vehicle { id databaseId houseDatabaseId } } }
    }
  }
`;

const updateMutation = graphql`
  mutation VehicleFormUpdateMutation($input: UpdateVehicleInput!) {
    updateVehicle(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationUpdateVehicleSuccess {
        data { message vehicle { id plate state type tagTypeId tagTypeName tagNumber tagSerial description externId circulationCardFileId status statusName icon } }
      }
    }
  }
`;

type Existing = NonNullable<NonNullable<VehicleFormQuery$data['vehicle']>['data']>;
type Settings = VehicleFormQuery$data['vehicleSettings'];
/** Who may search the community's houses (searchHouses). */
const HOUSE_SEARCHERS = ['AHousesSearch', 'AHousesRead'];
export const CARD_URL = (fileId: string) => `/api/1.0/files/${encodeURIComponent(fileId)}`;

/**
 * /houses/{idHouse}/vehicles/form (a house's vehicle; ?vehicleId= edits one) and /neighborhood/vehicles/form (the
 * administration chooses the house): validated with core/vehicles.ts and the community's flags as the server
 * does. A new vehicle that needs an inspection goes straight to booking it.
 */
export default function VehicleForm({ queryRef, route }: ScreenProps<VehicleFormQuery> & { route: ScreenRoute }) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<VehicleFormQuery>(vehicleFormQuery, queryRef);
  const existing = data.vehicle?.data ?? null;
  if (queryRef.variables.edit && !existing) return <Alert color="yellow">{t('vehicles.form.notFound')}</Alert>;
  return (
    <Fields
      settings={data.vehicleSettings}
      existing={existing}
      pathHouse={data.house?.databaseId != null ? { databaseId: data.house.databaseId, label: data.house.label ?? '' } : null}
      community={route.path.startsWith('/neighborhood')}
    />
  );
}

function Fields({
  settings,
  existing,
  pathHouse,
  community,
}: {
  settings: Settings;
  existing: Existing | null;
  pathHouse: { databaseId: number; label: string } | null;
  community: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { idHouse } = useParams();
  const { grants, session } = useSession();
  // The server offers «No tengo tag» and «No está en esta lista» to a house's people only.
  const asAdmin = !settings.tagTypes.some((tag) => tag.tagTypeId === NO_TAG);
  const schema = useMemo(() => vehicleFields(settings, asAdmin), [settings, asAdmin]);
  const form = useZodForm(schema, {
    defaultValues: existing
      ? {
          type: existing.type === '%future added value' ? 'CAR' : existing.type,
          plate: existing.plate,
          state: existing.state,
          tagTypeId: existing.tagTypeId ?? null,
          tagNumber: existing.tagNumber ?? '',
          tagSerial: existing.tagSerial ?? '',
          description: existing.description ?? '',
          externId: existing.externId ?? '',
          circulationCardFileId: existing.circulationCardFileId ?? null,
        }
      : { type: 'CAR', plate: '', state: 'QUE', tagTypeId: null, tagNumber: '', tagSerial: '', description: '', externId: '', circulationCardFileId: null },
  });
  const create = useAppMutation<VehicleFormCreateMutation>(createMutation);
  const update = useAppMutation<VehicleFormUpdateMutation>(updateMutation);
  const [house, setHouse] = useState<{ databaseId: number; label: string } | null>(null);
  const [houseError, setHouseError] = useState<string | null>(null);
  const [cardChanged, setCardChanged] = useState(false);
  const tagTypeId = form.watch('tagTypeId');
  const card = form.watch('circulationCardFileId');
  const choosesHouse = community && !existing;
  const ownHouse = !idHouse || String(session.house?.databaseId ?? '') === idHouse;
  const targetHouse = existing?.houseDatabaseId ?? (choosesHouse ? house?.databaseId : (pathHouse?.databaseId ?? (idHouse ? Number(idHouse) : null)));
  const listPath = community || (!ownHouse && !session.house) ? '/neighborhood/vehicles' : ownHouse ? '/houses/vehicles' : `/houses/${idHouse}/vehicles`;

  const save = form.handleSubmit(async (values) => {
    if (choosesHouse && !house) {
      setHouseError(t('vehicles.form.houseRequired'));
      return;
    }
    const fields = { ...values, idempotencyKey: newIdempotencyKey() };
    const options = { form: form as never };
    if (existing) {
      const done = await update.run({ input: { vehicleId: existing.id, ...fields } }, 'updateVehicle', { ...options, success: VEHICLE_MESSAGES.updated });
      if (done) navigate(listPath);
      return;
    }
    const done = await create.run({ input: { ...fields, houseId: targetHouse != null ? globalId('House', String(targetHouse)) : null } }, 'createVehicle', {
      ...options,
      success: VEHICLE_MESSAGES.created,
    });
    const created = done?.data;
    if (!created) return;
    if (created.needsAppointment) navigate(`/houses/${created.vehicle.houseDatabaseId}/vehicles/${created.vehicle.databaseId}/schedule`);
    else navigate(listPath);
  });

  const tagOptions = settings.tagTypes.map((tag) => ({ value: String(tag.tagTypeId), label: tag.name }));
  const houseLabel = existing?.houseLabel ?? (choosesHouse ? null : pathHouse?.label);
  return (
    <Stack maw={760}>
      <PageHeader
        title={existing ? t('vehicles.form.editTitle') : t('vehicles.form.createTitle')}
        description={t('vehicles.form.description')}
        secondary={{ label: t('vehicles.form.back'), to: listPath }}
      />
      <form onSubmit={save} noValidate>
        <Stack>
          {choosesHouse && (
            <Paper withBorder p="md" radius="md">
              <Stack gap="sm">
                <Text fw={600}>{t('vehicles.form.for')}</Text>
                {house ? (
                  <Group gap="sm">
                    <Text size="sm" data-testid="vehicle-house">
                      {t('vehicles.form.houseChosen', { house: house.label })}
                    </Text>
                    <Anchor component="button" type="button" size="sm" onClick={() => setHouse(null)}>
                      {t('vehicles.form.changeHouse')}
                    </Anchor>
                  </Group>
                ) : (
                  <Stack gap={4}>
                    <HouseSearch
                      label={t('vehicles.form.house')}
                      fullWidth
                      gate={!HOUSE_SEARCHERS.some((g) => grants.has(g))}
                      onPick={(h) => {
                        setHouse({ databaseId: h.databaseId, label: h.label });
                        setHouseError(null);
                      }}
                    />
                    <Text size="xs" c={houseError ? 'red' : 'dimmed'} role={houseError ? 'alert' : undefined}>
                      {houseError ?? t('vehicles.form.houseHint')}
                    </Text>
                  </Stack>
                )}
              </Stack>
            </Paper>
          )}
          {houseLabel && !ownHouse && (
            <Text size="sm" c="dimmed">
              {t('vehicles.form.houseChosen', { house: houseLabel })}
            </Text>
          )}
          <Paper withBorder p="md" radius="md">
            <Stack>
              <Text fw={600}>{t('vehicles.form.vehicle')}</Text>
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <TextInput
                  label={t('vehicles.form.plate')}
                  placeholder={t('vehicles.form.platePlaceholder')}
                  required
                  autoComplete="off"
                  styles={{ input: { textTransform: 'uppercase' } }}
                  {...field(form, 'plate')}
                />
                <Controller
                  control={form.control}
                  name="state"
                  render={({ field: f }) => (
                    <Select
                      label={t('vehicles.form.state')}
                      placeholder={t('vehicles.form.statePlaceholder')}
                      required
                      searchable
                      data={STATE_CODES.map((code) => ({ value: code, label: STATES[code] }))}
                      value={f.value ?? null}
                      onChange={(value) => f.onChange(value ?? '')}
                      onBlur={f.onBlur}
                      error={fieldError(form, 'state')}
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name="type"
                  render={({ field: f }) => (
                    <Select
                      label={t('vehicles.form.type')}
                      data={VEHICLE_TYPES.map((type) => ({ value: type, label: VEHICLE_TYPE_NAMES[type] }))}
                      value={f.value ?? 'CAR'}
                      onChange={(value) => f.onChange(value ?? 'CAR')}
                      allowDeselect={false}
                      error={fieldError(form, 'type')}
                    />
                  )}
                />
                <TextInput
                  label={t('vehicles.form.descriptionField')}
                  placeholder={t('vehicles.form.descriptionPlaceholder')}
                  autoComplete="off"
                  {...field(form, 'description')}
                />
              </SimpleGrid>
              {asAdmin && <TextInput label={t('vehicles.form.externId')} autoComplete="off" {...field(form, 'externId')} />}
            </Stack>
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Stack>
              <Text fw={600}>{t('vehicles.form.tag')}</Text>
              <Controller
                control={form.control}
                name="tagTypeId"
                render={({ field: f }) => (
                  <Select
                    label={t('vehicles.form.tagType')}
                    placeholder={t('vehicles.form.tagTypePlaceholder')}
                    required={settings.requiredVehicleTag}
                    data={tagOptions}
                    clearable={!settings.requiredVehicleTag}
                    value={f.value == null ? null : String(f.value)}
                    onChange={(value) => {
                      f.onChange(value == null ? null : Number(value));
                      if (Number(value) === NO_TAG) {
                        form.setValue('tagNumber', '');
                        form.setValue('tagSerial', '');
                        form.clearErrors(['tagNumber', 'tagSerial']);
                      }
                    }}
                    error={fieldError(form, 'tagTypeId')}
                  />
                )}
              />
              {tagTypeId != null && tagTypeId !== NO_TAG && (
                <SimpleGrid cols={{ base: 1, xs: 2 }}>
                  <TextInput label={t('vehicles.form.tagNumber')} required autoComplete="off" {...field(form, 'tagNumber')} />
                  <TextInput label={t('vehicles.form.tagSerial')} autoComplete="off" {...field(form, 'tagSerial')} />
                </SimpleGrid>
              )}
            </Stack>
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Stack gap={6}>
              <Text fw={600}>{t('vehicles.form.card')}</Text>
              {card && !cardChanged && existing?.circulationCardFileId === card && (
                <Group gap="sm">
                  <Anchor href={CARD_URL(card)} target="_blank" rel="noreferrer" size="sm">
                    {t('vehicles.form.cardCurrent')}
                  </Anchor>
                  <Button size="compact-sm" variant="subtle" color="gray" onClick={() => form.setValue('circulationCardFileId', null)}>
                    {t('vehicles.form.cardRemove')}
                  </Button>
                </Group>
              )}
              <Uploader
                endpoint="/api/1.0/files"
                maxSizeMb={10}
                pattern={/\.(png|jpe?g|webp|pdf)$/i}
                accept="image/png,image/jpeg,image/webp,application/pdf"
                hint={t('vehicles.form.cardHint')}
                onUploaded={(id) => {
                  setCardChanged(true);
                  form.setValue('circulationCardFileId', id, { shouldDirty: true });
                }}
                onRemoved={() => form.setValue('circulationCardFileId', null)}
              />
            </Stack>
          </Paper>
          <Group justify="flex-end">
            <Button type="submit" loading={create.inFlight || update.inFlight}>
              {existing ? t('vehicles.form.save') : t('vehicles.form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

import { useMemo, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { graphql, useFragment, usePreloadedQuery } from 'react-relay';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OwnerFormQuery } from '../../../__generated__/OwnerFormQuery.graphql';
import type { OwnerForm_query$data, OwnerForm_query$key } from '../../../__generated__/OwnerForm_query.graphql';
import type { OwnerForm_house$data, OwnerForm_house$key } from '../../../__generated__/OwnerForm_house.graphql';
import type { OwnerFormCreateMutation } from '../../../__generated__/OwnerFormCreateMutation.graphql';
import type { OwnerFormUpdateMutation } from '../../../__generated__/OwnerFormUpdateMutation.graphql';
import { requiredLocationFields, type HouseTypeFlags } from '../../../../../core/houseRules.js';
import { LOCATION_FLAGS, type LocationFlag } from '../../../../../core/houseTypes.js';
import { useZodForm } from '../../../components/forms.js';
import { useAppMutation } from '../../../components/mutations.js';
import { notify } from '../../../components/notify.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { globalId } from '../../../relay/ids.js';
import type { ScreenProps } from '../../../router/screenRoute.js';
import { BalanceFields } from './houseFields/BalanceFields.js';
import { HouseDataFields } from './houseFields/HouseDataFields.js';
import { LocationFields } from './houseFields/LocationFields.js';
import { OwnerDataFields } from './houseFields/OwnerDataFields.js';
import { EMPTY_HOUSE, houseFormSchema, houseInput, type HouseFormOutput, type HouseFormValues } from './houseFields/schema.js';
import { useEditLock } from './houseFields/useEditLock.js';

export const ownerFormQuery = graphql`
  query OwnerFormQuery($id: ID!, $edit: Boolean!) {
    node(id: $id) @include(if: $edit) { ... on House { status } ...OwnerForm_house @alias }
    ...OwnerForm_query
    ...LocationFields_query
    neighborhood { ...HouseDataFields_neighborhood }
  }
`;

const rulesFragment = graphql`
  fragment OwnerForm_query on Query {
    houseTypes(first: 100) {
      edges { node { id requireDimension requireCondominium requireBlock requireLot requireStreet requireExteriorNumber requireInteriorNumber requireMall } }
    }
    condominiums { databaseId name }
    malls { databaseId name }
    neighborhood { restrictVehicles }
  }
`;

const houseFragment = graphql`
  fragment OwnerForm_house on House {
    id status label catastral block lot exteriorNumber interiorNumber dimension parkingSpots initialBalance balanceReason
    houseType { id } streetId condominiumName mallName
    owner { email firstName lastName mobile landline }
    ...BalanceFields_house
    ...OwnerDataFields_house
  }
`;

const createMutation = graphql`
  mutation OwnerFormCreateMutation($input: HouseInput!) {
    createHouse(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationCreateHouseSuccess { data { house { id databaseId status } } }
    }
  }
`;

const updateMutation = graphql`
  mutation OwnerFormUpdateMutation($input: UpdateHouseInput!) {
    updateHouse(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationUpdateHouseSuccess { data { house { id databaseId status lockedByName } } }
    }
  }
`;

const LIST = '/owners';

/** /owners/form and /owners/edit/{houseId}: a house, its location by type, its balance and its owner (spec 1 section 2). */
export default function OwnerForm({ queryRef }: ScreenProps<OwnerFormQuery>) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<OwnerFormQuery>(ownerFormQuery, queryRef);
  const house = data.node?.OwnerForm_house ?? null;
  if (queryRef.variables.edit && !house) return <Alert color="yellow">{t('owners.notFound')}</Alert>;
  if (data.node?.status === 'DELETED') return <Alert color="yellow">{t('owners.form.deleted')}</Alert>;
  return <HouseForm key={queryRef.variables.id} query={data} rules={data} house={house} />;
}

const text = (value: string | null | undefined) => value ?? '';

function valuesOf(house: OwnerForm_house$data): HouseFormValues {
  return {
    houseTypeId: house.houseType?.id ?? '',
    catastral: text(house.catastral),
    block: text(house.block),
    lot: text(house.lot),
    exteriorNumber: text(house.exteriorNumber),
    interiorNumber: text(house.interiorNumber),
    dimension: house.dimension != null ? String(house.dimension) : '',
    streetId: house.streetId != null ? globalId('Street', String(house.streetId)) : null,
    condominiumName: text(house.condominiumName),
    mallName: text(house.mallName),
    parkingSpots: house.parkingSpots ?? '',
    initialBalance: house.initialBalance != null ? String(house.initialBalance) : '',
    balanceReason: text(house.balanceReason),
    owner: {
      email: text(house.owner?.email),
      firstName: text(house.owner?.firstName),
      lastName: text(house.owner?.lastName),
      mobile: text(house.owner?.mobile),
      landline: text(house.owner?.landline),
    },
    officialIdFileId: null,
  };
}

function flagsOfTypes(rules: OwnerForm_query$data): Map<string, HouseTypeFlags> {
  return new Map(
    (rules.houseTypes?.edges ?? []).map(({ node }) => [
      node.id,
      Object.fromEntries(LOCATION_FLAGS.map((f) => [f, !!node[f as LocationFlag]])) as HouseTypeFlags,
    ]),
  );
}

function HouseForm({
  query,
  rules: rulesKey,
  house: houseKey,
}: {
  query: OwnerFormQuery['response'];
  rules: OwnerForm_query$key;
  house: OwnerForm_house$key | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rules = useFragment(rulesFragment, rulesKey);
  const house = useFragment(houseFragment, houseKey);
  const types = useMemo(() => flagsOfTypes(rules), [rules]);
  const restrictVehicles = !!rules.neighborhood?.restrictVehicles;
  const schema = useMemo(() => houseFormSchema({ flagsOf: (id) => types.get(id) ?? null, restrictVehicles }), [types, restrictVehicles]);
  const form = useZodForm(schema, { defaultValues: house ? valuesOf(house) : EMPTY_HOUSE });
  const create = useAppMutation<OwnerFormCreateMutation>(createMutation);
  const update = useAppMutation<OwnerFormUpdateMutation>(updateMutation);
  const lock = useEditLock(house?.id ?? null);
  const [confirming, setConfirming] = useState<HouseFormOutput | null>(null);

  const flags = types.get(form.watch('houseTypeId')) ?? null;
  const required = new Set(flags ? requiredLocationFields(flags) : []);

  const save = async (values: HouseFormOutput, activate: boolean) => {
    setConfirming(null);
    const typeFlags = types.get(values.houseTypeId);
    if (!typeFlags) return;
    const input = houseInput(values, typeFlags, rules, activate);
    const success = activate ? t('owners.form.savedActive') : house ? t('owners.form.updated') : t('owners.form.created');
    const ok = house
      ? await update.run({ input: { id: house.id, house: input } }, 'updateHouse', { form, success })
      : await create.run({ input }, 'createHouse', { form, success });
    if (ok) {
      lock.markReleased();
      navigate(LIST);
    }
  };

  const submit = form.handleSubmit(
    (values) => {
      const settled = house && (house.status === 'ACTIVE' || house.status === 'BLOCKED');
      if (settled) void save(values, false);
      else setConfirming(values);
    },
    () => notify('warning', t('owners.form.fixFields')),
  );

  const blocked = lock.state.kind === 'blocked';
  return (
    <Stack maw={860}>
      <PageHeader
        title={house ? t('owners.form.editTitle', { label: house.label }) : t('owners.form.createTitle')}
        secondary={{ label: t('common.back'), to: LIST }}
      />
      {lock.state.kind === 'blocked' && (
        <Alert color="yellow" title={t('owners.form.lockedTitle')}>
          <Stack gap="xs">
            <Text size="sm">{lock.state.message}</Text>
            <Group>
              <Button size="xs" color="yellow" onClick={() => void lock.forceUnlock()} loading={lock.unlocking}>
                {t('owners.form.unlock')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <fieldset disabled={blocked || lock.state.kind === 'taking'} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack>
            <LocationFields query={query} form={form} required={required} />
            <HouseDataFields neighborhood={query.neighborhood ?? null} form={form} withDimension={required.has('dimension')} />
            <BalanceFields house={house ?? null} form={form} />
            <OwnerDataFields house={house ?? null} form={form} />
            <Group>
              <Button type="submit" loading={create.inFlight || update.inFlight}>
                {t('common.save')}
              </Button>
              <Button variant="default" component={Link} to={LIST}>
                {t('common.cancel')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
      <Modal opened={!!confirming} onClose={() => setConfirming(null)} title={t('owners.form.activateTitle')}>
        <Text size="sm">{t('owners.form.activateText')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => confirming && void save(confirming, false)}>
            {t('owners.form.saveOnly')}
          </Button>
          <Button onClick={() => confirming && void save(confirming, true)}>{t('owners.form.saveAndActivate')}</Button>
        </Group>
      </Modal>
    </Stack>
  );
}

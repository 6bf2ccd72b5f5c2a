import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Autocomplete,
  Button,
  Fieldset,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { commitMutation, graphql, useLazyLoadQuery, useRelayEnvironment } from 'react-relay';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OwnerFormQuery, OwnerFormQuery$data } from '../../__generated__/OwnerFormQuery.graphql';
import type { OwnerFormCreateMutation } from '../../__generated__/OwnerFormCreateMutation.graphql';
import type { OwnerFormUpdateMutation } from '../../__generated__/OwnerFormUpdateMutation.graphql';
import type { OwnerFormLockMutation } from '../../__generated__/OwnerFormLockMutation.graphql';
import type { OwnerFormUnlockMutation } from '../../__generated__/OwnerFormUnlockMutation.graphql';
import { requiredLocationFields, type LocationField } from '../../../../core/houseRules.js';
import { LOCATION_FLAGS, type LocationFlag } from '../../../../core/houseTypes.js';
import { QuantityField } from '../../components/QuantityField.js';
import { Uploader } from '../../components/Uploader.js';
import { notify } from '../../components/notify.js';
import { useSession } from '../../components/SessionProvider.js';
import { issuesByField, useOutcomeMutation } from './outcome.js';

const query = graphql`
  query OwnerFormQuery($id: ID!, $edit: Boolean!) {
    house: node(id: $id) @include(if: $edit) {
      ... on House {
        id databaseId status label catastral block lot exteriorNumber interiorNumber dimension parkingSpots initialBalance balanceReason
        houseType { id } streetId condominiumId condominiumName mallId mallName officialIdFileId
        owner { email firstName lastName mobile landline }
        pendingOwnerEmail
      }
    }
    houseTypes(first: 100) {
      edges {
        node {
          id databaseId title
          requireDimension requireCondominium requireBlock requireLot requireStreet requireExteriorNumber requireInteriorNumber requireMall
        }
      }
    }
    streets(first: 100) { edges { node { id databaseId name } } }
    condominiums { databaseId name }
    malls { databaseId name }
    neighborhood { restrictVehicles }
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

const lockMutation = graphql`
  mutation OwnerFormLockMutation($input: HouseIdInput!) {
    lockHouse(input: $input) { __typename ... on Error { code message } ... on MutationLockHouseSuccess { data { house { id } } } }
  }
`;

const unlockMutation = graphql`
  mutation OwnerFormUnlockMutation($input: HouseIdInput!) {
    unlockHouse(input: $input) { __typename ... on Error { code message } ... on MutationUnlockHouseSuccess { data { house { id } } } }
  }
`;

type Data = OwnerFormQuery$data;
type ExistingHouse = NonNullable<Data['house']>;

interface Values {
  houseTypeId: string;
  catastral: string;
  block: string;
  lot: string;
  exteriorNumber: string;
  interiorNumber: string;
  dimension: string;
  streetId: string;
  condominium: string;
  mall: string;
  parkingSpots: number | string;
  initialBalance: string;
  balanceReason: string;
  ownerEmail: string;
  ownerFirstName: string;
  ownerLastName: string;
  ownerMobile: string;
  ownerLandline: string;
  officialIdFileId: string | null;
}

const EMPTY: Values = {
  houseTypeId: '',
  catastral: '',
  block: '',
  lot: '',
  exteriorNumber: '',
  interiorNumber: '',
  dimension: '',
  streetId: '',
  condominium: '',
  mall: '',
  parkingSpots: '',
  initialBalance: '',
  balanceReason: '',
  ownerEmail: '',
  ownerFirstName: '',
  ownerLastName: '',
  ownerMobile: '',
  ownerLandline: '',
  officialIdFileId: null,
};

export default function OwnerForm() {
  const { houseId } = useParams();
  const { t } = useTranslation();
  const edit = !!houseId;
  const data = useLazyLoadQuery<OwnerFormQuery>(query, { id: edit ? btoa(`House:${houseId}`) : '', edit }, { fetchPolicy: 'network-only' });
  if (edit && (!data.house || data.house.databaseId === undefined)) return <Alert color="yellow">{t('owners.notFound')}</Alert>;
  if (edit && data.house?.status === 'DELETED') return <Alert color="yellow">{t('owners.form.deleted')}</Alert>;
  return <HouseForm key={houseId ?? 'new'} data={data} existing={edit ? (data.house as ExistingHouse) : null} />;
}

function valuesOf(house: ExistingHouse, data: Data): Values {
  const street = data.streets?.edges.find((e) => e.node.databaseId === house.streetId);
  return {
    houseTypeId: house.houseType?.id ?? '',
    catastral: house.catastral ?? '',
    block: house.block ?? '',
    lot: house.lot ?? '',
    exteriorNumber: house.exteriorNumber ?? '',
    interiorNumber: house.interiorNumber ?? '',
    dimension: house.dimension != null ? String(house.dimension) : '',
    streetId: street?.node.id ?? '',
    condominium: house.condominiumName ?? '',
    mall: house.mallName ?? '',
    parkingSpots: house.parkingSpots ?? '',
    initialBalance: house.initialBalance != null ? String(house.initialBalance) : '',
    balanceReason: house.balanceReason ?? '',
    ownerEmail: house.owner?.email ?? '',
    ownerFirstName: house.owner?.firstName ?? '',
    ownerLastName: house.owner?.lastName ?? '',
    ownerMobile: house.owner?.mobile ?? '',
    ownerLandline: house.owner?.landline ?? '',
    officialIdFileId: null,
  };
}

const blank = (v: string) => (v.trim() === '' ? null : v.trim());

/** Edit lock of the form: taken on open, refused (423) while another administrator holds it, released on leave. */
function useEditLock(houseId: string | null) {
  const { t } = useTranslation();
  const environment = useRelayEnvironment();
  const lock = useOutcomeMutation<OwnerFormLockMutation>(lockMutation);
  const unlock = useOutcomeMutation<OwnerFormUnlockMutation>(unlockMutation);
  const [state, setState] = useState<{ kind: 'none' | 'taking' | 'held' } | { kind: 'blocked'; message: string }>({ kind: houseId ? 'taking' : 'none' });
  const held = useRef(false);
  const released = useRef(false);

  const take = async () => {
    if (!houseId) return;
    const outcome = await lock.run({ input: { id: houseId } }, 'lockHouse');
    if ('ok' in outcome) {
      held.current = true;
      setState({ kind: 'held' });
    } else if ('failed' in outcome && outcome.failed.code === 423) {
      setState({ kind: 'blocked', message: outcome.failed.message ?? '' });
    } else {
      if ('failed' in outcome) notify('danger', outcome.failed.message ?? '');
      setState({ kind: 'blocked', message: 'failed' in outcome ? (outcome.failed.message ?? '') : '' });
    }
  };

  const forceUnlock = async () => {
    if (!houseId) return;
    const outcome = await unlock.run({ input: { id: houseId } }, 'unlockHouse');
    if (!('ok' in outcome)) {
      notify('danger', t('owners.form.unlockFailed'));
      return;
    }
    await take();
  };

  useEffect(() => {
    if (!houseId) return;
    released.current = false;
    void take();
    const releaseOnExit = () => {
      if (!held.current || released.current) return;
      // The tab is closing: a keepalive request outlives the page.
      void fetch('/graphql', {
        method: 'POST',
        keepalive: true,
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', 'x-graphql-csrf': '1' },
        body: JSON.stringify({ query: (unlockMutation as unknown as { params: { text: string } }).params.text, variables: { input: { id: houseId } } }),
      }).catch(() => undefined);
    };
    window.addEventListener('pagehide', releaseOnExit);
    return () => {
      window.removeEventListener('pagehide', releaseOnExit);
      if (held.current && !released.current) {
        held.current = false;
        commitMutation<OwnerFormUnlockMutation>(environment, { mutation: unlockMutation, variables: { input: { id: houseId } } });
      }
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [houseId]);

  return {
    state,
    unlocking: unlock.inFlight || lock.inFlight,
    forceUnlock,
    /** Saving releases the lock on the server. */
    markReleased: () => {
      released.current = true;
      held.current = false;
    },
  };
}

function HouseForm({ data, existing }: { data: Data; existing: ExistingHouse | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { grants } = useSession();
  const [values, setValues] = useState<Values>(() => (existing ? valuesOf(existing, data) : EMPTY));
  const [submitted, setSubmitted] = useState(false);
  const [serverIssues, setServerIssues] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const create = useOutcomeMutation<OwnerFormCreateMutation>(createMutation);
  const update = useOutcomeMutation<OwnerFormUpdateMutation>(updateMutation);
  const lock = useEditLock(existing?.id ?? null);
  const restrictVehicles = !!data.neighborhood?.restrictVehicles;
  const ownerLocked = !!existing?.owner;

  const types = useMemo(() => data.houseTypes?.edges.map((e) => e.node) ?? [], [data]);
  const type = types.find((tp) => tp.id === values.houseTypeId) ?? null;
  const flags = type ? (Object.fromEntries(LOCATION_FLAGS.map((f) => [f, !!type[f as LocationFlag]])) as Record<LocationFlag, boolean>) : null;
  const shown = new Set<LocationField>(flags ? requiredLocationFields(flags) : []);
  const condominiums = data.condominiums;
  const malls = data.malls;

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setServerIssues((issues) => {
      const field = FIELD_OF[key];
      if (!field || !(field in issues)) return issues;
      const { [field]: _removed, ...rest } = issues;
      return rest;
    });
  };

  const clientIssues = (): Record<string, string> => {
    const issues: Record<string, string> = {};
    const required = t('form.required');
    if (!type) issues.houseTypeId = t('owners.form.chooseType');
    const location: Record<LocationField, string> = {
      dimension: values.dimension,
      condominiumId: values.condominium,
      block: values.block,
      lot: values.lot,
      streetId: values.streetId,
      exteriorNumber: values.exteriorNumber,
      interiorNumber: values.interiorNumber,
      mallId: values.mall,
    };
    for (const field of shown) if (!location[field].trim()) issues[field] = required;
    if (restrictVehicles && values.parkingSpots === '') issues.parkingSpots = t('owners.form.parkingRequired');
    const anyOwner = [values.ownerEmail, values.ownerFirstName, values.ownerLastName, values.ownerMobile, values.ownerLandline].some((v) => v.trim());
    if (anyOwner && !values.ownerEmail.trim()) issues['owner.email'] = required;
    if (anyOwner && !values.ownerFirstName.trim()) issues['owner.firstName'] = required;
    return issues;
  };
  const localIssues = submitted ? clientIssues() : {};
  const issue = (field: string) => serverIssues[field] ?? localIssues[field] ?? null;

  const place = (typed: string, list: readonly { databaseId: number; name: string }[]) => {
    const name = typed.trim();
    if (!name) return { id: null, name: null };
    const found = list.find((p) => p.name.toLowerCase() === name.toLowerCase());
    return found ? { id: found.databaseId, name: null } : { id: null, name };
  };

  const input = (activate: boolean) => {
    const keep = (field: LocationField, value: string) => (shown.has(field) ? blank(value) : null);
    const condominium = shown.has('condominiumId') ? place(values.condominium, condominiums) : { id: null, name: null };
    const mall = shown.has('mallId') ? place(values.mall, malls) : { id: null, name: null };
    const anyOwner = [values.ownerEmail, values.ownerFirstName].some((v) => v.trim());
    return {
      houseTypeId: values.houseTypeId,
      catastral: blank(values.catastral),
      block: keep('block', values.block),
      lot: keep('lot', values.lot),
      exteriorNumber: keep('exteriorNumber', values.exteriorNumber),
      interiorNumber: keep('interiorNumber', values.interiorNumber),
      dimension: keep('dimension', values.dimension),
      streetId: shown.has('streetId') && values.streetId ? values.streetId : null,
      condominiumId: condominium.id,
      condominiumName: condominium.name,
      mallId: mall.id,
      mallName: mall.name,
      parkingSpots: values.parkingSpots === '' ? null : Number(values.parkingSpots),
      initialBalance: blank(values.initialBalance),
      balanceReason: blank(values.balanceReason),
      owner: anyOwner
        ? {
            email: values.ownerEmail.trim(),
            firstName: values.ownerFirstName.trim(),
            lastName: blank(values.ownerLastName),
            mobile: blank(values.ownerMobile),
            landline: blank(values.ownerLandline),
          }
        : null,
      officialIdFileId: values.officialIdFileId,
      activate,
    };
  };

  const askOrSave = () => {
    setSubmitted(true);
    if (Object.keys(clientIssues()).length > 0) {
      notify('warning', t('owners.form.fixFields'));
      return;
    }
    const active = existing && (existing.status === 'ACTIVE' || existing.status === 'BLOCKED');
    if (active) void save(false);
    else setConfirming(true);
  };

  const save = async (activate: boolean) => {
    setConfirming(false);
    const outcome = existing
      ? await update.run({ input: { id: existing.id!, house: input(activate) } }, 'updateHouse')
      : await create.run({ input: input(activate) }, 'createHouse');
    if ('ok' in outcome) {
      lock.markReleased();
      const status = outcome.ok && 'data' in outcome.ok ? outcome.ok.data?.house.status : null;
      notify('success', status === 'ACTIVE' && activate ? t('owners.form.savedActive') : existing ? t('owners.form.updated') : t('owners.form.created'));
      navigate('/owners');
    } else if ('failed' in outcome) {
      const issues = issuesByField(outcome.failed);
      if (issues.condominiumName) issues.condominiumId ??= issues.condominiumName;
      if (issues.mallName) issues.mallId ??= issues.mallName;
      setServerIssues(issues);
      notify('danger', outcome.failed.message ?? '');
    }
  };

  const blocked = lock.state.kind === 'blocked';
  const title = existing ? t('owners.form.editTitle', { label: existing.label }) : t('owners.form.createTitle');

  return (
    <Stack maw={860}>
      <Title order={2}>{title}</Title>
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
      <form
        onSubmit={(e) => {
          e.preventDefault();
          askOrSave();
        }}
      >
        <fieldset disabled={blocked || lock.state.kind === 'taking'} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack>
            <Fieldset legend={t('owners.form.property')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Select
                  label={t('owners.form.houseType')}
                  data={types.map((tp) => ({ value: tp.id, label: tp.title }))}
                  value={values.houseTypeId || null}
                  onChange={(v) => set('houseTypeId', v ?? '')}
                  error={issue('houseTypeId')}
                  allowDeselect={false}
                  withAsterisk
                />
                <TextInput
                  label={t('owners.form.catastral')}
                  value={values.catastral}
                  onChange={(e) => set('catastral', e.currentTarget.value.toUpperCase())}
                  error={issue('catastral')}
                />
                {shown.has('block') && (
                  <TextInput
                    label={t('owners.form.block')}
                    withAsterisk
                    value={values.block}
                    onChange={(e) => set('block', e.currentTarget.value)}
                    error={issue('block')}
                  />
                )}
                {shown.has('lot') && (
                  <TextInput
                    label={t('owners.form.lot')}
                    withAsterisk
                    value={values.lot}
                    onChange={(e) => set('lot', e.currentTarget.value)}
                    error={issue('lot')}
                  />
                )}
                {shown.has('streetId') && (
                  <Select
                    label={t('owners.form.street')}
                    withAsterisk
                    searchable
                    data={data.streets?.edges.map((e) => ({ value: e.node.id, label: e.node.name })) ?? []}
                    value={values.streetId || null}
                    onChange={(v) => set('streetId', v ?? '')}
                    error={issue('streetId')}
                    nothingFoundMessage={t('owners.form.noStreets')}
                  />
                )}
                {shown.has('exteriorNumber') && (
                  <TextInput
                    label={t('owners.form.exteriorNumber')}
                    withAsterisk
                    value={values.exteriorNumber}
                    onChange={(e) => set('exteriorNumber', e.currentTarget.value)}
                    error={issue('exteriorNumber')}
                  />
                )}
                {shown.has('interiorNumber') && (
                  <TextInput
                    label={t('owners.form.interiorNumber')}
                    withAsterisk
                    value={values.interiorNumber}
                    onChange={(e) => set('interiorNumber', e.currentTarget.value)}
                    error={issue('interiorNumber')}
                  />
                )}
                {shown.has('condominiumId') && (
                  <Autocomplete
                    label={t('owners.form.condominium')}
                    description={t('owners.form.placeHint')}
                    withAsterisk
                    data={condominiums.map((c) => c.name)}
                    value={values.condominium}
                    onChange={(v) => set('condominium', v)}
                    error={issue('condominiumId')}
                  />
                )}
                {shown.has('mallId') && (
                  <Autocomplete
                    label={t('owners.form.mall')}
                    description={t('owners.form.placeHint')}
                    withAsterisk
                    data={malls.map((m) => m.name)}
                    value={values.mall}
                    onChange={(v) => set('mall', v)}
                    error={issue('mallId')}
                  />
                )}
                {shown.has('dimension') && (
                  <TextInput
                    label={t('owners.form.dimension')}
                    withAsterisk
                    inputMode="decimal"
                    rightSection={<Text size="xs">m²</Text>}
                    value={values.dimension}
                    onChange={(e) => set('dimension', e.currentTarget.value)}
                    error={issue('dimension')}
                  />
                )}
                <NumberInput
                  label={t('owners.form.parkingSpots')}
                  withAsterisk={restrictVehicles}
                  min={0}
                  max={99}
                  allowDecimal={false}
                  allowNegative={false}
                  value={values.parkingSpots}
                  onChange={(v) => set('parkingSpots', v === '' ? '' : Number(v))}
                  error={issue('parkingSpots')}
                />
              </SimpleGrid>
              {!type && (
                <Text size="sm" c="dimmed" mt="xs">
                  {t('owners.form.typeFirst')}
                </Text>
              )}
            </Fieldset>

            <Fieldset legend={t('owners.form.balance')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <QuantityField
                  label={t('owners.form.initialBalance')}
                  description={t('owners.form.initialBalanceHint')}
                  value={values.initialBalance}
                  onValue={(v) => set('initialBalance', v)}
                  error={issue('initialBalance')}
                />
                <Textarea
                  label={t('owners.form.balanceReason')}
                  autosize
                  minRows={1}
                  value={values.balanceReason}
                  onChange={(e) => set('balanceReason', e.currentTarget.value)}
                  error={issue('balanceReason')}
                />
              </SimpleGrid>
            </Fieldset>

            <Fieldset legend={t('owners.form.owner')}>
              {existing?.pendingOwnerEmail && (
                <Alert color="orange" mb="sm">
                  {t('owners.change.pending', { email: existing.pendingOwnerEmail })}
                </Alert>
              )}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('owners.form.email')}
                  type="email"
                  value={values.ownerEmail}
                  readOnly={ownerLocked}
                  onChange={(e) => set('ownerEmail', e.currentTarget.value)}
                  error={issue('owner.email')}
                  description={
                    ownerLocked && grants.has('AHousesUpdate') ? (
                      <Anchor component={Link} to={`/owners/${existing!.databaseId}/change`} size="xs">
                        {t('owners.actions.change')}
                      </Anchor>
                    ) : undefined
                  }
                />
                <TextInput
                  label={t('owners.form.firstName')}
                  value={values.ownerFirstName}
                  onChange={(e) => set('ownerFirstName', e.currentTarget.value)}
                  error={issue('owner.firstName')}
                />
                <TextInput
                  label={t('owners.form.lastName')}
                  value={values.ownerLastName}
                  onChange={(e) => set('ownerLastName', e.currentTarget.value)}
                  error={issue('owner.lastName')}
                />
                <TextInput
                  label={t('owners.form.mobile')}
                  inputMode="tel"
                  value={values.ownerMobile}
                  onChange={(e) => set('ownerMobile', e.currentTarget.value)}
                  error={issue('owner.mobile')}
                />
                <TextInput
                  label={t('owners.form.landline')}
                  inputMode="tel"
                  value={values.ownerLandline}
                  onChange={(e) => set('ownerLandline', e.currentTarget.value)}
                  error={issue('owner.landline')}
                />
              </SimpleGrid>
              <Stack gap={4} mt="sm">
                <Text size="sm" fw={500}>
                  {t('owners.form.officialId')}
                </Text>
                {existing?.officialIdFileId && (
                  <Anchor href={`/api/1.0/files/${existing.officialIdFileId}`} target="_blank" size="sm">
                    {t('owners.form.officialIdCurrent')}
                  </Anchor>
                )}
                <Uploader
                  endpoint="/api/1.0/files"
                  maxSizeMb={10}
                  pattern={/\.(pdf|png|jpe?g|webp)$/i}
                  accept=".pdf,.png,.jpg,.jpeg,.webp"
                  onUploaded={(id) => set('officialIdFileId', id)}
                  onRemoved={() => set('officialIdFileId', null)}
                />
                {issue('officialIdFileId') && (
                  <Text size="xs" c="red">
                    {issue('officialIdFileId')}
                  </Text>
                )}
              </Stack>
            </Fieldset>

            <Group>
              <Button type="submit" loading={create.inFlight || update.inFlight}>
                {t('common.save')}
              </Button>
              <Button variant="default" component={Link} to="/owners">
                {t('common.cancel')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('owners.form.activateTitle')}>
        <Text size="sm">{t('owners.form.activateText')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => void save(false)}>
            {t('owners.form.saveOnly')}
          </Button>
          <Button onClick={() => void save(true)}>{t('owners.form.saveAndActivate')}</Button>
        </Group>
      </Modal>
    </Stack>
  );
}

/** Which server issue field a form value clears when edited. */
const FIELD_OF: Partial<Record<keyof Values, string>> = {
  houseTypeId: 'houseTypeId',
  catastral: 'catastral',
  block: 'block',
  lot: 'lot',
  exteriorNumber: 'exteriorNumber',
  interiorNumber: 'interiorNumber',
  dimension: 'dimension',
  streetId: 'streetId',
  condominium: 'condominiumId',
  mall: 'mallId',
  parkingSpots: 'parkingSpots',
  initialBalance: 'initialBalance',
  balanceReason: 'balanceReason',
  ownerEmail: 'owner.email',
  ownerFirstName: 'owner.firstName',
  ownerLastName: 'owner.lastName',
  ownerMobile: 'owner.mobile',
  ownerLandline: 'owner.landline',
  officialIdFileId: 'officialIdFileId',
};

import { useEffect, useMemo, useState } from 'react';
import { Alert, Anchor, Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { HouseTaxInfoQuery } from '../../__generated__/HouseTaxInfoQuery.graphql';
import type { HouseTaxInfoSaveMutation } from '../../__generated__/HouseTaxInfoSaveMutation.graphql';
import type { HouseTaxInfoDeleteMutation } from '../../__generated__/HouseTaxInfoDeleteMutation.graphql';
import { cfdiUsesFor, DEFAULT_COUNTRY, FOREIGN_STATE, isMexico, regimesFor, STATES, taxInfoSchema } from '../../../../core/tax.js';
import { rfcPersonType } from '../../../../core/validators.js';
import { useAppMutation } from '../../components/mutations.js';
import { notify } from '../../components/notify.js';
import { useSession } from '../../components/SessionProvider.js';
import { Uploader } from '../../components/Uploader.js';

const query = graphql`
  query HouseTaxInfoQuery($houseId: ID, $houseNodeId: ID!, $admin: Boolean!) {
    houseTaxInfo(houseId: $houseId) {
      rfc businessName fiscalRegime cfdiUse postalCode street exteriorNumber interiorNumber colony city state country taxReceiptFileId
    }
    house: node(id: $houseNodeId) @include(if: $admin) { ... on House { label } }
  }
`;

const saveMutation = graphql`
  mutation HouseTaxInfoSaveMutation($input: UpdateHouseTaxInfoInput!) {
    updateHouseTaxInfo(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationUpdateHouseTaxInfoSuccess { data { taxInfo { rfc } } }
    }
  }
`;

const deleteMutation = graphql`
  mutation HouseTaxInfoDeleteMutation($input: DeleteHouseTaxInfoInput!) {
    deleteHouseTaxInfo(input: $input) { __typename ... on Error { code message } ... on MutationDeleteHouseTaxInfoSuccess { data { houseDatabaseId } } }
  }
`;

type Input = z.input<typeof taxInfoSchema>;
type Output = z.output<typeof taxInfoSchema>;

const EMPTY = {
  rfc: '',
  businessName: '',
  fiscalRegime: '',
  cfdiUse: '',
  postalCode: '',
  street: '',
  exteriorNumber: '',
  interiorNumber: '',
  colony: '',
  city: '',
  state: '',
  country: DEFAULT_COUNTRY,
};

/** Tax data of a house: /houses/settings for the viewer's own house, /houses/{houseId}/settings for administrators. */
export default function HouseTaxInfo() {
  const { houseId } = useParams();
  const admin = !!houseId;
  const [fetchKey, setFetchKey] = useState(0);
  const data = useLazyLoadQuery<HouseTaxInfoQuery>(
    query,
    { houseId: admin ? btoa(`House:${houseId}`) : null, houseNodeId: btoa(`House:${houseId ?? 0}`), admin },
    { fetchPolicy: 'network-only', fetchKey },
  );
  return <TaxInfoFields key={fetchKey} data={data} admin={admin} houseId={houseId ?? null} onDeleted={() => setFetchKey((k) => k + 1)} />;
}

function TaxInfoFields({
  data,
  admin,
  houseId,
  onDeleted,
}: {
  data: HouseTaxInfoQuery['response'];
  admin: boolean;
  houseId: string | null;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const { grants, session } = useSession();
  const canWrite = admin ? grants.has('ATaxUpdate') : grants.has('OTaxUpdate') || grants.has('STaxUpdate');
  const existing = data.houseTaxInfo;
  const label = admin ? data.house?.label : session.house?.label;
  const save = useAppMutation<HouseTaxInfoSaveMutation>(saveMutation);
  const remove = useAppMutation<HouseTaxInfoDeleteMutation>(deleteMutation);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [hasData, setHasData] = useState(!!existing);
  // The constancia de situación fiscal: the one on file, or a new upload that replaces it on save.
  const [receiptId, setReceiptId] = useState<string | null>(null);
  const receiptOnFile = existing?.taxReceiptFileId ?? null;
  const { register, handleSubmit, control, formState, watch, setValue } = useForm<Input, unknown, Output>({
    resolver: zodResolver(taxInfoSchema),
    defaultValues: existing ? (Object.fromEntries(Object.entries({ ...EMPTY, ...existing }).map(([k, v]) => [k, v ?? ''])) as Input) : EMPTY,
  });

  const rfc = watch('rfc');
  const regime = watch('fiscalRegime');
  const cfdiUse = watch('cfdiUse');
  const country = watch('country');
  const state = watch('state');
  const person = rfcPersonType(rfc ?? '');
  const regimes = useMemo(() => regimesFor(person), [person]);
  const uses = useMemo(() => cfdiUsesFor(person, regime || null), [person, regime]);
  const mexico = isMexico(country);
  const states = mexico ? STATES.filter((s) => s.code !== FOREIGN_STATE) : STATES.filter((s) => s.code === FOREIGN_STATE);

  // As the RFC is typed, choices that no longer fit the person type (or the regime) are cleared.
  useEffect(() => {
    if (regime && !regimes.some((r) => r.code === regime)) setValue('fiscalRegime', '');
  }, [regimes, regime, setValue]);
  useEffect(() => {
    if (cfdiUse && !uses.some((u) => u.code === cfdiUse)) setValue('cfdiUse', '');
  }, [uses, cfdiUse, setValue]);
  useEffect(() => {
    if (!mexico && state !== FOREIGN_STATE) setValue('state', FOREIGN_STATE);
    if (mexico && state === FOREIGN_STATE) setValue('state', '');
  }, [mexico, state, setValue]);

  const houseInput = admin && houseId ? { houseId: btoa(`House:${houseId}`) } : {};

  const submit = handleSubmit(async (values) => {
    const result = await save.run({ input: { ...houseInput, taxInfo: { ...values, taxReceiptFileId: receiptId } } }, 'updateHouseTaxInfo');
    if (result) {
      notify('success', t('taxInfo.saved'));
      setHasData(true);
    }
  });

  const doDelete = async () => {
    const result = await remove.run({ input: houseInput }, 'deleteHouseTaxInfo');
    setConfirmDelete(false);
    if (result) {
      notify('success', t('taxInfo.deleted'));
      onDeleted();
    }
  };

  const text = (name: 'businessName' | 'postalCode' | 'street' | 'exteriorNumber' | 'interiorNumber' | 'colony' | 'city' | 'country', extra = {}) => (
    <TextInput label={t(`taxInfo.${name}`)} disabled={!canWrite} {...register(name)} error={formState.errors[name]?.message} {...extra} />
  );

  return (
    <Stack maw={720}>
      <div>
        <Title order={2}>{t('taxInfo.title')}</Title>
        {label && <Text c="dimmed">{t('taxInfo.house', { label })}</Text>}
      </div>
      {!hasData && <Alert color="blue">{t('taxInfo.empty')}</Alert>}
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Controller
              control={control}
              name="rfc"
              render={({ field, fieldState }) => (
                <TextInput
                  label={t('taxInfo.rfc')}
                  description={person ? t(`taxInfo.person.${person}`) : t('taxInfo.rfcHint')}
                  disabled={!canWrite}
                  value={field.value}
                  onChange={(e) => field.onChange(e.currentTarget.value.toUpperCase().replace(/\s/g, ''))}
                  onBlur={field.onBlur}
                  maxLength={13}
                  error={fieldState.error?.message}
                />
              )}
            />
            {text('businessName')}
          </SimpleGrid>
          <Controller
            control={control}
            name="fiscalRegime"
            render={({ field, fieldState }) => (
              <Select
                label={t('taxInfo.fiscalRegime')}
                searchable
                disabled={!canWrite}
                data={regimes.map((r) => ({ value: r.code, label: `${r.satCode} - ${r.name}` }))}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="cfdiUse"
            render={({ field, fieldState }) => (
              <Select
                label={t('taxInfo.cfdiUse')}
                searchable
                disabled={!canWrite}
                data={uses.map((u) => ({ value: u.code, label: `${u.code} - ${u.name}` }))}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                error={fieldState.error?.message}
              />
            )}
          />
          <Title order={4}>{t('taxInfo.address')}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('street')}
            <SimpleGrid cols={2}>
              {text('exteriorNumber')}
              {text('interiorNumber')}
            </SimpleGrid>
            {text('colony')}
            {text('city')}
            {text('postalCode', { maxLength: 5, inputMode: 'numeric' })}
            <Controller
              control={control}
              name="state"
              render={({ field, fieldState }) => (
                <Select
                  label={t('taxInfo.state')}
                  searchable
                  disabled={!canWrite || !mexico}
                  data={states.map((s) => ({ value: s.code, label: s.name }))}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  error={fieldState.error?.message}
                />
              )}
            />
            {text('country')}
          </SimpleGrid>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('taxInfo.taxReceipt')}
            </Text>
            {receiptOnFile && !receiptId && (
              <Anchor href={`/api/1.0/files/${receiptOnFile}`} target="_blank" rel="noopener" size="sm">
                {t('taxInfo.taxReceiptView')}
              </Anchor>
            )}
            {canWrite && (
              <Uploader
                endpoint="/api/1.0/files"
                maxSizeMb={10}
                pattern={/\.(pdf|png|jpe?g|webp)$/i}
                accept=".pdf,.png,.jpg,.jpeg,.webp"
                onUploaded={setReceiptId}
                onRemoved={() => setReceiptId(null)}
              />
            )}
          </Stack>
          {canWrite && (
            <Group>
              <Button type="submit" loading={save.inFlight}>
                {t('common.save')}
              </Button>
              {hasData && (
                <Button variant="subtle" color="red" onClick={() => setConfirmDelete(true)}>
                  {t('taxInfo.delete')}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </form>
      <Modal opened={confirmDelete} onClose={() => setConfirmDelete(false)} title={t('taxInfo.deleteTitle')}>
        <Text>{t('taxInfo.deleteConfirm')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirmDelete(false)}>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={doDelete} loading={remove.inFlight}>
            {t('list.delete')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

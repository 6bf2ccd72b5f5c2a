import { useEffect, useMemo, useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Modal, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { graphql, useFragment, usePreloadedQuery } from 'react-relay';
import { Controller } from 'react-hook-form';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { HouseTaxInfoQuery } from '../../../../__generated__/HouseTaxInfoQuery.graphql';
import type { HouseTaxInfo_taxInfo$data, HouseTaxInfo_taxInfo$key } from '../../../../__generated__/HouseTaxInfo_taxInfo.graphql';
import type { HouseTaxInfoSaveMutation } from '../../../../__generated__/HouseTaxInfoSaveMutation.graphql';
import type { HouseTaxInfoDeleteMutation } from '../../../../__generated__/HouseTaxInfoDeleteMutation.graphql';
import { cfdiUsesFor, DEFAULT_COUNTRY, FOREIGN_STATE, HouseTaxInfoSchema, isMexico, regimesFor, STATES } from '../../../../../../core/tax.js';
import { rfcPersonType } from '../../../../../../core/validators.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { field, fieldError, useZodForm } from '../../../../components/forms.js';
import { useAppMutation } from '../../../../components/mutations.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { useSession } from '../../../../components/SessionProvider.js';
import { Uploader } from '../../../../components/Uploader.js';
import { globalId } from '../../../../relay/ids.js';
import type { ScreenProps } from '../../../../router/screenRoute.js';

export const houseTaxInfoQuery = graphql`
  query HouseTaxInfoQuery($houseId: ID, $houseNodeId: ID!, $admin: Boolean!) {
    houseTaxInfo(houseId: $houseId) { ...HouseTaxInfo_taxInfo }
    house: node(id: $houseNodeId) @include(if: $admin) { ... on House { label } }
  }
`;

const taxInfoFragment = graphql`
  fragment HouseTaxInfo_taxInfo on HouseTaxInfo {
    rfc businessName fiscalRegime cfdiUse postalCode street exteriorNumber interiorNumber colony city state country taxReceiptFileId
  }
`;

const saveMutation = graphql`
  mutation HouseTaxInfoSaveMutation($input: UpdateHouseTaxInfoInput!) {
    updateHouseTaxInfo(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationUpdateHouseTaxInfoSuccess { data { taxInfo { taxReceiptFileId } } }
    }
  }
`;

const deleteMutation = graphql`
  mutation HouseTaxInfoDeleteMutation($input: DeleteHouseTaxInfoInput!) {
    deleteHouseTaxInfo(input: $input) { __typename ... on Error { code message } ... on MutationDeleteHouseTaxInfoSuccess { data { houseDatabaseId } } }
  }
`;

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

const formValues = (info: HouseTaxInfo_taxInfo$data | null | undefined) =>
  info ? (Object.fromEntries(Object.keys(EMPTY).map((k) => [k, info[k as keyof typeof EMPTY] ?? ''])) as typeof EMPTY) : EMPTY;

/** Tax data of a house: /houses/settings for the viewer's own house, /houses/{houseId}/settings for administrators. */
export default function HouseTaxInfo({ queryRef }: ScreenProps<HouseTaxInfoQuery>) {
  const { houseId } = useParams();
  const data = usePreloadedQuery<HouseTaxInfoQuery>(houseTaxInfoQuery, queryRef);
  return <TaxInfoFields taxInfo={data.houseTaxInfo ?? null} houseLabel={data.house?.label ?? null} houseId={houseId ?? null} />;
}

function TaxInfoFields({ taxInfo, houseLabel, houseId }: { taxInfo: HouseTaxInfo_taxInfo$key | null; houseLabel: string | null; houseId: string | null }) {
  const { t } = useTranslation();
  const { grants, session } = useSession();
  const existing = useFragment<HouseTaxInfo_taxInfo$key>(taxInfoFragment, taxInfo);
  const admin = !!houseId;
  const canWrite = admin ? grants.has('ATaxUpdate') : grants.has('OTaxUpdate') || grants.has('STaxUpdate');
  const label = admin ? houseLabel : (session.house?.label ?? null);
  const save = useAppMutation<HouseTaxInfoSaveMutation>(saveMutation);
  const remove = useAppMutation<HouseTaxInfoDeleteMutation>(deleteMutation);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [hasData, setHasData] = useState(!!existing);
  // The constancia de situación fiscal: the one on file, or a new upload that replaces it on save.
  const [receiptOnFile, setReceiptOnFile] = useState(existing?.taxReceiptFileId ?? null);
  const [receiptId, setReceiptId] = useState<string | null>(null);
  const form = useZodForm(HouseTaxInfoSchema, { defaultValues: formValues(existing) });
  const { control, watch, setValue } = form;

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

  const houseInput = admin ? { houseId: globalId('House', houseId) } : {};

  const submit = form.handleSubmit(async (values) => {
    const result = await save.run({ input: { ...houseInput, taxInfo: { ...values, taxReceiptFileId: receiptId } } }, 'updateHouseTaxInfo', {
      form,
      success: t('taxInfo.saved'),
    });
    if (result && 'data' in result) {
      setHasData(true);
      setReceiptOnFile(result.data?.taxInfo.taxReceiptFileId ?? null);
    }
  });

  const doDelete = async () => {
    const result = await remove.run({ input: houseInput }, 'deleteHouseTaxInfo', { success: t('taxInfo.deleted') });
    setConfirmDelete(false);
    if (result) {
      form.reset(EMPTY);
      setHasData(false);
      setReceiptOnFile(null);
      setReceiptId(null);
    }
  };

  const header = (
    <PageHeader title={t('taxInfo.title')} description={label ? t('taxInfo.house', { label }) : t('taxInfo.description')}>
      <Badge variant="light" color={hasData ? 'green' : 'gray'} size="lg">
        {hasData ? t('taxInfo.statusComplete') : t('taxInfo.statusMissing')}
      </Badge>
    </PageHeader>
  );

  if (!canWrite && !hasData) {
    return (
      <Stack maw={760}>
        {header}
        <EmptyState title={t('taxInfo.emptyReadOnly')} hint={t('taxInfo.emptyReadOnlyHint')} />
      </Stack>
    );
  }

  const text = (name: 'businessName' | 'postalCode' | 'street' | 'exteriorNumber' | 'interiorNumber' | 'colony' | 'city' | 'country', extra = {}) => (
    <TextInput label={t(`taxInfo.${name}`)} disabled={!canWrite} {...field(form, name)} {...extra} />
  );

  return (
    <Stack maw={760}>
      {header}
      {!hasData && <Alert color="blue">{t('taxInfo.empty')}</Alert>}
      <form onSubmit={submit} noValidate>
        <Stack>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Stack>
              <Title order={4}>{t('taxInfo.taxpayer')}</Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Controller
                  control={control}
                  name="rfc"
                  render={({ field: input }) => (
                    <TextInput
                      label={t('taxInfo.rfc')}
                      required
                      description={person ? t(`taxInfo.person.${person}`) : t('taxInfo.rfcHint')}
                      disabled={!canWrite}
                      value={input.value}
                      onChange={(e) => input.onChange(e.currentTarget.value.toUpperCase().replace(/\s/g, ''))}
                      onBlur={input.onBlur}
                      maxLength={13}
                      error={fieldError(form, 'rfc')}
                    />
                  )}
                />
                {text('businessName', { required: true, description: t('taxInfo.businessNameHint') })}
              </SimpleGrid>
              <Controller
                control={control}
                name="fiscalRegime"
                render={({ field: input }) => (
                  <Select
                    label={t('taxInfo.fiscalRegime')}
                    required
                    searchable
                    disabled={!canWrite}
                    data={regimes.map((r) => ({ value: r.code, label: `${r.satCode} - ${r.name}` }))}
                    value={input.value || null}
                    onChange={(v) => input.onChange(v ?? '')}
                    onBlur={input.onBlur}
                    error={fieldError(form, 'fiscalRegime')}
                  />
                )}
              />
              <Controller
                control={control}
                name="cfdiUse"
                render={({ field: input }) => (
                  <Select
                    label={t('taxInfo.cfdiUse')}
                    required
                    searchable
                    disabled={!canWrite}
                    data={uses.map((u) => ({ value: u.code, label: `${u.code} - ${u.name}` }))}
                    value={input.value || null}
                    onChange={(v) => input.onChange(v ?? '')}
                    onBlur={input.onBlur}
                    error={fieldError(form, 'cfdiUse')}
                  />
                )}
              />
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Stack>
              <Title order={4}>{t('taxInfo.address')}</Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {text('street')}
                <SimpleGrid cols={2}>
                  {text('exteriorNumber')}
                  {text('interiorNumber')}
                </SimpleGrid>
                {text('colony')}
                {text('city')}
                {text('postalCode', { maxLength: 5, inputMode: 'numeric', required: true })}
                <Controller
                  control={control}
                  name="state"
                  render={({ field: input }) => (
                    <Select
                      label={t('taxInfo.state')}
                      required
                      searchable
                      disabled={!canWrite || !mexico}
                      data={states.map((s) => ({ value: s.code, label: s.name }))}
                      value={input.value || null}
                      onChange={(v) => input.onChange(v ?? '')}
                      onBlur={input.onBlur}
                      error={fieldError(form, 'state')}
                    />
                  )}
                />
                {text('country')}
              </SimpleGrid>
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="xs">
              <Title order={4}>{t('taxInfo.taxReceipt')}</Title>
              {receiptOnFile && !receiptId ? (
                <Anchor href={`/api/1.0/files/${receiptOnFile}`} target="_blank" rel="noopener" size="sm">
                  {t('taxInfo.taxReceiptView')}
                </Anchor>
              ) : (
                !receiptId && (
                  <Text size="sm" c="dimmed">
                    {t('taxInfo.taxReceiptMissing')}
                  </Text>
                )
              )}
              {canWrite && (
                <Uploader
                  endpoint="/api/1.0/files"
                  maxSizeMb={10}
                  pattern={/\.(pdf|png|jpe?g|webp)$/i}
                  accept=".pdf,.png,.jpg,.jpeg,.webp"
                  hint={t('taxInfo.taxReceiptHint')}
                  onUploaded={setReceiptId}
                  onRemoved={() => setReceiptId(null)}
                />
              )}
            </Stack>
          </Paper>
          {canWrite && (
            <Group justify="space-between">
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

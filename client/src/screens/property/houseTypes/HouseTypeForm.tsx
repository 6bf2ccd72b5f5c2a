import { useMemo } from 'react';
import { Alert, Button, Checkbox, Fieldset, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { graphql, useFragment, usePreloadedQuery } from 'react-relay';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { HouseTypeFormQuery } from '../../../__generated__/HouseTypeFormQuery.graphql';
import type { HouseTypeForm_houseType$key } from '../../../__generated__/HouseTypeForm_houseType.graphql';
import type { HouseTypeFormCreateMutation } from '../../../__generated__/HouseTypeFormCreateMutation.graphql';
import type { HouseTypeFormUpdateMutation } from '../../../__generated__/HouseTypeFormUpdateMutation.graphql';
import {
  CUSTOM_HOUSE_TYPE,
  houseTypeSchema,
  LOCATION_FLAGS,
  PREDEFINED_HOUSE_TYPES,
  templateFlags,
  type CommunityKind,
  type LocationFlag,
} from '../../../../../core/houseTypes.js';
import { field, fieldError, useZodForm } from '../../../components/forms.js';
import { useAppMutation } from '../../../components/mutations.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { QuantityField } from '../../../components/QuantityField.js';
import { useSession } from '../../../components/SessionProvider.js';
import type { ScreenProps } from '../../../router/screenRoute.js';

export const houseTypeFormQuery = graphql`
  query HouseTypeFormQuery($id: ID!, $edit: Boolean!) {
    node(id: $id) @include(if: $edit) { ...HouseTypeForm_houseType @alias }
    houseTypeAmountRequired
  }
`;

const houseTypeFragment = graphql`
  fragment HouseTypeForm_houseType on HouseType {
    id title description defaultName catastralAlgorithm isCustom hiddenToPublic amount
    requireDimension requireCondominium requireBlock requireLot requireStreet requireExteriorNumber requireInteriorNumber requireMall
  }
`;

const createMutation = graphql`
  mutation HouseTypeFormCreateMutation($input: HouseTypeInput!) {
    createHouseType(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationCreateHouseTypeSuccess { data { houseType { id } } }
    }
  }
`;

const updateMutation = graphql`
  mutation HouseTypeFormUpdateMutation($input: UpdateHouseTypeInput!) {
    updateHouseType(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationUpdateHouseTypeSuccess { data { houseType { id title amount } } }
    }
  }
`;

const LIST = '/neighborhood/settings/houses-types';
const ALGORITHMS = ['UNIQUE', 'INTERIOR_NUMBER_COMPOSED'] as const;
const noFlags = Object.fromEntries(LOCATION_FLAGS.map((f) => [f, false])) as Record<LocationFlag, boolean>;

/** /neighborhood/settings/houses-types/form and form/{id}: a predefined type of the community kind or a custom one ('Otro'). */
export default function HouseTypeForm({ queryRef }: ScreenProps<HouseTypeFormQuery>) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<HouseTypeFormQuery>(houseTypeFormQuery, queryRef);
  const houseType = data.node?.HouseTypeForm_houseType ?? null;
  if (queryRef.variables.edit && !houseType) return <Alert color="yellow">{t('houseTypes.notFound')}</Alert>;
  return <HouseTypeFields houseType={houseType} amountRequired={data.houseTypeAmountRequired} />;
}

function HouseTypeFields({ houseType: key, amountRequired }: { houseType: HouseTypeForm_houseType$key | null; amountRequired: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session } = useSession();
  const existing = useFragment(houseTypeFragment, key);
  const kind = session.neighborhood?.neighborhoodType;
  const templates = PREDEFINED_HOUSE_TYPES[kind && kind in PREDEFINED_HOUSE_TYPES ? (kind as CommunityKind) : 'NEIGHBORHOOD'];
  const schema = useMemo(() => houseTypeSchema({ amountRequired }), [amountRequired]);
  const form = useZodForm(schema, {
    defaultValues: existing
      ? {
          predefined: existing.isCustom ? CUSTOM_HOUSE_TYPE : existing.title,
          title: existing.title,
          description: existing.description ?? '',
          defaultName: existing.defaultName ?? '',
          catastralAlgorithm: existing.catastralAlgorithm === 'INTERIOR_NUMBER_COMPOSED' ? 'INTERIOR_NUMBER_COMPOSED' : 'UNIQUE',
          hiddenToPublic: existing.hiddenToPublic,
          amount: existing.amount ?? '',
          ...Object.fromEntries(LOCATION_FLAGS.map((f) => [f, existing[f]])),
        }
      : { predefined: '', title: '', description: '', defaultName: '', catastralAlgorithm: 'UNIQUE', hiddenToPublic: false, amount: '', ...noFlags },
  });
  const create = useAppMutation<HouseTypeFormCreateMutation>(createMutation);
  const update = useAppMutation<HouseTypeFormUpdateMutation>(updateMutation);
  // Spec 3 section 5: the fee is required with maintenance settings and COBRANZA; shown whenever COBRANZA is on.
  const showAmount = amountRequired || session.activeModules.includes('COBRANZA');

  const predefined = form.watch('predefined');
  const custom = predefined === CUSTOM_HOUSE_TYPE;
  const template = templates.find((tp) => tp.title === predefined);
  const options = [...templates.map((tp) => tp.title), ...(predefined && !custom && !template ? [predefined] : []), CUSTOM_HOUSE_TYPE];

  const save = form.handleSubmit(async (values) => {
    const input = {
      predefined: values.predefined,
      title: custom ? values.title : null,
      description: values.description || null,
      defaultName: values.defaultName || null,
      catastralAlgorithm: custom ? values.catastralAlgorithm : null,
      hiddenToPublic: values.hiddenToPublic,
      amount: values.amount,
      // A predefined type takes its flags from the catalogue.
      ...(custom ? Object.fromEntries(LOCATION_FLAGS.map((f) => [f, values[f]])) : {}),
    };
    const ok = existing
      ? await update.run({ input: { id: existing.id, houseType: input } }, 'updateHouseType', { form, success: t('houseTypes.updated') })
      : await create.run({ input }, 'createHouseType', { form, success: t('houseTypes.created') });
    if (ok) navigate(LIST);
  });

  return (
    <Stack maw={720}>
      <PageHeader
        title={existing ? t('houseTypes.editTitle') : t('houseTypes.create')}
        description={t('houseTypes.formDescription')}
        secondary={{ label: t('common.back'), to: LIST }}
      />
      <form onSubmit={save} noValidate>
        <Stack>
          <Paper withBorder p="md" radius="md">
            <Stack>
              <Controller
                control={form.control}
                name="predefined"
                render={({ field: f }) => (
                  <Select
                    label={t('houseTypes.type')}
                    placeholder={t('houseTypes.chooseType')}
                    required
                    data={options.map((o) => ({ value: o, label: o }))}
                    value={f.value || null}
                    onChange={(value) => {
                      f.onChange(value ?? '');
                      const chosen = templates.find((tp) => tp.title === value);
                      if (chosen?.defaultName) form.setValue('defaultName', chosen.defaultName);
                    }}
                    onBlur={f.onBlur}
                    ref={f.ref}
                    allowDeselect={false}
                    error={fieldError(form, 'predefined')}
                  />
                )}
              />
              {custom && <TextInput label={t('houseTypes.name')} required {...field(form, 'title')} />}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t('houseTypes.defaultName')} description={t('houseTypes.defaultNameHint')} {...field(form, 'defaultName')} />
                {showAmount && (
                  <Controller
                    control={form.control}
                    name="amount"
                    render={({ field: f }) => (
                      <QuantityField
                        label={t('houseTypes.amount')}
                        description={t('houseTypes.amountHint')}
                        required={amountRequired}
                        value={f.value ?? ''}
                        onValue={f.onChange}
                        onBlur={f.onBlur}
                        ref={f.ref}
                        leftSection="$"
                        error={fieldError(form, 'amount')}
                      />
                    )}
                  />
                )}
              </SimpleGrid>
              <Textarea label={t('houseTypes.description')} autosize minRows={2} {...field(form, 'description')} />
            </Stack>
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Stack>
              {custom && (
                <Controller
                  control={form.control}
                  name="catastralAlgorithm"
                  render={({ field: f }) => (
                    <Select
                      label={t('houseTypes.algorithm')}
                      data={ALGORITHMS.map((a) => ({ value: a, label: t(`houseTypes.algorithms.${a}`) }))}
                      value={f.value ?? 'UNIQUE'}
                      onChange={(value) => value && f.onChange(value)}
                      allowDeselect={false}
                      error={fieldError(form, 'catastralAlgorithm')}
                    />
                  )}
                />
              )}
              <Fieldset legend={t('houseTypes.requires')} variant="unstyled">
                {!custom && (
                  <Text size="sm" c="dimmed" mt={4}>
                    {template ? t('houseTypes.flagsFromTemplate') : t('houseTypes.flagsChooseType')}
                  </Text>
                )}
                <SimpleGrid cols={{ base: 2, sm: 4 }} mt="sm">
                  {LOCATION_FLAGS.map((f) =>
                    custom ? (
                      <Controller
                        key={f}
                        control={form.control}
                        name={f}
                        render={({ field: c }) => (
                          <Checkbox label={t(`houseTypes.flags.${f}`)} checked={!!c.value} onChange={(e) => c.onChange(e.currentTarget.checked)} />
                        )}
                      />
                    ) : (
                      <Checkbox key={f} label={t(`houseTypes.flags.${f}`)} checked={template ? templateFlags(template)[f] : false} disabled readOnly />
                    ),
                  )}
                </SimpleGrid>
              </Fieldset>
              <Controller
                control={form.control}
                name="hiddenToPublic"
                render={({ field: c }) => (
                  <Checkbox
                    label={t('houseTypes.hiddenToPublic')}
                    description={t('houseTypes.hiddenToPublicHint')}
                    checked={!!c.value}
                    onChange={(e) => c.onChange(e.currentTarget.checked)}
                  />
                )}
              />
            </Stack>
          </Paper>
          <Group>
            <Button type="submit" loading={create.inFlight || update.inFlight}>
              {t('common.save')}
            </Button>
            <Button variant="default" component={Link} to={LIST}>
              {t('common.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

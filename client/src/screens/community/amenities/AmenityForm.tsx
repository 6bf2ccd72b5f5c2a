import { useMemo } from 'react';
import { Alert, Button, Checkbox, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { Controller } from 'react-hook-form';
import { graphql, useFragment, usePreloadedQuery } from 'react-relay';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AmenityFormQuery } from '../../../__generated__/AmenityFormQuery.graphql';
import type { AmenityForm_amenity$key } from '../../../__generated__/AmenityForm_amenity.graphql';
import type { AmenityFormCreateMutation } from '../../../__generated__/AmenityFormCreateMutation.graphql';
import type { AmenityFormUpdateMutation } from '../../../__generated__/AmenityFormUpdateMutation.graphql';
import { AMENITY_CONCEPT_KEY, amenityFormSchema, DEBT_RULES, type DebtRule, debtRuleOf, RESERVATION_UNITS } from '../../../../../core/amenities.js';
import { DateField } from '../../../components/DateField.js';
import { field, fieldError, useZodForm } from '../../../components/forms.js';
import { useAppMutation } from '../../../components/mutations.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { QuantityField } from '../../../components/QuantityField.js';
import { useSession } from '../../../components/SessionProvider.js';
import type { ScreenProps } from '../../../router/screenRoute.js';
import { SETTINGS_PATH } from './AmenityList.js';

export const amenityFormQuery = graphql`
  query AmenityFormQuery($id: ID!, $edit: Boolean!) {
    node(id: $id) @include(if: $edit) { ...AmenityForm_amenity @alias }
    amenityReceiptConcepts { conceptId description systemKey }
  }
`;

const amenityFragment = graphql`
  fragment AmenityForm_amenity on Amenity {
    id name description cost deposit fromTime toTime maxOrdinaryDebt reservationUnit availableFrom availableTo ownersOnly enabled
    receiptConcept { conceptId description }
  }
`;

const createMutation = graphql`
  mutation AmenityFormCreateMutation($input: CreateAmenityInput!) {
    createAmenity(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationCreateAmenitySuccess { data { amenity { id name enabled } } }
    }
  }
`;

const updateMutation = graphql`
  mutation AmenityFormUpdateMutation($input: UpdateAmenityInput!) {
    updateAmenity(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationUpdateAmenitySuccess { data { amenity { id ...AmenityForm_amenity } } }
    }
  }
`;

type Concept = { conceptId: string; description: string; systemKey: string | null | undefined };

/** /neighborhood/settings/amenities/form and form/{idAmenity}: a common area, its hours, availability and (with COBRANZA) its charges. */
export default function AmenityForm({ queryRef }: ScreenProps<AmenityFormQuery>) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<AmenityFormQuery>(amenityFormQuery, queryRef);
  const amenity = data.node?.AmenityForm_amenity ?? null;
  if (queryRef.variables.edit && !amenity) return <Alert color="yellow">{t('amenities.notFound')}</Alert>;
  return <AmenityFields amenity={amenity} concepts={data.amenityReceiptConcepts ?? []} />;
}

function AmenityFields({ amenity: key, concepts }: { amenity: AmenityForm_amenity$key | null; concepts: readonly Concept[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session } = useSession();
  const existing = useFragment(amenityFragment, key);
  // Spec 3 section 6: COBRANZA gates charging and showing costs.
  const collections = session.activeModules.includes('COBRANZA');
  const defaultConcept = concepts.find((c) => c.systemKey === AMENITY_CONCEPT_KEY) ?? null;
  const schema = useMemo(() => amenityFormSchema({ collections, defaultConceptId: defaultConcept?.conceptId ?? null }), [collections, defaultConcept]);
  const debt = debtRuleOf((existing?.maxOrdinaryDebt as string | null | undefined) ?? null);
  const form = useZodForm(schema, {
    defaultValues: existing
      ? {
          name: existing.name,
          description: existing.description ?? '',
          cost: (existing.cost as string | null) ?? '',
          deposit: (existing.deposit as string | null) ?? '',
          fromTime: existing.fromTime,
          toTime: existing.toTime,
          reservationUnit: existing.reservationUnit === 'DAY' ? 'DAY' : 'HOUR',
          availableFrom: (existing.availableFrom as string | null) ?? null,
          availableTo: (existing.availableTo as string | null) ?? null,
          ownersOnly: existing.ownersOnly,
          receiptConceptId: existing.receiptConcept?.conceptId ?? defaultConcept?.conceptId ?? null,
          enabled: existing.enabled,
          debtRule: debt.rule,
          debtAmount: debt.amount,
        }
      : {
          name: '',
          description: '',
          cost: '',
          deposit: '',
          fromTime: '09:00',
          toTime: '21:00',
          reservationUnit: 'HOUR',
          availableFrom: null,
          availableTo: null,
          ownersOnly: false,
          receiptConceptId: defaultConcept?.conceptId ?? null,
          enabled: true,
          debtRule: 'NONE',
          debtAmount: '',
        },
  });
  const create = useAppMutation<AmenityFormCreateMutation>(createMutation);
  const update = useAppMutation<AmenityFormUpdateMutation>(updateMutation);
  const unit = form.watch('reservationUnit') === 'DAY' ? 'DAY' : 'HOUR';
  const debtRule = form.watch('debtRule');
  // Spec 3 section 5: a debt limit of zero or less (a debt allowed, or payments up to date) removes the deposit.
  const depositApplies = debtRule === 'NONE' || debtRule === 'BALANCE_AT_LEAST';
  const conceptOptions = [
    ...concepts.map((c) => ({ value: c.conceptId, label: c.description })),
    // A concept no longer offered (deleted) stays readable while the amenity names it.
    ...(existing?.receiptConcept && !concepts.some((c) => c.conceptId === existing.receiptConcept?.conceptId)
      ? [{ value: existing.receiptConcept.conceptId, label: existing.receiptConcept.description }]
      : []),
  ];

  const save = form.handleSubmit(async (values) => {
    const amenity = {
      name: values.name,
      description: values.description,
      cost: collections ? values.cost : null,
      deposit: collections ? values.deposit : null,
      maxOrdinaryDebt: collections ? values.maxOrdinaryDebt : null,
      receiptConceptId: collections ? values.receiptConceptId : null,
      fromTime: values.fromTime,
      toTime: values.toTime,
      reservationUnit: values.reservationUnit,
      availableFrom: values.availableFrom,
      availableTo: values.availableTo,
      ownersOnly: values.ownersOnly,
      enabled: values.enabled,
    };
    const ok = existing
      ? await update.run({ input: { id: existing.id, amenity } }, 'updateAmenity', { form: form as never, success: t('amenities.updated') })
      : await create.run({ input: { amenity } }, 'createAmenity', { form: form as never, success: t('amenities.created') });
    if (ok) navigate(SETTINGS_PATH);
  });

  const moneyField = (
    name: 'cost' | 'deposit' | 'debtAmount',
    label: string,
    options: { description?: string; disabled?: boolean; required?: boolean } = {},
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field: f }) => (
        <QuantityField
          label={label}
          description={options.description}
          required={options.required}
          disabled={options.disabled}
          value={options.disabled ? '' : (f.value ?? '')}
          onValue={f.onChange}
          onBlur={f.onBlur}
          ref={f.ref}
          leftSection="$"
          error={fieldError(form, name)}
        />
      )}
    />
  );

  return (
    <Stack maw={880}>
      <PageHeader
        title={existing ? t('amenities.editTitle') : t('amenities.create')}
        description={t('amenities.formDescription')}
        secondary={{ label: t('common.back'), to: SETTINGS_PATH }}
      />
      <form onSubmit={save} noValidate>
        <Stack>
          <Paper withBorder p="md" radius="md">
            <Stack>
              <TextInput label={t('amenities.name')} required {...field(form, 'name')} />
              <Textarea label={t('amenities.description')} autosize minRows={2} maxRows={6} {...field(form, 'description')} />
              <Group gap="xl" wrap="wrap">
                <Controller
                  control={form.control}
                  name="ownersOnly"
                  render={({ field: c }) => (
                    <Checkbox
                      label={t('amenities.ownersOnly')}
                      description={t('amenities.ownersOnlyHint')}
                      checked={!!c.value}
                      onChange={(e) => c.onChange(e.currentTarget.checked)}
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name="enabled"
                  render={({ field: c }) => (
                    <Switch
                      label={t('amenities.enabled')}
                      description={t('amenities.enabledHint')}
                      checked={c.value !== false}
                      onChange={(e) => c.onChange(e.currentTarget.checked)}
                    />
                  )}
                />
              </Group>
            </Stack>
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Stack>
              <div>
                <Text fw={600}>{t('amenities.availability')}</Text>
                <Text size="sm" c="dimmed">
                  {t('amenities.availabilityHint')}
                </Text>
              </div>
              <Controller
                control={form.control}
                name="reservationUnit"
                render={({ field: f }) => (
                  <Stack gap={4}>
                    <Text size="sm" fw={500} id="amenity-unit-label">
                      {t('amenities.reservationUnit')}
                    </Text>
                    <SegmentedControl
                      aria-labelledby="amenity-unit-label"
                      value={f.value ?? 'HOUR'}
                      onChange={(value) => f.onChange(value)}
                      data={RESERVATION_UNITS.map((u) => ({ value: u, label: t(`amenities.units.${u}`) }))}
                      style={{ alignSelf: 'flex-start' }}
                    />
                  </Stack>
                )}
              />
              <SimpleGrid cols={{ base: 2, sm: 4 }}>
                <TimeInput label={t('amenities.fromTime')} withAsterisk {...field(form, 'fromTime')} />
                <TimeInput label={t('amenities.toTime')} withAsterisk {...field(form, 'toTime')} />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Controller
                  control={form.control}
                  name="availableFrom"
                  render={({ field: f }) => (
                    <DateField
                      label={t('amenities.availableFrom')}
                      placeholder={t('amenities.noStart')}
                      value={f.value || null}
                      onChange={(value) => f.onChange(value ? String(value).slice(0, 10) : null)}
                      onBlur={f.onBlur}
                      error={fieldError(form, 'availableFrom')}
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name="availableTo"
                  render={({ field: f }) => (
                    <DateField
                      label={t('amenities.availableTo')}
                      placeholder={t('amenities.noEnd')}
                      value={f.value || null}
                      onChange={(value) => f.onChange(value ? String(value).slice(0, 10) : null)}
                      onBlur={f.onBlur}
                      error={fieldError(form, 'availableTo')}
                    />
                  )}
                />
              </SimpleGrid>
            </Stack>
          </Paper>
          {collections ? (
            <Paper withBorder p="md" radius="md">
              <Stack>
                <div>
                  <Text fw={600}>{t('amenities.charges')}</Text>
                  <Text size="sm" c="dimmed">
                    {t('amenities.chargesHint')}
                  </Text>
                </div>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  {moneyField('cost', t(`amenities.costPer.${unit}`), { description: t('amenities.costHint') })}
                  <Controller
                    control={form.control}
                    name="receiptConceptId"
                    render={({ field: f }) => (
                      <Select
                        label={t('amenities.concept')}
                        description={t('amenities.conceptHint')}
                        placeholder={t('amenities.chooseConcept')}
                        data={conceptOptions}
                        value={f.value ?? null}
                        onChange={(value) => f.onChange(value)}
                        onBlur={f.onBlur}
                        ref={f.ref}
                        searchable
                        clearable
                        nothingFoundMessage={t('amenities.noConcepts')}
                        error={fieldError(form, 'receiptConceptId')}
                      />
                    )}
                  />
                </SimpleGrid>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <Controller
                    control={form.control}
                    name="debtRule"
                    render={({ field: f }) => (
                      <Select
                        label={t('amenities.debtRule')}
                        description={t('amenities.debtRuleHint')}
                        data={DEBT_RULES.map((r) => ({ value: r, label: t(`amenities.debtRules.${r}`) }))}
                        value={f.value}
                        onChange={(value) => value && f.onChange(value as DebtRule)}
                        allowDeselect={false}
                        error={fieldError(form, 'debtRule')}
                      />
                    )}
                  />
                  {(debtRule === 'DEBT_UP_TO' || debtRule === 'BALANCE_AT_LEAST') &&
                    moneyField('debtAmount', t(`amenities.debtAmount.${debtRule}`), { required: true })}
                </SimpleGrid>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  {moneyField('deposit', t('amenities.deposit'), {
                    description: depositApplies ? t('amenities.depositHint') : t('amenities.depositRemoved'),
                    disabled: !depositApplies,
                  })}
                </SimpleGrid>
              </Stack>
            </Paper>
          ) : (
            <Text size="sm" c="dimmed">
              {t('amenities.noCollections')}
            </Text>
          )}
          <Group>
            <Button type="submit" loading={create.inFlight || update.inFlight}>
              {t('common.save')}
            </Button>
            <Button variant="default" component={Link} to={SETTINGS_PATH}>
              {t('common.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

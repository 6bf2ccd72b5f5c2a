import { useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Grid, Group, Modal, Paper, Radio, SegmentedControl, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useFieldArray, useWatch } from 'react-hook-form';
import { graphql, useFragment, usePreloadedQuery } from 'react-relay';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MeasuredServiceFormQuery } from '../../../../__generated__/MeasuredServiceFormQuery.graphql';
import type { MeasuredServiceForm_service$key } from '../../../../__generated__/MeasuredServiceForm_service.graphql';
import type { MeasuredServiceFormCreateMutation } from '../../../../__generated__/MeasuredServiceFormCreateMutation.graphql';
import type { MeasuredServiceFormUpdateMutation } from '../../../../__generated__/MeasuredServiceFormUpdateMutation.graphql';
import {
  type ChargeConcept,
  MAX_SERVICE_CONCEPTS,
  measuredServiceInputSchema,
  rangeLines,
  type ServiceConceptType,
  takesRangeAmount,
} from '../../../../../../core/measuredServices.js';
import { formatPesos } from '../../../../format.js';
import { field, fieldError, useZodForm } from '../../../../components/forms.js';
import { useAppMutation } from '../../../../components/mutations.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { globalId } from '../../../../relay/ids.js';
import type { ScreenProps } from '../../../../router/screenRoute.js';
import { SERVICES_CONCEPTS_PATH } from '../servicesConcepts/paths.js';
import { MEASURED_SERVICES_PATH } from './paths.js';

export const measuredServiceFormQuery = graphql`
  query MeasuredServiceFormQuery($id: ID!, $edit: Boolean!) {
    serviceConcepts(first: 100, offset: 0) { edges { node { databaseId name type amount calculateIva ivaPercent } } }
    node(id: $id) @include(if: $edit) { ...MeasuredServiceForm_service @alias }
  }
`;
const serviceFragment = graphql`
  fragment MeasuredServiceForm_service on MeasuredService {
    id description type presetCost presetConversionRate
    concepts { base concept { databaseId } }
    ranges { from to amounts { conceptId amount } }
  }
`;
const createMutation = graphql`
  mutation MeasuredServiceFormCreateMutation($input: CreateMeasuredServiceInput!) {
    createMeasuredService(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationCreateMeasuredServiceSuccess { data { service { id } } }
    }
  }
`;
const updateMutation = graphql`
  mutation MeasuredServiceFormUpdateMutation($input: UpdateMeasuredServiceInput!) {
    updateMeasuredService(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationUpdateMeasuredServiceSuccess { data { service { ...MeasuredServiceForm_service } } }
    }
  }
`;

type Catalogue = ChargeConcept[];

/** /services/form and /services/form/{serviceId}: type, preset cost and rate, concepts (1–6, one base) and consumption ranges. */
export default function MeasuredServiceForm({ queryRef }: ScreenProps<MeasuredServiceFormQuery>) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<MeasuredServiceFormQuery>(measuredServiceFormQuery, queryRef);
  const service = data.node?.MeasuredServiceForm_service ?? null;
  const catalogue: Catalogue = (data.serviceConcepts?.edges ?? []).map(({ node }) => ({
    id: node.databaseId,
    name: node.name,
    type: node.type as ServiceConceptType,
    amount: node.amount ?? null,
    calculateIva: node.calculateIva,
    ivaPercent: node.ivaPercent ?? null,
    base: false,
  }));
  if (queryRef.variables.edit && !service) return <Alert color="yellow">{t('measuredServices.services.notFound')}</Alert>;
  return <ServiceFields service={service} catalogue={catalogue} />;
}

const emptyRange = (enabled: number[]) => ({ from: '', to: '', amounts: enabled.map((conceptId) => ({ conceptId, amount: '' })) });

function ServiceFields({ service: key, catalogue }: { service: MeasuredServiceForm_service$key | null; catalogue: Catalogue }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const service = useFragment(serviceFragment, key);
  const schema = useMemo(() => measuredServiceInputSchema(catalogue), [catalogue]);
  const form = useZodForm(schema, {
    defaultValues: {
      description: service?.description ?? '',
      type: (service?.type as 'TABLE' | 'FACTOR') ?? 'TABLE',
      presetCost: service?.presetCost ?? '',
      presetConversionRate: service?.presetConversionRate ?? '',
      concepts: service?.concepts.map((c) => ({ conceptId: c.concept.databaseId, base: c.base })) ?? [],
      ranges: service?.ranges.map((r) => ({ from: r.from, to: r.to, amounts: r.amounts.map((a) => ({ conceptId: a.conceptId, amount: a.amount })) })) ?? [],
    },
  });
  const ranges = useFieldArray({ control: form.control, name: 'ranges' as never });
  const type = useWatch({ control: form.control, name: 'type' });
  const chosen = (useWatch({ control: form.control, name: 'concepts' }) ?? []) as { conceptId: number; base?: boolean | null }[];
  const rangeValues = (useWatch({ control: form.control, name: 'ranges' }) ?? []) as {
    from: string;
    to: string;
    amounts: { conceptId: number; amount: string }[];
  }[];
  const [pendingConcepts, setPendingConcepts] = useState<{ conceptId: number; base: boolean }[] | null>(null);
  const create = useAppMutation<MeasuredServiceFormCreateMutation>(createMutation);
  const update = useAppMutation<MeasuredServiceFormUpdateMutation>(updateMutation);

  // The service's concepts in the catalogue's order, with their base flag.
  const selected: ChargeConcept[] = catalogue
    .filter((c) => chosen.some((s) => s.conceptId === c.id))
    .map((c) => ({ ...c, base: !!chosen.find((s) => s.conceptId === c.id)?.base }));
  const enabled = selected.filter((c) => takesRangeAmount(c.type));
  const ivaWithoutConcept = selected.some((c) => c.calculateIva) && !selected.some((c) => c.type === 'IVA');

  const applyConcepts = (next: { conceptId: number; base: boolean }[], clearRanges: boolean) => {
    const ordered = catalogue.filter((c) => next.some((n) => n.conceptId === c.id)).map((c) => next.find((n) => n.conceptId === c.id)!);
    form.setValue('concepts', ordered, { shouldDirty: true });
    if (clearRanges) {
      const nextEnabled = catalogue.filter((c) => takesRangeAmount(c.type) && ordered.some((o) => o.conceptId === c.id)).map((c) => c.id);
      ranges.replace([emptyRange(nextEnabled)] as never);
    }
  };
  const toggle = (conceptId: number, on: boolean) => {
    const current = chosen.map((c) => ({ conceptId: c.conceptId, base: !!c.base }));
    const next = on ? [...current, { conceptId, base: false }] : current.filter((c) => c.conceptId !== conceptId);
    if (rangeValues.length > 0) setPendingConcepts(next);
    else applyConcepts(next, false);
  };
  const setBase = (conceptId: number) =>
    form.setValue(
      'concepts',
      chosen.map((c) => ({ conceptId: c.conceptId, base: c.conceptId === conceptId })),
      { shouldDirty: true },
    );

  const save = form.handleSubmit(async (values) => {
    const input = {
      description: values.description,
      type: values.type,
      presetCost: values.presetCost,
      presetConversionRate: values.presetConversionRate,
      concepts: values.concepts.map((c) => ({ conceptId: globalId('ServiceConcept', String(c.conceptId)), base: c.base })),
      ranges: values.ranges.map((r) => ({
        from: r.from,
        to: r.to,
        amounts: r.amounts.map((a) => ({ conceptId: globalId('ServiceConcept', String(a.conceptId)), amount: a.amount })),
      })),
    };
    const ok = service
      ? await update.run({ input: { id: service.id, service: input } }, 'updateMeasuredService', { form, success: t('measuredServices.services.updated') })
      : await create.run({ input: { service: input } }, 'createMeasuredService', { form, success: t('measuredServices.services.created') });
    if (ok) navigate(MEASURED_SERVICES_PATH);
  });

  const amountIndex = (rangeIndex: number, conceptId: number) => {
    const list = rangeValues[rangeIndex]?.amounts ?? [];
    const i = list.findIndex((a) => a.conceptId === conceptId);
    return i >= 0 ? i : list.length;
  };
  // The row is 12 columns: from and to take 2 each, the concepts share the other 8 by count (spec 2 section 9).
  const conceptSpan = Math.max(1, Math.floor(8 / Math.max(1, selected.length)));
  const rangesError = fieldError(form, 'ranges' as never) ?? (form.formState.errors.ranges as { root?: { message?: string } } | undefined)?.root?.message;

  return (
    <Stack maw={1100}>
      <PageHeader
        title={service ? t('measuredServices.services.editTitle') : t('measuredServices.services.create')}
        description={t('measuredServices.services.formDescription')}
        secondary={{ label: t('common.back'), to: MEASURED_SERVICES_PATH }}
      />
      <form onSubmit={save} noValidate>
        <Stack>
          <Paper withBorder p="md" radius="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('measuredServices.services.description')} required {...field(form, 'description')} />
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('measuredServices.services.type')}
                </Text>
                <SegmentedControl
                  value={type}
                  onChange={(v) => form.setValue('type', v as 'TABLE' | 'FACTOR', { shouldDirty: true })}
                  data={[
                    { value: 'TABLE', label: t('measuredServices.serviceTypes.TABLE') },
                    { value: 'FACTOR', label: t('measuredServices.serviceTypes.FACTOR') },
                  ]}
                />
              </Stack>
              {type === 'FACTOR' && (
                <>
                  <TextInput label={t('measuredServices.services.presetCost')} inputMode="decimal" required {...field(form, 'presetCost')} />
                  <TextInput
                    label={t('measuredServices.services.presetConversionRate')}
                    inputMode="decimal"
                    required
                    {...field(form, 'presetConversionRate')}
                  />
                </>
              )}
            </SimpleGrid>
            {type === 'TABLE' && (
              <Text size="xs" c="dimmed" mt="xs">
                {t('measuredServices.services.tableHint')}
              </Text>
            )}
          </Paper>

          <Paper withBorder p="md" radius="md">
            <Title order={4}>{t('measuredServices.services.concepts')}</Title>
            <Text size="sm" c="dimmed" mb="sm">
              {t('measuredServices.services.conceptsHint', { max: MAX_SERVICE_CONCEPTS })}
            </Text>
            {catalogue.length === 0 ? (
              <Alert color="yellow">
                {t('measuredServices.services.noConcepts')} <Link to={SERVICES_CONCEPTS_PATH}>{t('measuredServices.services.toConcepts')}</Link>
              </Alert>
            ) : (
              <Table.ScrollContainer minWidth={520}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('measuredServices.services.include')}</Table.Th>
                      <Table.Th>{t('measuredServices.concepts.name')}</Table.Th>
                      <Table.Th>{t('measuredServices.concepts.type')}</Table.Th>
                      <Table.Th>{t('measuredServices.services.base')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {catalogue.map((c) => {
                      const on = chosen.some((s) => s.conceptId === c.id);
                      return (
                        <Table.Tr key={c.id}>
                          <Table.Td>
                            <Checkbox
                              checked={on}
                              disabled={!on && chosen.length >= MAX_SERVICE_CONCEPTS}
                              onChange={(e) => toggle(c.id, e.currentTarget.checked)}
                              aria-label={t('measuredServices.services.includeNamed', { name: c.name })}
                            />
                          </Table.Td>
                          <Table.Td>{c.name}</Table.Td>
                          <Table.Td>{t(`measuredServices.conceptTypes.${c.type}`)}</Table.Td>
                          <Table.Td>
                            {c.type === 'FIXED' && (
                              <Radio
                                checked={on && !!chosen.find((s) => s.conceptId === c.id)?.base}
                                disabled={!on}
                                onChange={() => setBase(c.id)}
                                aria-label={t('measuredServices.services.baseNamed', { name: c.name })}
                              />
                            )}
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {fieldError(form, 'concepts' as never) && (
              <Text c="red" size="sm" mt="xs" role="alert">
                {fieldError(form, 'concepts' as never)}
              </Text>
            )}
            {ivaWithoutConcept && (
              <Alert color="yellow" mt="sm">
                {t('measuredServices.services.ivaWithoutConcept')}
              </Alert>
            )}
          </Paper>

          <Paper withBorder p="md" radius="md">
            <Group justify="space-between" mb="sm">
              <div>
                <Title order={4}>{t('measuredServices.services.rangesTitle')}</Title>
                <Text size="sm" c="dimmed">
                  {t('measuredServices.services.rangesHint')}
                </Text>
              </div>
              <Button variant="light" onClick={() => ranges.append(emptyRange(enabled.map((c) => c.id)) as never)} disabled={selected.length === 0}>
                {t('measuredServices.services.addRange')}
              </Button>
            </Group>
            {rangesError && (
              <Text c="red" size="sm" mb="xs" role="alert">
                {rangesError}
              </Text>
            )}
            {selected.length > 0 && ranges.fields.length > 0 && (
              <Grid columns={12} gap="xs" visibleFrom="sm">
                <Grid.Col span={2}>
                  <Text size="sm" fw={600}>
                    {t('measuredServices.services.from')}
                  </Text>
                </Grid.Col>
                <Grid.Col span={2}>
                  <Text size="sm" fw={600}>
                    {t('measuredServices.services.to')}
                  </Text>
                </Grid.Col>
                {selected.map((c) => (
                  <Grid.Col key={c.id} span={conceptSpan}>
                    <Text size="sm" fw={600} truncate>
                      {c.name}
                    </Text>
                  </Grid.Col>
                ))}
              </Grid>
            )}
            <Stack gap="xs">
              {ranges.fields.map((row, index) => {
                const values = rangeValues[index];
                const typed = Object.fromEntries((values?.amounts ?? []).map((a) => [a.conceptId, a.amount]));
                const lines = rangeLines(selected, typed);
                const errors = (form.formState.errors.ranges as any)?.[index];
                return (
                  <Paper key={row.id} withBorder p="xs" radius="sm" data-testid={`range-${index}`}>
                    <Grid columns={12} gap="xs" align="flex-start">
                      <Grid.Col span={{ base: 6, sm: 2 }}>
                        <TextInput
                          size="xs"
                          inputMode="decimal"
                          aria-label={t('measuredServices.services.fromNamed', { n: index + 1 })}
                          {...field(form, `ranges.${index}.from` as never)}
                        />
                      </Grid.Col>
                      <Grid.Col span={{ base: 6, sm: 2 }}>
                        <TextInput
                          size="xs"
                          inputMode="decimal"
                          aria-label={t('measuredServices.services.toNamed', { n: index + 1 })}
                          {...field(form, `ranges.${index}.to` as never)}
                        />
                      </Grid.Col>
                      {selected.map((c) => {
                        const line = lines.find((l) => l.conceptId === c.id);
                        return (
                          <Grid.Col key={c.id} span={{ base: 6, sm: conceptSpan }}>
                            {takesRangeAmount(c.type) ? (
                              <>
                                <input
                                  type="hidden"
                                  value={c.id}
                                  {...form.register(`ranges.${index}.amounts.${amountIndex(index, c.id)}.conceptId` as never, { valueAsNumber: true })}
                                />
                                <TextInput
                                  size="xs"
                                  inputMode="decimal"
                                  aria-label={t('measuredServices.services.amountNamed', { name: c.name, n: index + 1 })}
                                  {...form.register(`ranges.${index}.amounts.${amountIndex(index, c.id)}.amount` as never)}
                                />
                              </>
                            ) : (
                              <Text size="sm" pt={4} data-testid={`range-${index}-${c.type}`} aria-label={`${c.name} ${index + 1}`}>
                                {formatPesos(line?.amount ?? '0')}
                              </Text>
                            )}
                          </Grid.Col>
                        );
                      })}
                    </Grid>
                    <Group justify="space-between" mt={4}>
                      <Text c="red" size="xs" role={errors ? 'alert' : undefined}>
                        {[errors?.from?.message, errors?.to?.message, errors?.amounts?.message].filter(Boolean).join('. ')}
                      </Text>
                      <Button size="compact-xs" variant="subtle" color="red" onClick={() => ranges.remove(index)}>
                        {t('measuredServices.services.removeRange')}
                      </Button>
                    </Group>
                  </Paper>
                );
              })}
            </Stack>
          </Paper>

          <Group>
            <Button type="submit" loading={create.inFlight || update.inFlight}>
              {t('common.save')}
            </Button>
            <Button variant="default" component={Link} to={MEASURED_SERVICES_PATH}>
              {t('common.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Modal opened={!!pendingConcepts} onClose={() => setPendingConcepts(null)} title={t('measuredServices.services.changeConceptsTitle')}>
        <Text>{t('measuredServices.services.changeConceptsConfirm')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setPendingConcepts(null)}>
            {t('common.cancel')}
          </Button>
          <Button
            color="orange"
            onClick={() => {
              if (pendingConcepts) applyConcepts(pendingConcepts, true);
              setPendingConcepts(null);
            }}
          >
            {t('measuredServices.services.changeConceptsOk')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

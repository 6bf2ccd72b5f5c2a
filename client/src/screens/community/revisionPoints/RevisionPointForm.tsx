import { Alert, Button, Chip, Fieldset, Group, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { Controller, useFieldArray, type UseFormReturn } from 'react-hook-form';
import { graphql, useFragment, usePreloadedQuery } from 'react-relay';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RevisionPointFormQuery } from '../../../__generated__/RevisionPointFormQuery.graphql';
import type { RevisionPointForm_revisionPoint$key } from '../../../__generated__/RevisionPointForm_revisionPoint.graphql';
import type { RevisionPointFormCreateMutation } from '../../../__generated__/RevisionPointFormCreateMutation.graphql';
import type { RevisionPointFormUpdateMutation } from '../../../__generated__/RevisionPointFormUpdateMutation.graphql';
import { MAX_MINUTES, MAX_RULES, MIN_MINUTES, newRule, type RevisionPointInput, RevisionPointSchema, WEEKDAYS } from '../../../../../core/revisionPoints.js';
import { DateField } from '../../../components/DateField.js';
import { field, fieldError, useZodForm } from '../../../components/forms.js';
import { useAppMutation } from '../../../components/mutations.js';
import { PageHeader } from '../../../components/PageHeader.js';
import type { ScreenProps } from '../../../router/screenRoute.js';

export const revisionPointFormQuery = graphql`
  query RevisionPointFormQuery($id: ID!, $edit: Boolean!) {
    node(id: $id) @include(if: $edit) { ...RevisionPointForm_revisionPoint @alias }
  }
`;

const pointFragment = graphql`
  fragment RevisionPointForm_revisionPoint on RevisionPoint {
    id
    name
    activeFrom
    activeUntil
    minutes
    rules { startHour endHour monday tuesday wednesday thursday friday saturday sunday }
  }
`;

const createMutation = graphql`
  mutation RevisionPointFormCreateMutation($input: CreateRevisionPointInput!) {
    createRevisionPoint(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationCreateRevisionPointSuccess { data { revisionPoint { id } } }
    }
  }
`;

const updateMutation = graphql`
  mutation RevisionPointFormUpdateMutation($input: UpdateRevisionPointInput!) {
    updateRevisionPoint(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationUpdateRevisionPointSuccess { data { revisionPoint { ...RevisionPointForm_revisionPoint } } }
    }
  }
`;

const LIST = '/neighborhood/settings/revision-points';

type Form = UseFormReturn<RevisionPointInput, unknown, any>;

/** Today in the browser's calendar, as YYYY-MM-DD. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** /neighborhood/settings/revision-points/form and form/{id}: a revision point with its schedule rules. */
export default function RevisionPointForm({ queryRef }: ScreenProps<RevisionPointFormQuery>) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<RevisionPointFormQuery>(revisionPointFormQuery, queryRef);
  const point = data.node?.RevisionPointForm_revisionPoint ?? null;
  if (queryRef.variables.edit && !point) return <Alert color="yellow">{t('revisionPoints.notFound')}</Alert>;
  return <RevisionPointFields point={point} />;
}

function RevisionPointFields({ point: key }: { point: RevisionPointForm_revisionPoint$key | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const existing = useFragment(pointFragment, key);
  const form = useZodForm(RevisionPointSchema, {
    defaultValues: existing
      ? {
          name: existing.name,
          activeFrom: String(existing.activeFrom).slice(0, 10),
          activeUntil: existing.activeUntil ? String(existing.activeUntil).slice(0, 10) : null,
          minutes: existing.minutes,
          rules: existing.rules.map((r) => ({ ...r })),
        }
      : { name: '', activeFrom: today(), activeUntil: null, minutes: 20, rules: [newRule()] },
  });
  const create = useAppMutation<RevisionPointFormCreateMutation>(createMutation);
  const update = useAppMutation<RevisionPointFormUpdateMutation>(updateMutation);

  const save = form.handleSubmit(async (values) => {
    const revisionPoint = {
      name: values.name,
      activeFrom: values.activeFrom,
      activeUntil: values.activeUntil,
      minutes: values.minutes,
      rules: values.rules,
    };
    const ok = existing
      ? await update.run({ input: { id: existing.id, revisionPoint } }, 'updateRevisionPoint', { form: form as never, success: t('revisionPoints.updated') })
      : await create.run({ input: { revisionPoint } }, 'createRevisionPoint', { form: form as never, success: t('revisionPoints.created') });
    if (ok) navigate(LIST);
  });

  return (
    <Stack maw={880}>
      <PageHeader
        title={existing ? t('revisionPoints.editTitle') : t('revisionPoints.create')}
        description={t('revisionPoints.formDescription')}
        secondary={{ label: t('common.back'), to: LIST }}
      />
      <form onSubmit={save} noValidate>
        <Stack>
          <Paper withBorder p="md" radius="md">
            <Stack>
              <TextInput label={t('revisionPoints.name')} required {...field(form, 'name')} />
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <Controller
                  control={form.control}
                  name="activeFrom"
                  render={({ field: f }) => (
                    <DateField
                      label={t('revisionPoints.activeFrom')}
                      required
                      clearable={false}
                      value={f.value || null}
                      onChange={(value) => f.onChange(value ? String(value).slice(0, 10) : '')}
                      onBlur={f.onBlur}
                      error={fieldError(form, 'activeFrom')}
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name="activeUntil"
                  render={({ field: f }) => (
                    <DateField
                      label={t('revisionPoints.activeUntil')}
                      placeholder={t('revisionPoints.noEnd')}
                      value={f.value || null}
                      onChange={(value) => f.onChange(value ? String(value).slice(0, 10) : null)}
                      onBlur={f.onBlur}
                      error={fieldError(form, 'activeUntil')}
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name="minutes"
                  render={({ field: f }) => (
                    <NumberInput
                      label={t('revisionPoints.minutes')}
                      withAsterisk
                      min={MIN_MINUTES}
                      max={MAX_MINUTES}
                      step={5}
                      allowDecimal={false}
                      allowNegative={false}
                      clampBehavior="none"
                      rightSection={<Text size="xs">min</Text>}
                      value={f.value ?? ''}
                      onChange={(v) => f.onChange(v === '' ? '' : Number(v))}
                      onBlur={f.onBlur}
                      ref={f.ref}
                      error={fieldError(form, 'minutes')}
                    />
                  )}
                />
              </SimpleGrid>
            </Stack>
          </Paper>
          <Rules form={form} />
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

/** The schedule rules: at least one always remains (its remove button is disabled); a new one starts with every day off. */
function Rules({ form }: { form: Form }) {
  const { t } = useTranslation();
  const rules = useFieldArray({ control: form.control, name: 'rules' });
  const rootError = fieldError(form, 'rules') ?? fieldError(form, 'rules.root' as 'rules');
  return (
    <Paper withBorder p="md" radius="md">
      <Stack>
        <div>
          <Text fw={600}>{t('revisionPoints.rules')}</Text>
          <Text size="sm" c="dimmed">
            {t('revisionPoints.rulesHint')}
          </Text>
        </div>
        {rules.fields.map((rule, i) => (
          <Fieldset key={rule.id} legend={t('revisionPoints.rule', { n: i + 1 })} data-testid={`rule-${i + 1}`} radius="md">
            <Stack gap="sm">
              <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
                <SimpleGrid cols={2} style={{ flex: '1 1 260px', maxWidth: 420 }}>
                  <TimeInput label={t('revisionPoints.startHour')} withAsterisk {...field(form, `rules.${i}.startHour`)} />
                  <TimeInput label={t('revisionPoints.endHour')} withAsterisk {...field(form, `rules.${i}.endHour`)} />
                </SimpleGrid>
                <Button variant="subtle" color="red" size="xs" ml="auto" disabled={rules.fields.length <= 1} onClick={() => rules.remove(i)}>
                  {t('revisionPoints.removeRule')}
                </Button>
              </Group>
              <div>
                <Text size="sm" fw={500} mb={6}>
                  {t('revisionPoints.days')}
                </Text>
                <Group gap={6}>
                  {WEEKDAYS.map((day) => (
                    <Controller
                      key={day}
                      control={form.control}
                      name={`rules.${i}.${day}`}
                      render={({ field: c }) => (
                        <Chip
                          size="sm"
                          checked={!!c.value}
                          onChange={(checked) => {
                            c.onChange(checked);
                            if (form.formState.isSubmitted) void form.trigger(`rules.${i}` as 'rules');
                          }}
                          title={t(`revisionPoints.daysLong.${day}`)}
                        >
                          {t(`revisionPoints.daysShort.${day}`)}
                        </Chip>
                      )}
                    />
                  ))}
                </Group>
                {fieldError(form, `rules.${i}.days` as 'rules') && (
                  <Text size="xs" c="red" mt={6}>
                    {fieldError(form, `rules.${i}.days` as 'rules')}
                  </Text>
                )}
              </div>
            </Stack>
          </Fieldset>
        ))}
        {rootError && (
          <Text size="sm" c="red">
            {rootError}
          </Text>
        )}
        <Group>
          <Button variant="light" onClick={() => rules.append(newRule())} disabled={rules.fields.length >= MAX_RULES}>
            {t('revisionPoints.addRule')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

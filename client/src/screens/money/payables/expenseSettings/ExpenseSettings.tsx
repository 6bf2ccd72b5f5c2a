import { Alert, Anchor, Button, Checkbox, Fieldset, Group, NumberInput, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { graphql, usePreloadedQuery, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ExpenseSettingsQuery } from '../../../../__generated__/ExpenseSettingsQuery.graphql';
import type { ExpenseSettings_query$key, ExpenseSettings_query$data } from '../../../../__generated__/ExpenseSettings_query.graphql';
import type { ExpenseSettingsUpdateMutation } from '../../../../__generated__/ExpenseSettingsUpdateMutation.graphql';
import { ExpenseSettingsSchema } from '../../../../../../core/expenseSettings.js';
import { field, fieldError, useZodForm } from '../../../../components/forms.js';
import { useAppMutation } from '../../../../components/mutations.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { useSession } from '../../../../components/SessionProvider.js';
import type { ScreenProps } from '../../../../router/screenRoute.js';
import { EXPENSE_CONCEPTS_PATH } from './paths.js';
import { Section } from '../../../../components/Section.js';

export const expenseSettingsQuery = graphql`
  query ExpenseSettingsQuery {
    ...ExpenseSettings_query
  }
`;

const expenseSettingsFragment = graphql`
  fragment ExpenseSettings_query on Query {
    expenseSettings {
      configured
      requiredExpenseApproval
      useFolio
      initialFolio
      serie
      groupInitialFolio
      groupSerie
      approverCandidates { userId firstName lastName email roleName approver }
    }
  }
`;

const updateMutation = graphql`
  mutation ExpenseSettingsUpdateMutation($input: ExpenseSettingsInput!) {
    updateExpenseSettings(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationUpdateExpenseSettingsSuccess { data { expenseSettings { configured } } }
    }
  }
`;

type Settings = NonNullable<ExpenseSettings_query$data['expenseSettings']>;

const personName = (c: { firstName: string; lastName?: string | null }) => [c.firstName, c.lastName].filter(Boolean).join(' ');

/** /neighborhood/settings/expenses: approval of expenses and who approves, folios and series of expenses and of their groups. */
export default function ExpenseSettings({ queryRef }: ScreenProps<ExpenseSettingsQuery>) {
  const data = usePreloadedQuery<ExpenseSettingsQuery>(expenseSettingsQuery, queryRef);
  return <ExpenseSettingsView query={data} />;
}

function ExpenseSettingsView({ query }: { query: ExpenseSettings_query$key }) {
  const data = useFragment(expenseSettingsFragment, query);
  if (!data.expenseSettings) return null;
  return <ExpenseSettingsForm settings={data.expenseSettings} />;
}

function ExpenseSettingsForm({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const canSave = grants.has('CExpensesUpdate');
  const form = useZodForm(ExpenseSettingsSchema, {
    defaultValues: {
      requiredExpenseApproval: settings.requiredExpenseApproval,
      useFolio: settings.useFolio,
      initialFolio: settings.initialFolio,
      serie: settings.serie ?? '',
      groupInitialFolio: settings.groupInitialFolio,
      groupSerie: settings.groupSerie ?? '',
      approverIds: settings.approverCandidates.filter((c) => c.approver).map((c) => c.userId),
    },
  });
  const update = useAppMutation<ExpenseSettingsUpdateMutation>(updateMutation);
  const required = !!form.watch('requiredExpenseApproval');
  const useFolio = !!form.watch('useFolio');
  // One approver alone can never have their own expenses approved (nobody approves an expense they registered).
  const chosen = (form.watch('approverIds') ?? []) as readonly string[];
  const single = chosen.length === 1 ? (settings.approverCandidates.find((c) => c.userId === chosen[0]) ?? null) : null;

  const save = form.handleSubmit(async (values) => {
    const ok = await update.run({ input: values }, 'updateExpenseSettings', { form: form as never, success: t('concepts.expenseSettings.saved') });
    if (ok) form.reset(form.getValues());
  });

  return (
    <Stack maw={820}>
      <PageHeader title={t('concepts.expenseSettings.title')} description={t('concepts.expenseSettings.description')}>
        <Anchor component={Link} to={EXPENSE_CONCEPTS_PATH} size="sm">
          {t('concepts.expenseSettings.conceptsLink')}
        </Anchor>
      </PageHeader>
      {!settings.configured && (
        <Alert color="blue" title={t('concepts.expenseSettings.notConfiguredTitle')}>
          {t('concepts.expenseSettings.notConfigured')}
        </Alert>
      )}
      <form onSubmit={save} noValidate>
        <Fieldset disabled={!canSave} variant="unstyled" p={0}>
          <Stack>
            <Section title={t('concepts.expenseSettings.approval.title')} description={t('concepts.expenseSettings.approval.description')}>
              <Controller
                control={form.control}
                name="requiredExpenseApproval"
                render={({ field: c }) => (
                  <Switch label={t('concepts.expenseSettings.approval.required')} checked={!!c.value} onChange={(e) => c.onChange(e.currentTarget.checked)} />
                )}
              />
              <Controller
                control={form.control}
                name="approverIds"
                render={({ field: c }) => (
                  <Checkbox.Group
                    label={t('concepts.expenseSettings.approval.approvers')}
                    description={required ? t('concepts.expenseSettings.approval.approversHint') : t('concepts.expenseSettings.approval.approversOff')}
                    withAsterisk={required}
                    value={c.value ?? []}
                    onChange={c.onChange}
                    error={fieldError(form, 'approverIds')}
                  >
                    {settings.approverCandidates.length === 0 ? (
                      <Text size="sm" c="dimmed" mt="xs">
                        {t('concepts.expenseSettings.approval.noCandidates')}
                      </Text>
                    ) : (
                      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
                        {settings.approverCandidates.map((c) => (
                          <Checkbox
                            key={c.userId}
                            value={c.userId}
                            label={personName(c)}
                            description={`${c.email} · ${c.roleName}`}
                            styles={{ description: { overflowWrap: 'anywhere' } }}
                          />
                        ))}
                      </SimpleGrid>
                    )}
                  </Checkbox.Group>
                )}
              />
              {settings.approverCandidates.length > 0 && (
                <Text size="sm" c="dimmed">
                  {t('concepts.expenseSettings.approval.ownRule')}
                </Text>
              )}
              {required && single && (
                <Alert color="yellow" title={t('concepts.expenseSettings.approval.singleApproverTitle')}>
                  {t('concepts.expenseSettings.approval.singleApprover', { name: personName(single) })}
                </Alert>
              )}
            </Section>
            <Section title={t('concepts.expenseSettings.folio.title')} description={t('concepts.expenseSettings.folio.description')}>
              <Controller
                control={form.control}
                name="useFolio"
                render={({ field: c }) => (
                  <Switch label={t('concepts.expenseSettings.folio.use')} checked={!!c.value} onChange={(e) => c.onChange(e.currentTarget.checked)} />
                )}
              />
              {useFolio && (
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <FolioField form={form} name="initialFolio" label={t('concepts.expenseSettings.folio.initial')} />
                  <TextInput
                    label={t('concepts.expenseSettings.folio.serie')}
                    description={t('concepts.expenseSettings.serieHint')}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    maxLength={10}
                    {...field(form, 'serie')}
                  />
                </SimpleGrid>
              )}
            </Section>
            <Section title={t('concepts.expenseSettings.group.title')} description={t('concepts.expenseSettings.group.description')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <FolioField form={form} name="groupInitialFolio" label={t('concepts.expenseSettings.group.initial')} />
                <TextInput
                  label={t('concepts.expenseSettings.group.serie')}
                  description={t('concepts.expenseSettings.serieHint')}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  maxLength={10}
                  {...field(form, 'groupSerie')}
                />
              </SimpleGrid>
            </Section>
            {canSave ? (
              <Group>
                <Button type="submit" loading={update.inFlight}>
                  {t('common.save')}
                </Button>
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                {t('concepts.expenseSettings.readOnly')}
              </Text>
            )}
          </Stack>
        </Fieldset>
      </form>
    </Stack>
  );
}

function FolioField({
  form,
  name,
  label,
}: {
  form: ReturnType<typeof useZodForm<typeof ExpenseSettingsSchema>>;
  name: 'initialFolio' | 'groupInitialFolio';
  label: string;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field: f }) => (
        <NumberInput
          label={label}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          inputMode="numeric"
          // Keeps the description row of the serie beside it aligned.
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={(f.value as number | string | null | undefined) ?? ''}
          onChange={(v) => f.onChange(v === '' ? '' : Number(v))}
          onBlur={f.onBlur}
          ref={f.ref}
          error={fieldError(form, name)}
        />
      )}
    />
  );
}

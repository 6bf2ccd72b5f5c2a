import { Alert, Button, Checkbox, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { graphql, useFragment, usePreloadedQuery } from 'react-relay';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { IncomeConceptFormQuery, IncomeConceptFormQuery$data } from '../../../../__generated__/IncomeConceptFormQuery.graphql';
import type { IncomeConceptForm_concept$key } from '../../../../__generated__/IncomeConceptForm_concept.graphql';
import type { IncomeConceptFormCreateMutation } from '../../../../__generated__/IncomeConceptFormCreateMutation.graphql';
import type { IncomeConceptFormUpdateMutation } from '../../../../__generated__/IncomeConceptFormUpdateMutation.graphql';
import { INCOME_CONCEPT_FLAGS, IncomeConceptSchema } from '../../../../../../core/incomeConcepts.js';
import { DateField } from '../../../../components/DateField.js';
import { field, fieldError, useZodForm } from '../../../../components/forms.js';
import { useAppMutation } from '../../../../components/mutations.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { QuantityField } from '../../../../components/QuantityField.js';
import type { ScreenProps } from '../../../../router/screenRoute.js';
import { CONCEPTS_PATH } from './paths.js';
import { Section } from '../../../../components/Section.js';

export const incomeConceptFormQuery = graphql`
  query IncomeConceptFormQuery($id: ID!, $edit: Boolean!) {
    node(id: $id) @include(if: $edit) { ...IncomeConceptForm_concept @alias }
    wallets { id name type }
  }
`;

const conceptFragment = graphql`
  fragment IncomeConceptForm_concept on IncomeConcept {
    id
    description
    systemKey
    increaseBalance
    notifyPayment
    visibleToOwner
    mandatory
    allowAmount
    allowComments
    allowAttachments
    accountingAccount
    suspenseAccount
    maxPaymentDate
    maxAmountBalance
    wallet { id }
  }
`;

const createMutation = graphql`
  mutation IncomeConceptFormCreateMutation($input: CreateIncomeConceptInput!) {
    createIncomeConcept(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationCreateIncomeConceptSuccess { data { concept { id } } }
    }
  }
`;

const updateMutation = graphql`
  mutation IncomeConceptFormUpdateMutation($input: UpdateIncomeConceptInput!) {
    updateIncomeConcept(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationUpdateIncomeConceptSuccess { data { concept { ...IncomeConceptForm_concept } } }
    }
  }
`;

type Wallets = NonNullable<IncomeConceptFormQuery$data['wallets']>;

/**
 * /neighborhood/settings/concepts/form and /{conceptId}/edit. The platform's own concepts keep their
 * description and wallet (shown locked); their behaviour and accounts may change.
 */
export default function IncomeConceptForm({ queryRef }: ScreenProps<IncomeConceptFormQuery>) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<IncomeConceptFormQuery>(incomeConceptFormQuery, queryRef);
  const concept = data.node?.IncomeConceptForm_concept ?? null;
  if (queryRef.variables.edit && !concept) return <Alert color="yellow">{t('concepts.income.notFound')}</Alert>;
  return <IncomeConceptFields concept={concept} wallets={data.wallets ?? []} />;
}

function IncomeConceptFields({ concept: key, wallets }: { concept: IncomeConceptForm_concept$key | null; wallets: Wallets }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const concept = useFragment(conceptFragment, key);
  const system = !!concept?.systemKey;
  const form = useZodForm(IncomeConceptSchema, {
    defaultValues: {
      description: concept?.description ?? '',
      walletId: concept?.wallet.id ?? wallets.find((w) => w.type === 'ORDINARY')?.id ?? '',
      increaseBalance: concept?.increaseBalance ?? false,
      notifyPayment: concept?.notifyPayment ?? false,
      visibleToOwner: concept?.visibleToOwner ?? true,
      mandatory: concept?.mandatory ?? false,
      allowAmount: concept?.allowAmount ?? false,
      allowComments: concept?.allowComments ?? false,
      allowAttachments: concept?.allowAttachments ?? true,
      accountingAccount: concept?.accountingAccount ?? '',
      suspenseAccount: concept?.suspenseAccount ?? '',
      maxPaymentDate: (concept?.maxPaymentDate as string | null) ?? '',
      maxAmountBalance: (concept?.maxAmountBalance as string | null) ?? '',
    },
  });
  const create = useAppMutation<IncomeConceptFormCreateMutation>(createMutation);
  const update = useAppMutation<IncomeConceptFormUpdateMutation>(updateMutation);

  const save = form.handleSubmit(async (values) => {
    const input = { ...values };
    const ok = concept
      ? await update.run({ input: { id: concept.id, concept: input } }, 'updateIncomeConcept', { form, success: t('concepts.income.updated') })
      : await create.run({ input: { concept: input } }, 'createIncomeConcept', { form, success: t('concepts.income.created') });
    if (ok) navigate(CONCEPTS_PATH);
  });

  return (
    <Stack maw={760}>
      <PageHeader
        title={concept ? t('concepts.income.editTitle') : t('concepts.income.create')}
        description={t('concepts.income.formDescription')}
        secondary={{ label: t('common.back'), to: CONCEPTS_PATH }}
      />
      {system && (
        <Alert color="blue" title={t('concepts.income.systemTitle')}>
          {t('concepts.income.systemHint')}
        </Alert>
      )}
      <form onSubmit={save} noValidate>
        <Stack>
          <Section title={t('concepts.income.sections.general')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('concepts.income.description')}
                required
                readOnly={system}
                variant={system ? 'filled' : 'default'}
                {...field(form, 'description')}
              />
              <Controller
                control={form.control}
                name="walletId"
                render={({ field: f }) => (
                  <Select
                    label={t('concepts.income.wallet')}
                    description={t('concepts.income.walletHint')}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    required
                    readOnly={system}
                    variant={system ? 'filled' : 'default'}
                    data={wallets.map((w) => ({ value: w.id, label: w.name }))}
                    value={f.value || null}
                    onChange={(value) => f.onChange(value ?? '')}
                    onBlur={f.onBlur}
                    allowDeselect={false}
                    error={fieldError(form, 'walletId')}
                  />
                )}
              />
            </SimpleGrid>
          </Section>
          <Section title={t('concepts.income.sections.behaviour')} description={t('concepts.income.sections.behaviourHint')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
              {INCOME_CONCEPT_FLAGS.map((name) => (
                <Controller
                  key={name}
                  control={form.control}
                  name={name}
                  render={({ field: c }) => (
                    <Checkbox
                      label={t(`concepts.income.flags.${name}`)}
                      description={t(`concepts.income.flagHints.${name}`)}
                      checked={!!c.value}
                      onChange={(e) => c.onChange(e.currentTarget.checked)}
                    />
                  )}
                />
              ))}
            </SimpleGrid>
          </Section>
          <Section title={t('concepts.income.sections.limits')} description={t('concepts.income.sections.limitsHint')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Controller
                control={form.control}
                name="maxPaymentDate"
                render={({ field: f }) => (
                  <DateField
                    label={t('concepts.income.maxPaymentDate')}
                    placeholder={t('concepts.income.noLimit')}
                    value={f.value || null}
                    onChange={(value) => f.onChange(value ? String(value).slice(0, 10) : '')}
                    onBlur={f.onBlur}
                    error={fieldError(form, 'maxPaymentDate')}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="maxAmountBalance"
                render={({ field: f }) => (
                  <QuantityField
                    label={t('concepts.income.maxAmountBalance')}
                    placeholder={t('concepts.income.noLimit')}
                    value={f.value ?? ''}
                    onValue={f.onChange}
                    onBlur={f.onBlur}
                    ref={f.ref}
                    leftSection="$"
                    error={fieldError(form, 'maxAmountBalance')}
                  />
                )}
              />
            </SimpleGrid>
          </Section>
          <Section title={t('concepts.income.sections.accounting')} description={t('concepts.income.sections.accountingHint')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('concepts.income.accountingAccount')} placeholder="402-01-001" {...field(form, 'accountingAccount')} />
              <TextInput label={t('concepts.income.suspenseAccount')} placeholder="209-01" {...field(form, 'suspenseAccount')} />
            </SimpleGrid>
          </Section>
          <Group>
            <Button type="submit" loading={create.inFlight || update.inFlight}>
              {t('common.save')}
            </Button>
            <Button variant="default" component={Link} to={CONCEPTS_PATH}>
              {t('common.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

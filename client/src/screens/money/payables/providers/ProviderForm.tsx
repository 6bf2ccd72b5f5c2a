import { Alert, Button, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { graphql, useFragment, usePreloadedQuery } from 'react-relay';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProviderFormQuery } from '../../../../__generated__/ProviderFormQuery.graphql';
import type { ProviderForm_provider$key } from '../../../../__generated__/ProviderForm_provider.graphql';
import type { ProviderFormCreateMutation } from '../../../../__generated__/ProviderFormCreateMutation.graphql';
import type { ProviderFormUpdateMutation } from '../../../../__generated__/ProviderFormUpdateMutation.graphql';
import { ProviderSchema, providerBank } from '../../../../../../core/providers.js';
import { field, fieldError, useZodForm } from '../../../../components/forms.js';
import { useAppMutation } from '../../../../components/mutations.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import type { ScreenProps } from '../../../../router/screenRoute.js';
import { PROVIDERS_PATH } from './paths.js';

export const providerFormQuery = graphql`
  query ProviderFormQuery($id: ID!, $edit: Boolean!) {
    node(id: $id) @include(if: $edit) { ...ProviderForm_provider @alias }
    expenseConcepts(first: 100) { edges { node { id concept } } }
    providerFormConfig { banks }
  }
`;

const providerFragment = graphql`
  fragment ProviderForm_provider on Provider { id name rfc paymentMethod bank clabe expenseConcept { id concept } }
`;

const createMutation = graphql`
  mutation ProviderFormCreateMutation($input: CreateProviderInput!) {
    createProvider(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationCreateProviderSuccess { data { provider { id } } }
    }
  }
`;

const updateMutation = graphql`
  mutation ProviderFormUpdateMutation($input: UpdateProviderInput!) {
    updateProvider(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationUpdateProviderSuccess { data { provider { ...ProviderForm_provider } } }
    }
  }
`;

/** /providers/form and /providers/form/{idProvider}: name, RFC, how the provider is paid and its default concept. */
export default function ProviderForm({ queryRef }: ScreenProps<ProviderFormQuery>) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<ProviderFormQuery>(providerFormQuery, queryRef);
  const provider = data.node?.ProviderForm_provider ?? null;
  if (queryRef.variables.edit && !provider) return <Alert color="yellow">{t('providers.notFound')}</Alert>;
  const concepts = (data.expenseConcepts?.edges ?? []).map(({ node }) => ({ value: node.id, label: node.concept }));
  return <ProviderFields provider={provider} concepts={concepts} banks={data.providerFormConfig.banks} />;
}

function ProviderFields({
  provider: key,
  concepts,
  banks,
}: {
  provider: ProviderForm_provider$key | null;
  concepts: { value: string; label: string }[];
  banks: readonly string[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const provider = useFragment(providerFragment, key);
  const form = useZodForm(ProviderSchema, {
    defaultValues: {
      name: provider?.name ?? '',
      rfc: provider?.rfc ?? '',
      paymentMethod: provider?.paymentMethod === 'TRANSFER' ? 'TRANSFER' : 'CHECK',
      bank: provider?.bank ?? '',
      clabe: provider?.clabe ?? '',
      expenseConceptId: provider?.expenseConcept?.id ?? null,
    },
  });
  const create = useAppMutation<ProviderFormCreateMutation>(createMutation);
  const update = useAppMutation<ProviderFormUpdateMutation>(updateMutation);
  const method = form.watch('paymentMethod');
  const clabe = form.watch('clabe') ?? '';
  const clabeBank = providerBank(clabe);
  // A deleted concept still named by the provider stays choosable so the form shows it.
  const conceptOptions =
    provider?.expenseConcept && !concepts.some((c) => c.value === provider.expenseConcept!.id)
      ? [...concepts, { value: provider.expenseConcept.id, label: provider.expenseConcept.concept }]
      : concepts;

  const save = form.handleSubmit(async (values) => {
    const input = { ...values, paymentMethod: values.paymentMethod as 'CHECK' | 'TRANSFER' };
    const ok = provider
      ? await update.run({ input: { id: provider.id, provider: input } }, 'updateProvider', { form, success: t('providers.updated') })
      : await create.run({ input: { provider: input } }, 'createProvider', { form, success: t('providers.created') });
    if (ok && !ok.__typename.endsWith('Error')) navigate(PROVIDERS_PATH);
  });

  return (
    <Stack maw={760}>
      <PageHeader
        title={provider ? t('providers.editTitle') : t('providers.create')}
        description={t('providers.formDescription')}
        secondary={{ label: t('common.back'), to: PROVIDERS_PATH }}
      />
      <form onSubmit={save} noValidate>
        <Stack>
          <Paper withBorder p="md" radius="md">
            <Stack>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t('providers.name')} required maxLength={200} {...field(form, 'name')} />
                <TextInput
                  label={t('providers.rfc')}
                  description={t('providers.rfcHint')}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  maxLength={13}
                  styles={{ input: { textTransform: 'uppercase' } }}
                  {...field(form, 'rfc')}
                />
              </SimpleGrid>
              <Controller
                control={form.control}
                name="paymentMethod"
                render={({ field: f }) => (
                  <Stack gap={4}>
                    <Text size="sm" fw={500}>
                      {t('providers.paymentMethod')}
                    </Text>
                    <SegmentedControl
                      value={f.value ?? 'CHECK'}
                      onChange={f.onChange}
                      data={[
                        { value: 'CHECK', label: t('providers.methods.CHECK') },
                        { value: 'TRANSFER', label: t('providers.methods.TRANSFER') },
                      ]}
                      maw={360}
                    />
                  </Stack>
                )}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('providers.clabe')}
                  required={method === 'TRANSFER'}
                  description={clabeBank ? t('providers.bankFromClabe', { bank: clabeBank }) : t('providers.clabeHint')}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  inputMode="numeric"
                  maxLength={22}
                  {...field(form, 'clabe')}
                />
                <Controller
                  control={form.control}
                  name="bank"
                  render={({ field: f }) => (
                    <Select
                      label={t('providers.bank')}
                      data={[...new Set([...(f.value ? [f.value] : []), ...banks])]}
                      value={clabeBank ?? f.value ?? null}
                      onChange={(v) => f.onChange(v ?? '')}
                      disabled={!!clabeBank}
                      searchable
                      clearable
                      error={fieldError(form, 'bank')}
                    />
                  )}
                />
              </SimpleGrid>
              <Controller
                control={form.control}
                name="expenseConceptId"
                render={({ field: f }) => (
                  <Select
                    label={t('providers.concept')}
                    placeholder={t('providers.noConcept')}
                    data={conceptOptions}
                    value={f.value ?? null}
                    onChange={(v) => f.onChange(v)}
                    searchable
                    clearable
                    maw={372}
                    error={fieldError(form, 'expenseConceptId')}
                  />
                )}
              />
            </Stack>
          </Paper>
          <Group>
            <Button type="submit" loading={create.inFlight || update.inFlight}>
              {t('common.save')}
            </Button>
            <Button variant="default" component={Link} to={PROVIDERS_PATH}>
              {t('common.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

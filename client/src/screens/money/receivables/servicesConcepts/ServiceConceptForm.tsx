import { Alert, Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { graphql, useFragment, usePreloadedQuery } from 'react-relay';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ServiceConceptFormQuery } from '../../../../__generated__/ServiceConceptFormQuery.graphql';
import type { ServiceConceptForm_concept$key } from '../../../../__generated__/ServiceConceptForm_concept.graphql';
import type { ServiceConceptFormCreateMutation } from '../../../../__generated__/ServiceConceptFormCreateMutation.graphql';
import type { ServiceConceptFormUpdateMutation } from '../../../../__generated__/ServiceConceptFormUpdateMutation.graphql';
import { SERVICE_CONCEPT_TYPES, serviceConceptInputSchema, type ServiceConceptType } from '../../../../../../core/measuredServices.js';
import { field, fieldError, useZodForm } from '../../../../components/forms.js';
import { useAppMutation } from '../../../../components/mutations.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import type { ScreenProps } from '../../../../router/screenRoute.js';
import { SERVICES_CONCEPTS_PATH } from './paths.js';

export const serviceConceptFormQuery = graphql`
  query ServiceConceptFormQuery($id: ID!, $edit: Boolean!) {
    node(id: $id) @include(if: $edit) { ...ServiceConceptForm_concept @alias }
  }
`;
const conceptFragment = graphql`
  fragment ServiceConceptForm_concept on ServiceConcept { id name type amount calculateIva ivaPercent }
`;
const createMutation = graphql`
  mutation ServiceConceptFormCreateMutation($input: CreateServiceConceptInput!) {
    createServiceConcept(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationCreateServiceConceptSuccess { data { concept { id } } }
    }
  }
`;
const updateMutation = graphql`
  mutation ServiceConceptFormUpdateMutation($input: UpdateServiceConceptInput!) {
    updateServiceConcept(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationUpdateServiceConceptSuccess { data { concept { ...ServiceConceptForm_concept } } }
    }
  }
`;

/** /neighborhood/settings/services_concepts/form and /form/{idConcept}. */
export default function ServiceConceptForm({ queryRef }: ScreenProps<ServiceConceptFormQuery>) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<ServiceConceptFormQuery>(serviceConceptFormQuery, queryRef);
  const concept = data.node?.ServiceConceptForm_concept ?? null;
  if (queryRef.variables.edit && !concept) return <Alert color="yellow">{t('measuredServices.concepts.notFound')}</Alert>;
  return <ConceptFields concept={concept} />;
}

function ConceptFields({ concept: key }: { concept: ServiceConceptForm_concept$key | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const concept = useFragment(conceptFragment, key);
  const form = useZodForm(serviceConceptInputSchema, {
    defaultValues: {
      name: concept?.name ?? '',
      type: (concept?.type as ServiceConceptType) ?? 'FIXED',
      amount: concept?.amount ?? '',
      calculateIva: concept?.calculateIva ?? false,
      ivaPercent: concept?.ivaPercent ?? '',
    },
  });
  const create = useAppMutation<ServiceConceptFormCreateMutation>(createMutation);
  const update = useAppMutation<ServiceConceptFormUpdateMutation>(updateMutation);
  const type = form.watch('type');
  const calculateIva = form.watch('calculateIva');
  const ivaAllowed = type === 'FIXED' || type === 'PERCENT';

  const save = form.handleSubmit(async (values) => {
    const input = { ...values, type: values.type as never };
    const ok = concept
      ? await update.run({ input: { id: concept.id, concept: input } }, 'updateServiceConcept', { form, success: t('measuredServices.concepts.updated') })
      : await create.run({ input: { concept: input } }, 'createServiceConcept', { form, success: t('measuredServices.concepts.created') });
    if (ok) navigate(SERVICES_CONCEPTS_PATH);
  });

  return (
    <Stack maw={720}>
      <PageHeader
        title={concept ? t('measuredServices.concepts.editTitle') : t('measuredServices.concepts.create')}
        description={t('measuredServices.concepts.formDescription')}
        secondary={{ label: t('common.back'), to: SERVICES_CONCEPTS_PATH }}
      />
      <form onSubmit={save} noValidate>
        <Stack>
          <Paper withBorder p="md" radius="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('measuredServices.concepts.name')} required {...field(form, 'name')} />
              <Controller
                control={form.control}
                name="type"
                render={({ field: f }) => (
                  <Select
                    label={t('measuredServices.concepts.type')}
                    required
                    allowDeselect={false}
                    data={SERVICE_CONCEPT_TYPES.map((value) => ({ value, label: t(`measuredServices.conceptTypes.${value}`) }))}
                    value={f.value}
                    onChange={(v) => {
                      f.onChange(v);
                      if (v !== 'FIXED' && v !== 'PERCENT') form.setValue('calculateIva', false);
                    }}
                    error={fieldError(form, 'type')}
                  />
                )}
              />
              {type === 'PERCENT' && (
                <TextInput
                  label={t('measuredServices.concepts.percent')}
                  description={t('measuredServices.concepts.percentHint')}
                  inputMode="decimal"
                  required
                  {...field(form, 'amount')}
                />
              )}
            </SimpleGrid>
            <Stack mt="md" gap="xs">
              <Checkbox
                label={t('measuredServices.concepts.calculateIva')}
                description={ivaAllowed ? undefined : t('measuredServices.concepts.ivaOnly')}
                disabled={!ivaAllowed}
                {...form.register('calculateIva')}
                error={fieldError(form, 'calculateIva')}
              />
              {calculateIva && ivaAllowed && (
                <TextInput label={t('measuredServices.concepts.ivaPercent')} inputMode="decimal" required maw={240} {...field(form, 'ivaPercent')} />
              )}
            </Stack>
          </Paper>
          <Group>
            <Button type="submit" loading={create.inFlight || update.inFlight}>
              {t('common.save')}
            </Button>
            <Button variant="default" component={Link} to={SERVICES_CONCEPTS_PATH}>
              {t('common.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

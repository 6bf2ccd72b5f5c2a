import { Alert, Button, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { graphql, useFragment, usePreloadedQuery } from 'react-relay';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ExpenseConceptFormQuery } from '../../../../__generated__/ExpenseConceptFormQuery.graphql';
import type { ExpenseConceptForm_concept$key } from '../../../../__generated__/ExpenseConceptForm_concept.graphql';
import type { ExpenseConceptFormCreateMutation } from '../../../../__generated__/ExpenseConceptFormCreateMutation.graphql';
import type { ExpenseConceptFormUpdateMutation } from '../../../../__generated__/ExpenseConceptFormUpdateMutation.graphql';
import { ExpenseConceptSchema } from '../../../../../../core/expenseSettings.js';
import { field, useZodForm } from '../../../../components/forms.js';
import { useAppMutation } from '../../../../components/mutations.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import type { ScreenProps } from '../../../../router/screenRoute.js';
import { EXPENSE_CONCEPTS_PATH } from './paths.js';

export const expenseConceptFormQuery = graphql`
  query ExpenseConceptFormQuery($id: ID!, $edit: Boolean!) {
    node(id: $id) @include(if: $edit) { ...ExpenseConceptForm_concept @alias }
  }
`;

const conceptFragment = graphql`
  fragment ExpenseConceptForm_concept on ExpenseConcept { id concept internalId }
`;

const createMutation = graphql`
  mutation ExpenseConceptFormCreateMutation($input: CreateExpenseConceptInput!) {
    createExpenseConcept(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationCreateExpenseConceptSuccess { data { concept { id } } }
    }
  }
`;

const updateMutation = graphql`
  mutation ExpenseConceptFormUpdateMutation($input: UpdateExpenseConceptInput!) {
    updateExpenseConcept(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationUpdateExpenseConceptSuccess { data { concept { ...ExpenseConceptForm_concept } } }
    }
  }
`;

/** /neighborhood/settings/expenses/concepts/form and /{conceptId}/edit: a concept's name and the community's own key for it. */
export default function ExpenseConceptForm({ queryRef }: ScreenProps<ExpenseConceptFormQuery>) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<ExpenseConceptFormQuery>(expenseConceptFormQuery, queryRef);
  const concept = data.node?.ExpenseConceptForm_concept ?? null;
  if (queryRef.variables.edit && !concept) return <Alert color="yellow">{t('concepts.expenseConcepts.notFound')}</Alert>;
  return <ExpenseConceptFields concept={concept} />;
}

function ExpenseConceptFields({ concept: key }: { concept: ExpenseConceptForm_concept$key | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const concept = useFragment(conceptFragment, key);
  const form = useZodForm(ExpenseConceptSchema, { defaultValues: { concept: concept?.concept ?? '', internalId: concept?.internalId ?? '' } });
  const create = useAppMutation<ExpenseConceptFormCreateMutation>(createMutation);
  const update = useAppMutation<ExpenseConceptFormUpdateMutation>(updateMutation);

  const save = form.handleSubmit(async (values) => {
    const ok = concept
      ? await update.run({ input: { id: concept.id, ...values } }, 'updateExpenseConcept', { form, success: t('concepts.expenseConcepts.updated') })
      : await create.run({ input: values }, 'createExpenseConcept', { form, success: t('concepts.expenseConcepts.created') });
    if (ok) navigate(EXPENSE_CONCEPTS_PATH);
  });

  return (
    <Stack maw={640}>
      <PageHeader
        title={concept ? t('concepts.expenseConcepts.editTitle') : t('concepts.expenseConcepts.create')}
        description={t('concepts.expenseConcepts.formDescription')}
        secondary={{ label: t('common.back'), to: EXPENSE_CONCEPTS_PATH }}
      />
      <form onSubmit={save} noValidate>
        <Stack>
          <Paper withBorder p="md" radius="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('concepts.expenseConcepts.concept')} required {...field(form, 'concept')} />
              <TextInput
                label={t('concepts.expenseConcepts.internalId')}
                description={t('concepts.expenseConcepts.internalIdHint')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                placeholder="EG-001"
                {...field(form, 'internalId')}
              />
            </SimpleGrid>
          </Paper>
          <Group>
            <Button type="submit" loading={create.inFlight || update.inFlight}>
              {t('common.save')}
            </Button>
            <Button variant="default" component={Link} to={EXPENSE_CONCEPTS_PATH}>
              {t('common.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

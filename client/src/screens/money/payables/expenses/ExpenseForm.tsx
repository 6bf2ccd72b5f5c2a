import { useState } from 'react';
import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Table, Text, Textarea } from '@mantine/core';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { graphql, usePreloadedQuery, useFragment } from 'react-relay';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OPERATION_DATE_WINDOW_DAYS } from '../../../../../../core/expenses.js';
import { money } from '../../../../../../core/money.js';
import { formatPesos } from '../../../../format.js';
import type { ExpenseFormQuery } from '../../../../__generated__/ExpenseFormQuery.graphql';
import type { ExpenseForm_query$key } from '../../../../__generated__/ExpenseForm_query.graphql';
import type { ExpenseFormCreateMutation } from '../../../../__generated__/ExpenseFormCreateMutation.graphql';
import type { ExpenseFormUpdateMutation } from '../../../../__generated__/ExpenseFormUpdateMutation.graphql';
import { DateField } from '../../../../components/DateField.js';
import { fieldError, useZodForm } from '../../../../components/forms.js';
import { useAppMutation } from '../../../../components/mutations.js';
import { notify } from '../../../../components/notify.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import type { ScreenProps } from '../../../../router/screenRoute.js';
import { ProviderSelect } from '../providers/ProviderSelect.js';
import { ProcessCfdiButton, type ProcessedCfdi } from './cfdi/ProcessCfdiButton.js';
import { ExpenseLines } from './ExpenseLines.js';
import {
  type ExpenseFormValues,
  type ExpenseLine,
  emptyLine,
  expenseFormSchema,
  expenseInput,
  linesOfCfdi,
  linesTotals,
  optionsOf,
} from './expenseFormValues.js';
import { folioText } from './Expenses.js';
import { EXPENSES_PATH, expenseDetailPath } from './paths.js';

export const expenseFormQuery = graphql`
  query ExpenseFormQuery($id: ID!, $edit: Boolean!) {
    ...ExpenseForm_query
  }
`;

const expenseFormFragment = graphql`
  fragment ExpenseForm_query on Query {
    expenseConfig { today requiredApprovals useFolio serie nextFolio }
    expenseConcepts(first: 100) { edges { node { id concept } } }
    node(id: $id) @include(if: $edit) {
      ... on Expense {
        id databaseId serie folio description operationDate canEdit
        provider { id name }
        expenseConcept { id }
        lines { quantity unitPrice discount description satProductKey invoiceUuid transferred { taxCode rate amount } retained { taxCode rate amount } }
      }
    }
  }
`;
const createMutation = graphql`
  mutation ExpenseFormCreateMutation($input: CreateExpenseInput!) {
    createExpense(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationCreateExpenseSuccess { data { message expense { id databaseId } } }
    }
  }
`;
const updateMutation = graphql`
  mutation ExpenseFormUpdateMutation($input: UpdateExpenseInput!) {
    updateExpense(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationUpdateExpenseSuccess { data { message expense { id databaseId status total revision } } }
    }
  }
`;

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** /expenses/form and /expenses/form/{id}: provider, concept, date, lines with taxes and live totals. */
export default function ExpenseForm({ queryRef }: ScreenProps<ExpenseFormQuery>) {
  const data = usePreloadedQuery<ExpenseFormQuery>(expenseFormQuery, queryRef);
  return <ExpenseFormView query={data} />;
}

function ExpenseFormView({ query }: { query: ExpenseForm_query$key }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const data = useFragment(expenseFormFragment, query);
  const node = data.node;
  const editing = node?.databaseId != null && node.id ? { ...node, id: node.id, databaseId: node.databaseId, lines: node.lines ?? [] } : null;
  const config = data.expenseConfig;
  // Checked on submit, then on every change: the lines are one array, and a check on leaving one field
  // would flag the fields of a new line the person has not reached yet.
  const form = useZodForm(expenseFormSchema, {
    mode: 'onSubmit',
    defaultValues: {
      providerId: editing?.provider?.id ?? null,
      expenseConceptId: editing?.expenseConcept?.id ?? null,
      description: editing?.description ?? '',
      operationDate: String(editing?.operationDate ?? config.today),
      cfdis: [],
      lines: editing?.lines?.length
        ? editing.lines.map((l): ExpenseLine => {
            const transferred = l.transferred.map((x) => ({ taxCode: x.taxCode, rate: x.rate ?? null, amount: String(x.amount) }));
            const retained = l.retained.map((x) => ({ taxCode: x.taxCode, rate: x.rate ?? null, amount: String(x.amount) }));
            const options = optionsOf(transferred, retained);
            return {
              quantity: l.quantity,
              unitPrice: l.unitPrice,
              discount: money(l.discount as string).isZero() ? '' : String(l.discount),
              description: l.description,
              satProductKey: l.satProductKey ?? '',
              invoiceUuid: l.invoiceUuid ?? null,
              options: options ?? [],
              fixed: options ? null : { transferred, retained },
            };
          })
        : [emptyLine()],
    },
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const values = useWatch({ control: form.control }) as ExpenseFormValues;
  // A CFDI whose issuer is no provider yet: the provider it proposes (a notice, not a value of the form).
  const [proposed, setProposed] = useState<{ name: string; rfc: string } | null>(null);
  const create = useAppMutation<ExpenseFormCreateMutation>(createMutation);
  const update = useAppMutation<ExpenseFormUpdateMutation>(updateMutation);
  const totals = linesTotals(values.lines ?? []);
  const cfdis = values.cfdis ?? [];

  const fromCfdi = (cfdi: ProcessedCfdi) => {
    form.setValue('cfdis', [...form.getValues('cfdis').filter((c) => c.id !== cfdi.id), cfdi]);
    if (cfdi.provider) form.setValue('providerId', cfdi.provider.id);
    setProposed(cfdi.provider ? null : cfdi.proposedProvider);
    lines.replace([...form.getValues('lines').filter((l) => l.unitPrice.trim() !== '' || l.description.trim() !== ''), ...linesOfCfdi(cfdi)]);
    notify('info', t('expenses.form.cfdiLoaded', { uuid: cfdi.uuid }));
  };

  const submit = form.handleSubmit(async () => {
    const input = expenseInput(form.getValues());
    if (editing) {
      const result = await update.run({ input: { id: editing.id, ...input } }, 'updateExpense', { form, success: t('expenses.messages.updated') });
      if (result) navigate(expenseDetailPath(editing.databaseId));
    } else {
      const result = await create.run({ input }, 'createExpense', { form, success: t('expenses.messages.created') });
      const id = result && 'data' in result ? result.data?.expense.databaseId : null;
      if (id) navigate(expenseDetailPath(id));
    }
  });

  const concepts = data.expenseConcepts?.edges.map((e) => ({ value: e.node.id, label: e.node.concept })) ?? [];
  const title = editing ? t('expenses.form.editTitle', { folio: folioText(editing) }) : t('expenses.form.newTitle');
  const totalError = fieldError(form, 'total' as never);

  return (
    <Stack>
      <PageHeader title={title} description={t('expenses.form.description')} />
      {!editing && config.requiredApprovals && <Alert color="blue">{t('expenses.form.approvalNote')}</Alert>}
      <Card withBorder>
        <Stack>
          <Group justify="space-between" align="flex-start">
            <Text fw={600}>{t('expenses.detailScreen.data')}</Text>
            <ProcessCfdiButton onProcessed={fromCfdi} />
          </Group>
          {proposed && <Alert color="yellow">{t('expenses.form.cfdiProposed', proposed)}</Alert>}
          {cfdis.length > 0 && (
            <Text size="sm" c="dimmed">
              {t('expenses.form.cfdis')}: {cfdis.map((c) => c.uuid).join(', ')}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Controller
              control={form.control}
              name="providerId"
              render={({ field: f }) => (
                <ProviderSelect
                  value={f.value}
                  onChange={(id, provider) => {
                    f.onChange(id);
                    if (provider?.expenseConcept && !form.getValues('expenseConceptId')) form.setValue('expenseConceptId', provider.expenseConcept.id);
                  }}
                  label={t('expenses.form.provider')}
                  error={fieldError(form, 'providerId')}
                />
              )}
            />
            <Controller
              control={form.control}
              name="expenseConceptId"
              render={({ field: f }) => (
                <Select
                  label={t('expenses.form.concept')}
                  placeholder={t('expenses.form.conceptPlaceholder')}
                  data={concepts}
                  value={f.value}
                  onChange={f.onChange}
                  clearable
                  searchable
                />
              )}
            />
            <Controller
              control={form.control}
              name="operationDate"
              render={({ field: f }) => (
                <DateField
                  label={t('expenses.form.operationDate')}
                  value={f.value}
                  onChange={(v) => f.onChange(v ? String(v).slice(0, 10) : config.today)}
                  minDate={addDays(config.today, -OPERATION_DATE_WINDOW_DAYS)}
                  maxDate={addDays(config.today, OPERATION_DATE_WINDOW_DAYS)}
                  clearable={false}
                  error={fieldError(form, 'operationDate')}
                />
              )}
            />
            <Textarea label={t('expenses.form.notes')} {...form.register('description')} maxLength={2000} autosize minRows={1} />
          </SimpleGrid>
        </Stack>
      </Card>
      <ExpenseLines form={form} lines={lines} values={values.lines ?? []} />
      <Card withBorder>
        <Table w="auto" ml="auto" data-testid="expense-totals">
          <Table.Tbody>
            {(
              [
                ['subtotal', totals?.subtotal],
                ['discountTotal', totals?.discount],
                ['transferred', totals?.transferred],
                ['retained', totals?.retained],
                ['total', totals?.total],
              ] as const
            ).map(([key, value]) => (
              <Table.Tr key={key}>
                <Table.Td fw={key === 'total' ? 700 : undefined}>{t(`expenses.form.${key}`)}</Table.Td>
                <Table.Td ta="right" fw={key === 'total' ? 700 : undefined} data-testid={`total-${key}`}>
                  {value ? formatPesos(value) : '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {totalError && (
          <Text c="red" size="sm">
            {totalError}
          </Text>
        )}
      </Card>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {!editing && config.useFolio && config.nextFolio
            ? t('expenses.form.folioNext', { serie: config.serie ? `${config.serie}-` : '', folio: config.nextFolio })
            : ''}
        </Text>
        <Group>
          <Button variant="default" onClick={() => navigate(EXPENSES_PATH)}>
            {t('expenses.form.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={create.inFlight || update.inFlight}>
            {t('expenses.form.save')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

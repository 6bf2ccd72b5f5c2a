import { useMemo, useState } from 'react';
import { Alert, Button, Card, Group, MultiSelect, Select, SimpleGrid, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { graphql, usePreloadedQuery, useFragment } from 'react-relay';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ExpenseInputSchema, expenseTotals, lineAmount, OPERATION_DATE_WINDOW_DAYS, taxAmount } from '../../../../../../core/expenses.js';
import { money } from '../../../../../../core/money.js';
import { formatMinusPesos, formatPesos, formatPlusPesos } from '../../../../format.js';
import type { ExpenseFormQuery } from '../../../../__generated__/ExpenseFormQuery.graphql';
import type { ExpenseForm_query$key } from '../../../../__generated__/ExpenseForm_query.graphql';
import type { ExpenseFormCreateMutation } from '../../../../__generated__/ExpenseFormCreateMutation.graphql';
import type { ExpenseFormUpdateMutation } from '../../../../__generated__/ExpenseFormUpdateMutation.graphql';
import { DateField } from '../../../../components/DateField.js';
import { useAppMutation } from '../../../../components/mutations.js';
import { notify } from '../../../../components/notify.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import type { ScreenProps } from '../../../../router/screenRoute.js';
import { ProviderSelect } from '../providers/ProviderSelect.js';
import { ProcessCfdiButton, type ProcessedCfdi } from './cfdi/ProcessCfdiButton.js';
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

type Tax = { taxCode: string; rate: string | null; amount: string };
/** The common taxes offered per line, computed from the line's base (amount − discount). */
const TAX_OPTIONS: Record<string, { kind: 'transferred' | 'retained'; taxCode: string; rate: string }> = {
  IVA16: { kind: 'transferred', taxCode: '002', rate: '0.16' },
  IVA8: { kind: 'transferred', taxCode: '002', rate: '0.08' },
  ISR10R: { kind: 'retained', taxCode: '001', rate: '0.1' },
  IVA_R: { kind: 'retained', taxCode: '002', rate: '0.106667' },
  ISR125R: { kind: 'retained', taxCode: '001', rate: '0.0125' },
};

interface LineState {
  key: number;
  quantity: string;
  unitPrice: string;
  discount: string;
  description: string;
  satProductKey: string;
  invoiceUuid: string | null;
  /** Taxes chosen among TAX_OPTIONS. */
  options: string[];
  /** Taxes as an invoice states them (lines from a CFDI): kept as they are. */
  fixed: { transferred: Tax[]; retained: Tax[] } | null;
}

let nextKey = 1;
const emptyLine = (): LineState => ({
  key: nextKey++,
  quantity: '1',
  unitPrice: '',
  discount: '',
  description: '',
  satProductKey: '',
  invoiceUuid: null,
  options: ['IVA16'],
  fixed: null,
});

const sameRate = (a: string | null, b: string) => a != null && money(a).equals(money(b));
function optionsOf(transferred: readonly Tax[], retained: readonly Tax[]): string[] | null {
  const out: string[] = [];
  for (const [kind, list] of [
    ['transferred', transferred],
    ['retained', retained],
  ] as const)
    for (const tax of list) {
      const found = Object.entries(TAX_OPTIONS).find(([, o]) => o.kind === kind && o.taxCode === tax.taxCode && sameRate(tax.rate, o.rate));
      if (!found) return null;
      out.push(found[0]);
    }
  return out;
}

function lineTaxes(line: LineState): { transferred: Tax[]; retained: Tax[] } {
  if (line.fixed) return line.fixed;
  const valid = /^\d+(\.\d+)?$/;
  const base =
    valid.test(line.quantity) && valid.test(line.unitPrice)
      ? lineAmount(line.quantity, line.unitPrice).minus(valid.test(line.discount) ? line.discount : '0')
      : money(0);
  const taxes = { transferred: [] as Tax[], retained: [] as Tax[] };
  for (const key of line.options) {
    const o = TAX_OPTIONS[key];
    if (o) taxes[o.kind].push({ taxCode: o.taxCode, rate: o.rate, amount: taxAmount(base.lessThan(0) ? 0 : base, o.rate).toFixed(2) });
  }
  return taxes;
}

const lineInput = (l: LineState) => ({
  quantity: l.quantity.trim(),
  unitPrice: l.unitPrice.trim(),
  discount: l.discount.trim() || null,
  description: l.description,
  satProductKey: l.satProductKey.trim() || null,
  invoiceUuid: l.invoiceUuid,
  ...lineTaxes(l),
});

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
  const [providerId, setProviderId] = useState<string | null>(editing?.provider?.id ?? null);
  const [conceptId, setConceptId] = useState<string | null>(editing?.expenseConcept?.id ?? null);
  const [description, setDescription] = useState(editing?.description ?? '');
  const [operationDate, setOperationDate] = useState<string>(String(editing?.operationDate ?? config.today));
  const [cfdis, setCfdis] = useState<ProcessedCfdi[]>([]);
  const [proposed, setProposed] = useState<{ name: string; rfc: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [lines, setLines] = useState<LineState[]>((): LineState[] =>
    editing?.lines?.length
      ? editing.lines.map((l) => {
          const transferred = l.transferred.map((x) => ({ taxCode: x.taxCode, rate: x.rate ?? null, amount: String(x.amount) }));
          const retained = l.retained.map((x) => ({ taxCode: x.taxCode, rate: x.rate ?? null, amount: String(x.amount) }));
          const options = optionsOf(transferred, retained);
          return {
            key: nextKey++,
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
  );
  const create = useAppMutation<ExpenseFormCreateMutation>(createMutation);
  const update = useAppMutation<ExpenseFormUpdateMutation>(updateMutation);

  const totals = useMemo(() => {
    try {
      return expenseTotals(
        lines
          .filter((l) => /^\d+(\.\d+)?$/.test(l.quantity) && /^\d+(\.\d+)?$/.test(l.unitPrice))
          .map((l) => ({ ...lineInput(l), discount: /^\d+(\.\d+)?$/.test(l.discount) ? l.discount : '0' })),
      );
    } catch {
      return null;
    }
  }, [lines]);

  const setLine = (key: number, change: Partial<LineState>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...change } : l)));

  const fromCfdi = (cfdi: ProcessedCfdi) => {
    setCfdis((list) => [...list.filter((c) => c.id !== cfdi.id), cfdi]);
    if (cfdi.provider) setProviderId(cfdi.provider.id);
    setProposed(cfdi.provider ? null : cfdi.proposedProvider);
    const fromInvoice = cfdi.lines.map((l) => ({
      key: nextKey++,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      discount: money(l.discount || '0').isZero() ? '' : l.discount,
      description: l.description,
      satProductKey: l.satProductKey,
      invoiceUuid: l.invoiceUuid,
      options: [],
      fixed: { transferred: l.transferred, retained: l.retained },
    }));
    setLines((ls) => [...ls.filter((l) => l.unitPrice.trim() !== '' || l.description.trim() !== ''), ...fromInvoice]);
    notify('info', t('expenses.form.cfdiLoaded', { uuid: cfdi.uuid }));
  };

  const submit = async () => {
    const input = {
      providerId,
      expenseConceptId: conceptId,
      description: description || null,
      operationDate,
      lines: lines.map(lineInput),
      subtotal: totals?.subtotal.toFixed(2) ?? null,
      total: totals?.total.toFixed(2) ?? null,
      cfdiIds: cfdis.map((c) => c.id),
    };
    const parsed = ExpenseInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    setErrors({});
    if (editing) {
      const result = await update.run({ input: { id: editing.id, ...input } }, 'updateExpense', { success: t('expenses.messages.updated') });
      if (result) navigate(expenseDetailPath(editing.databaseId));
    } else {
      const result = await create.run({ input }, 'createExpense', { success: t('expenses.messages.created') });
      const id = result && 'data' in result ? result.data?.expense.databaseId : null;
      if (id) navigate(expenseDetailPath(id));
    }
  };

  const error = (path: string) => errors[path];
  const concepts = data.expenseConcepts?.edges.map((e) => ({ value: e.node.id, label: e.node.concept })) ?? [];
  const title = editing ? t('expenses.form.editTitle', { folio: folioText(editing) }) : t('expenses.form.newTitle');

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
            <ProviderSelect
              value={providerId}
              onChange={(id, provider) => {
                setProviderId(id);
                if (provider?.expenseConcept && !conceptId) setConceptId(provider.expenseConcept.id);
              }}
              label={t('expenses.form.provider')}
              error={error('providerId')}
            />
            <Select
              label={t('expenses.form.concept')}
              placeholder={t('expenses.form.conceptPlaceholder')}
              data={concepts}
              value={conceptId}
              onChange={setConceptId}
              clearable
              searchable
            />
            <DateField
              label={t('expenses.form.operationDate')}
              value={operationDate}
              onChange={(v) => setOperationDate(v ? String(v).slice(0, 10) : config.today)}
              minDate={addDays(config.today, -OPERATION_DATE_WINDOW_DAYS)}
              maxDate={addDays(config.today, OPERATION_DATE_WINDOW_DAYS)}
              clearable={false}
              error={error('operationDate')}
            />
            <Textarea
              label={t('expenses.form.notes')}
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
              maxLength={2000}
              autosize
              minRows={1}
            />
          </SimpleGrid>
        </Stack>
      </Card>
      <Card withBorder>
        <Stack>
          <Text fw={600}>{t('expenses.form.lines')}</Text>
          {lines.map((line, i) => {
            const amount = /^\d+(\.\d+)?$/.test(line.quantity) && /^\d+(\.\d+)?$/.test(line.unitPrice) ? lineAmount(line.quantity, line.unitPrice) : null;
            const taxes = lineTaxes(line);
            return (
              <Card key={line.key} withBorder padding="sm" data-testid={`expense-line-${i}`}>
                <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
                  <TextInput
                    label={t('expenses.form.lineDescription')}
                    value={line.description}
                    onChange={(e) => setLine(line.key, { description: e.currentTarget.value })}
                    error={error(`lines.${i}.description`)}
                    maxLength={1000}
                    required
                  />
                  <TextInput
                    label={t('expenses.form.quantity')}
                    value={line.quantity}
                    onChange={(e) => setLine(line.key, { quantity: e.currentTarget.value })}
                    error={error(`lines.${i}.quantity`)}
                    inputMode="decimal"
                  />
                  <TextInput
                    label={t('expenses.form.unitPrice')}
                    value={line.unitPrice}
                    onChange={(e) => setLine(line.key, { unitPrice: e.currentTarget.value })}
                    error={error(`lines.${i}.unitPrice`)}
                    inputMode="decimal"
                    leftSection="$"
                  />
                  <TextInput
                    label={t('expenses.form.discount')}
                    value={line.discount}
                    onChange={(e) => setLine(line.key, { discount: e.currentTarget.value })}
                    error={error(`lines.${i}.discount`)}
                    inputMode="decimal"
                    leftSection="$"
                  />
                  <TextInput
                    label={t('expenses.form.satKey')}
                    value={line.satProductKey}
                    onChange={(e) => setLine(line.key, { satProductKey: e.currentTarget.value })}
                    maxLength={20}
                  />
                  {line.fixed ? (
                    <Stack gap={0}>
                      <Text size="sm" fw={500}>
                        {t('expenses.form.taxes')}
                      </Text>
                      <Text size="sm">
                        {[...taxes.transferred.map((x) => formatPlusPesos(x.amount)), ...taxes.retained.map((x) => formatMinusPesos(x.amount))].join(' ') ||
                          '—'}
                      </Text>
                    </Stack>
                  ) : (
                    <MultiSelect
                      label={t('expenses.form.taxes')}
                      data={Object.keys(TAX_OPTIONS).map((k) => ({ value: k, label: t(`expenses.form.taxOptions.${k}`) }))}
                      value={line.options}
                      onChange={(options) => setLine(line.key, { options })}
                    />
                  )}
                  <Stack gap={0}>
                    <Text size="sm" fw={500}>
                      {t('expenses.form.amount')}
                    </Text>
                    <Text data-testid={`line-amount-${i}`}>{amount ? formatPesos(amount) : '—'}</Text>
                  </Stack>
                  <Group align="flex-end">
                    <Button variant="subtle" color="red" disabled={lines.length === 1} onClick={() => setLines((ls) => ls.filter((l) => l.key !== line.key))}>
                      {t('expenses.form.removeLine')}
                    </Button>
                  </Group>
                </SimpleGrid>
              </Card>
            );
          })}
          <Group>
            <Button variant="light" onClick={() => setLines((ls) => [...ls, emptyLine()])}>
              {t('expenses.form.addLine')}
            </Button>
          </Group>
          {error('lines') && (
            <Text c="red" size="sm">
              {error('lines')}
            </Text>
          )}
        </Stack>
      </Card>
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
        {error('total') && (
          <Text c="red" size="sm">
            {error('total')}
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
          <Button onClick={submit} loading={create.inFlight || update.inFlight}>
            {t('expenses.form.save')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

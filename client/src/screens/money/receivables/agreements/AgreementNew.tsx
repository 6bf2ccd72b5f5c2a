import { useEffect, useState } from 'react';
import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { fetchQuery, graphql, usePreloadedQuery, useRelayEnvironment, useFragment } from 'react-relay';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AgreementNewQuery } from '../../../../__generated__/AgreementNewQuery.graphql';
import type { AgreementNew_query$key } from '../../../../__generated__/AgreementNew_query.graphql';
import type { AgreementNewCalculationQuery, AgreementNewCalculationQuery$data } from '../../../../__generated__/AgreementNewCalculationQuery.graphql';
import type { AgreementNewMutation } from '../../../../__generated__/AgreementNewMutation.graphql';
import { AGREEMENT_FREQUENCIES, agreementParametersSchema } from '../../../../../../core/agreements.js';
import { formatPesos, money } from '../../../../../../core/money.js';
import { DateField } from '../../../../components/DateField.js';
import { field, fieldError, useZodForm } from '../../../../components/forms.js';
import { applyServerErrors, settleCallError, typedError } from '../../../../components/mutationResult.js';
import { useAppMutation } from '../../../../components/mutations.js';
import { notify } from '../../../../components/notify.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { QuantityField } from '../../../../components/QuantityField.js';
import type { ScreenProps } from '../../../../router/screenRoute.js';
import { shortDate } from '../receipts/receiptTexts.js';

export const agreementNewQuery = graphql`
  query AgreementNewQuery($houseId: ID!) {
    ...AgreementNew_query
  }
`;

const agreementNewFragment = graphql`
  fragment AgreementNew_query on Query {
    agreementDebt(houseId: $houseId) { houseDatabaseId debt ordinaryBalance today }
    house: node(id: $houseId) { ... on House { label } }
  }
`;

const calculationQuery = graphql`
  query AgreementNewCalculationQuery($input: AgreementCalculationInput!) {
    agreementCalculation(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on QueryAgreementCalculationSuccess {
        data { debt downPayment instalments frequency firstDueDate instalmentAmount total lines { number kind dueDate amount } }
      }
    }
  }
`;

const createMutation = graphql`
  mutation AgreementNewMutation($input: CreateAgreementInput!) {
    createAgreement(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationCreateAgreementSuccess { data { message agreement { id databaseId } } }
    }
  }
`;

type Plan = NonNullable<AgreementNewCalculationQuery$data['agreementCalculation']['data']>;

/**
 * /owners/{houseId}/agreements/new: the house's ordinary unreferenced debt (its ordinary balance
 * sign-inverted), the parameters, «Calcular» shows the plan, «Crear convenio» makes it.
 */
export default function AgreementNew({ queryRef }: ScreenProps<AgreementNewQuery>) {
  const data = usePreloadedQuery<AgreementNewQuery>(agreementNewQuery, queryRef);
  return <AgreementNewView query={data} />;
}

function AgreementNewView({ query }: { query: AgreementNew_query$key }) {
  const { t } = useTranslation();
  const { houseId } = useParams();
  const navigate = useNavigate();
  const environment = useRelayEnvironment();
  const data = useFragment(agreementNewFragment, query);
  const debt = data.agreementDebt;
  const houseNodeId = btoa(`House:${debt.houseDatabaseId}`);
  const form = useZodForm(agreementParametersSchema, {
    defaultValues: { downPayment: '0', instalments: 6, firstDueDate: debt.today as string, frequency: 'MONTHLY' },
  });
  const [plan, setPlan] = useState<Plan | null>(null);
  const [calculating, setCalculating] = useState(false);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const create = useAppMutation<AgreementNewMutation>(createMutation);
  const hasDebt = money(debt.debt as string).greaterThan(0);

  // A plan belongs to the parameters it was calculated with: any change asks for «Calcular» again.
  useEffect(() => {
    const subscription = form.watch(() => setPlan(null));
    return () => subscription.unsubscribe();
  }, [form]);

  const calculate = form.handleSubmit(async (values) => {
    setCalculating(true);
    try {
      const result = await fetchQuery<AgreementNewCalculationQuery>(
        environment,
        calculationQuery,
        { input: { houseId: houseNodeId, ...values, instalments: Number(values.instalments) } },
        { fetchPolicy: 'network-only' },
      ).toPromise();
      const answer = result?.agreementCalculation;
      const failure = typedError(answer);
      if (failure) {
        if (!applyServerErrors(form as never, failure)) notify('danger', failure.message ?? '');
        return;
      }
      if (answer?.__typename === 'QueryAgreementCalculationSuccess' && answer.data) {
        setPlan(answer.data);
        setIdempotencyKey(crypto.randomUUID());
      }
    } catch (e) {
      settleCallError(e);
    } finally {
      setCalculating(false);
    }
  });

  const submit = async () => {
    if (!plan) return;
    const done = await create.run(
      {
        input: {
          houseId: houseNodeId,
          downPayment: plan.downPayment as string,
          instalments: plan.instalments,
          firstDueDate: plan.firstDueDate as string,
          frequency: plan.frequency,
          debt: plan.debt as string,
          idempotencyKey,
        },
      },
      'createAgreement',
      { form: form as never, success: (result: { data: { message: string } }) => result.data.message },
    );
    if (done) navigate(`/owners/${houseId}/agreements`);
    else setPlan(null);
  };

  return (
    <Stack maw={900}>
      <PageHeader
        title={t('agreements.new.title', { house: data.house?.label ?? '' })}
        description={t('agreements.new.description')}
        secondary={{ label: t('agreements.new.back'), to: `/owners/${houseId}/agreements` }}
      />
      <Card withBorder padding="lg">
        <Text size="sm" c="dimmed">
          {t('agreements.new.debt')}
        </Text>
        <Title order={3} data-testid="agreement-debt" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatPesos(debt.debt as string)}
        </Title>
        <Text size="xs" c="dimmed">
          {t('agreements.new.balance', { balance: formatPesos(debt.ordinaryBalance as string) })}
        </Text>
      </Card>
      {!hasDebt ? (
        <Alert color="blue">{t('agreements.new.noDebt')}</Alert>
      ) : (
        <form onSubmit={calculate} noValidate>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Controller
                control={form.control}
                name="downPayment"
                render={({ field: f }) => (
                  <QuantityField
                    label={t('agreements.new.downPayment')}
                    description={t('agreements.new.downPaymentHint')}
                    leftSection="$"
                    value={String(f.value ?? '')}
                    onValue={f.onChange}
                    onBlur={f.onBlur}
                    ref={f.ref}
                    error={fieldError(form, 'downPayment')}
                  />
                )}
              />
              <TextInput
                label={t('agreements.new.instalments')}
                description={t('agreements.new.instalmentsHint')}
                inputMode="numeric"
                withAsterisk
                {...field(form, 'instalments')}
              />
              <Controller
                control={form.control}
                name="firstDueDate"
                render={({ field: f }) => (
                  <DateField
                    label={t('agreements.new.firstDueDate')}
                    withAsterisk
                    clearable={false}
                    minDate={debt.today as string}
                    value={(f.value as string) || null}
                    onChange={(value) => f.onChange(value ? String(value).slice(0, 10) : '')}
                    onBlur={f.onBlur}
                    error={fieldError(form, 'firstDueDate')}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="frequency"
                render={({ field: f }) => (
                  <Select
                    label={t('agreements.new.frequency')}
                    withAsterisk
                    allowDeselect={false}
                    data={AGREEMENT_FREQUENCIES.map((value) => ({ value, label: t(`agreements.frequency.${value}`) }))}
                    value={f.value}
                    onChange={(value) => f.onChange(value ?? 'MONTHLY')}
                    onBlur={f.onBlur}
                    error={fieldError(form, 'frequency')}
                  />
                )}
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" variant={plan ? 'default' : 'filled'} loading={calculating}>
                {t('agreements.new.calculate')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {plan && (
        <Card withBorder padding="lg">
          <Stack>
            <Title order={4}>{t('agreements.new.planTitle')}</Title>
            <Table striped verticalSpacing="xs" data-testid="agreement-plan">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('agreements.new.columns.receipt')}</Table.Th>
                  <Table.Th>{t('agreements.new.columns.dueDate')}</Table.Th>
                  <Table.Th ta="right">{t('agreements.new.columns.amount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {plan.lines.map((line) => (
                  <Table.Tr key={line.number}>
                    <Table.Td>
                      {line.kind === 'DOWN_PAYMENT'
                        ? t('agreements.new.downPaymentLine')
                        : t('agreements.new.instalmentLine', { n: line.number, of: plan.instalments })}
                    </Table.Td>
                    <Table.Td>{shortDate(line.dueDate as string)}</Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatPesos(line.amount as string)}
                    </Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr>
                  <Table.Td colSpan={2} fw={700}>
                    {t('agreements.new.total')}
                  </Table.Td>
                  <Table.Td ta="right" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatPesos(plan.total as string)}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            <Group justify="flex-end">
              <Button onClick={submit} loading={create.inFlight}>
                {t('agreements.create')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

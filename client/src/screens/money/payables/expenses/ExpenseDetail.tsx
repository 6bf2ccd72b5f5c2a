import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Modal, Select, SimpleGrid, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { graphql, useFragment, usePreloadedQuery } from 'react-relay';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatMinusPesos, formatPesos, formatRate } from '../../../../format.js';
import type { ExpenseDetailQuery } from '../../../../__generated__/ExpenseDetailQuery.graphql';
import type { ExpenseDetail_expense$key } from '../../../../__generated__/ExpenseDetail_expense.graphql';
import type { ExpenseDetailAskMutation } from '../../../../__generated__/ExpenseDetailAskMutation.graphql';
import type { ExpenseDetailDecideMutation } from '../../../../__generated__/ExpenseDetailDecideMutation.graphql';
import type { ExpenseDetailPayMutation } from '../../../../__generated__/ExpenseDetailPayMutation.graphql';
import type { ExpenseDetailChargeMutation } from '../../../../__generated__/ExpenseDetailChargeMutation.graphql';
import type { ExpenseDetailDeleteMutation } from '../../../../__generated__/ExpenseDetailDeleteMutation.graphql';
import { EmptyState } from '../../../../components/EmptyState.js';
import { useAppMutation } from '../../../../components/mutations.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { useSession } from '../../../../components/SessionProvider.js';
import type { ScreenProps } from '../../../../router/screenRoute.js';
import { expensePolicyUrl } from './reports/urls.js';
import { folioText, STATUS_COLORS } from './Expenses.js';
import { EXPENSES_PATH, expenseFormPath, expenseLogPath } from './paths.js';

export const expenseDetailQuery = graphql`
  query ExpenseDetailQuery($id: ID!) {
    expenseConfig { accounts { id description accountType } }
    node(id: $id) {
      ...ExpenseDetail_expense @alias(as: "expense")
    }
  }
`;
const expenseFragment = graphql`
  fragment ExpenseDetail_expense on Expense {
    id databaseId status serie folio description operationDate subtotal discount transferredTaxes retainedTaxes total invoiced revision
    groupSerie groupFolio withdrawalDatabaseId createdByName approveRequired
    paymentDate paymentMethod paymentAccountDescription paymentBank paymentClabe cashDate checkNumber cashMethod
    provider { name rfc paymentMethod bank clabe } expenseConcept { concept }
    lines { databaseId quantity unitPrice amount discount description satProductKey invoiceUuid }
    taxes { type taxCode taxName rate amount }
    approvals { databaseId userName accepted comment createdAt current revision }
    canEdit canDelete canAskApproval canDecide canPay canCharge decideNote
  }
`;
const askMutation = graphql`
  mutation ExpenseDetailAskMutation($input: RequestExpenseApprovalInput!) {
    requestExpenseApproval(input: $input) { __typename ... on Error { code message } ... on MutationRequestExpenseApprovalSuccess { data { message expense { ...ExpenseDetail_expense } } } }
  }
`;
const decideMutation = graphql`
  mutation ExpenseDetailDecideMutation($input: DecideExpenseInput!) {
    decideExpense(input: $input) { __typename ... on Error { code message } ... on MutationDecideExpenseSuccess { data { message expense { ...ExpenseDetail_expense } } } }
  }
`;
const payMutation = graphql`
  mutation ExpenseDetailPayMutation($input: PayExpenseInput!) {
    payExpense(input: $input) { __typename ... on Error { code message } ... on MutationPayExpenseSuccess { data { message expense { ...ExpenseDetail_expense } } } }
  }
`;
const chargeMutation = graphql`
  mutation ExpenseDetailChargeMutation($input: ChargeExpenseInput!) {
    chargeExpense(input: $input) { __typename ... on Error { code message } ... on MutationChargeExpenseSuccess { data { message expense { ...ExpenseDetail_expense } } } }
  }
`;
const deleteMutation = graphql`
  mutation ExpenseDetailDeleteMutation($input: DeleteExpenseInput!) {
    deleteExpense(input: $input) { __typename ... on Error { code message } ... on MutationDeleteExpenseSuccess { data { message expense { ...ExpenseDetail_expense } } } }
  }
`;

type Dialog = null | 'approve' | 'reject' | 'pay' | 'charge' | 'delete';

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text>{value || '—'}</Text>
    </Stack>
  );
}

/** /expenses/{id}/detail: data, lines, taxes, approvals and the actions the viewer may take. */
export default function ExpenseDetail({ queryRef }: ScreenProps<ExpenseDetailQuery>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session, grants } = useSession();
  const data = usePreloadedQuery<ExpenseDetailQuery>(expenseDetailQuery, queryRef);
  const e = useFragment<ExpenseDetail_expense$key>(expenseFragment, data.node?.expense ?? null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [comment, setComment] = useState('');
  const [pay, setPay] = useState<{ paymentType: 'CHECK' | 'TRANSFER'; accountId: string | null; bank: string; clabe: string }>({
    paymentType: 'TRANSFER',
    accountId: null,
    bank: '',
    clabe: '',
  });
  const [charge, setCharge] = useState({ checkNumber: '', method: '' });
  const ask = useAppMutation<ExpenseDetailAskMutation>(askMutation);
  const decide = useAppMutation<ExpenseDetailDecideMutation>(decideMutation);
  const payRun = useAppMutation<ExpenseDetailPayMutation>(payMutation);
  const chargeRun = useAppMutation<ExpenseDetailChargeMutation>(chargeMutation);
  const remove = useAppMutation<ExpenseDetailDeleteMutation>(deleteMutation);
  if (!e) return <EmptyState title={t('expenses.empty')} hint="" action={{ label: t('expenses.detailScreen.back'), to: EXPENSES_PATH }} />;
  const folio = folioText(e);
  const close = () => setDialog(null);
  const openPay = () => {
    setPay({
      paymentType: e.provider?.paymentMethod === 'CHECK' ? 'CHECK' : 'TRANSFER',
      accountId: data.expenseConfig.accounts[0]?.id ?? null,
      bank: e.provider?.bank ?? '',
      clabe: e.provider?.clabe ?? '',
    });
    setDialog('pay');
  };
  const neighborhoodId = session.neighborhood?.databaseId;

  const confirm = async () => {
    let ok: unknown = null;
    if (dialog === 'approve' || dialog === 'reject')
      ok = await decide.run({ input: { id: e.id, accepted: dialog === 'approve', comment: comment || null } }, 'decideExpense', {
        success: t(dialog === 'approve' ? 'expenses.messages.approved' : 'expenses.messages.rejected'),
      });
    if (dialog === 'pay')
      ok = await payRun.run(
        {
          input: {
            id: e.id,
            paymentType: pay.paymentType,
            accountId: pay.accountId ?? '',
            bank: pay.bank || null,
            clabe: pay.paymentType === 'TRANSFER' ? pay.clabe || null : null,
          },
        },
        'payExpense',
        { success: t('expenses.messages.paid') },
      );
    if (dialog === 'charge')
      ok = await chargeRun.run({ input: { id: e.id, checkNumber: charge.checkNumber || null, method: charge.method || null } }, 'chargeExpense', {
        success: t('expenses.messages.charged'),
      });
    if (dialog === 'delete') {
      ok = await remove.run({ input: { id: e.id } }, 'deleteExpense', { success: t('expenses.messages.deleted') });
      if (ok) navigate(EXPENSES_PATH);
    }
    if (ok) {
      setComment('');
      close();
    }
  };
  const busy = decide.inFlight || payRun.inFlight || chargeRun.inFlight || remove.inFlight;

  return (
    <Stack>
      <PageHeader title={t('expenses.detailScreen.title', { folio })} description={e.description ?? ''}>
        <Badge size="lg" variant="light" color={STATUS_COLORS[e.status] ?? 'gray'} data-testid="expense-status">
          {t(`expenses.statuses.${e.status}`)}
        </Badge>
      </PageHeader>
      <Group gap="xs">
        {e.canAskApproval && (
          <Button
            variant="light"
            loading={ask.inFlight}
            onClick={() => void ask.run({ input: { id: e.id } }, 'requestExpenseApproval', { success: t('expenses.messages.asked') })}
          >
            {t('expenses.detailScreen.askApproval')}
          </Button>
        )}
        {e.canDecide && (
          <>
            <Button color="teal" onClick={() => setDialog('approve')}>
              {t('expenses.detailScreen.approve')}
            </Button>
            <Button color="red" variant="light" onClick={() => setDialog('reject')}>
              {t('expenses.detailScreen.reject')}
            </Button>
          </>
        )}
        {e.canPay && <Button onClick={openPay}>{t('expenses.detailScreen.pay')}</Button>}
        {e.canCharge && <Button onClick={() => setDialog('charge')}>{t('expenses.detailScreen.charge')}</Button>}
        {e.canEdit && (
          <Button variant="default" component={Link} to={expenseFormPath(e.databaseId)}>
            {t('expenses.edit')}
          </Button>
        )}
        {e.canDelete && (
          <Button variant="subtle" color="red" onClick={() => setDialog('delete')}>
            {t('expenses.detailScreen.delete')}
          </Button>
        )}
        <Button variant="subtle" component={Link} to={`${EXPENSES_PATH}/${e.databaseId}/attachments`}>
          {t('expenses.detailScreen.attachments')}
        </Button>
        {e.status === 'APPROVED' && !e.invoiced && grants.has('AExpensesUpdate') && (
          <Button variant="subtle" component={Link} to={`${EXPENSES_PATH}/${e.databaseId}/cfdi`}>
            {t('expenses.detailScreen.cfdi')}
          </Button>
        )}
        {neighborhoodId != null && (
          <Button variant="subtle" component="a" href={expensePolicyUrl(neighborhoodId, e.databaseId)} target="_blank" rel="noopener">
            {t('expenses.detailScreen.policy')}
          </Button>
        )}
        <Button variant="subtle" component={Link} to={expenseLogPath(e.databaseId)}>
          {t('expenses.log')}
        </Button>
      </Group>
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <Field label={t('expenses.detailScreen.provider')} value={e.provider?.name ?? t('expenses.noProvider')} />
          <Field label={t('expenses.detailScreen.rfc')} value={e.provider?.rfc} />
          <Field label={t('expenses.detailScreen.concept')} value={e.expenseConcept?.concept} />
          <Field label={t('expenses.detailScreen.operationDate')} value={formatDate(e.operationDate)} />
          <Field label={t('expenses.detailScreen.author')} value={e.createdByName} />
          <Field label={t('expenses.detailScreen.invoiced')} value={t(e.invoiced ? 'expenses.detailScreen.yes' : 'expenses.detailScreen.no')} />
          <Field label={t('expenses.detailScreen.group')} value={e.groupFolio != null ? `${e.groupSerie ?? ''}-${e.groupFolio}` : null} />
          <Field label={t('expenses.detailScreen.withdrawal')} value={e.withdrawalDatabaseId != null ? `#${e.withdrawalDatabaseId}` : null} />
          {e.paymentDate && (
            <>
              <Field label={t('expenses.detailScreen.paymentDate')} value={formatDate(e.paymentDate)} />
              <Field label={t('expenses.detailScreen.paymentMethod')} value={e.paymentMethod ? t(`expenses.paymentTypes.${e.paymentMethod}`) : null} />
              <Field label={t('expenses.detailScreen.account')} value={e.paymentAccountDescription} />
              <Field label={t('expenses.detailScreen.clabe')} value={e.paymentClabe ?? e.paymentBank} />
            </>
          )}
          {e.cashDate && (
            <>
              <Field label={t('expenses.detailScreen.cashDate')} value={formatDate(e.cashDate)} />
              <Field label={t('expenses.detailScreen.checkNumber')} value={e.checkNumber} />
              <Field label={t('expenses.detailScreen.cashMethod')} value={e.cashMethod} />
            </>
          )}
        </SimpleGrid>
      </Card>
      <Card withBorder>
        <Text fw={600} mb="xs">
          {t('expenses.detailScreen.lines')}
        </Text>
        <Table.ScrollContainer minWidth={640}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('expenses.form.lineDescription')}</Table.Th>
                <Table.Th>{t('expenses.form.satKey')}</Table.Th>
                <Table.Th ta="right">{t('expenses.form.quantity')}</Table.Th>
                <Table.Th ta="right">{t('expenses.form.unitPrice')}</Table.Th>
                <Table.Th ta="right">{t('expenses.form.discount')}</Table.Th>
                <Table.Th ta="right">{t('expenses.form.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {e.lines.map((l) => (
                <Table.Tr key={l.databaseId}>
                  <Table.Td>{l.description}</Table.Td>
                  <Table.Td>{l.satProductKey}</Table.Td>
                  <Table.Td ta="right">{l.quantity}</Table.Td>
                  <Table.Td ta="right">{formatPesos(l.unitPrice)}</Table.Td>
                  <Table.Td ta="right">{formatPesos(l.discount as string)}</Table.Td>
                  <Table.Td ta="right">{formatPesos(l.amount as string)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Table w="auto" ml="auto" mt="sm">
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>{t('expenses.form.subtotal')}</Table.Td>
              <Table.Td ta="right">{formatPesos(e.subtotal as string)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>{t('expenses.form.discountTotal')}</Table.Td>
              <Table.Td ta="right">{formatPesos(e.discount as string)}</Table.Td>
            </Table.Tr>
            {e.taxes.map((x) => (
              <Table.Tr key={`${x.type}${x.taxCode}${x.rate}`}>
                <Table.Td>
                  {x.taxName} {x.rate ? formatRate(x.rate) : ''} ({t(`expenses.detailScreen.taxType.${x.type}`)})
                </Table.Td>
                <Table.Td ta="right">{x.type === 'retained' ? formatMinusPesos(x.amount) : formatPesos(x.amount)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td fw={700}>{t('expenses.form.total')}</Table.Td>
              <Table.Td ta="right" fw={700} data-testid="expense-total">
                {formatPesos(e.total as string)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Card>
      {e.approveRequired && (
        <Card withBorder>
          <Text fw={600} mb="xs">
            {t('expenses.detailScreen.approvals')}
          </Text>
          {e.approvals.length === 0 ? (
            <Text c="dimmed">{t('expenses.detailScreen.noApprovals')}</Text>
          ) : (
            <Stack gap="xs">
              {e.approvals.map((a) => (
                <Alert key={a.databaseId} color={a.accepted ? 'teal' : 'red'} variant={a.current ? 'light' : 'outline'}>
                  <Text size="sm">
                    <b>{a.userName}</b> {t(a.accepted ? 'expenses.detailScreen.approved' : 'expenses.detailScreen.rejected').toLowerCase()} ·{' '}
                    {a.current ? t('expenses.detailScreen.revision', { revision: a.revision }) : t('expenses.detailScreen.old')} · {formatDateTime(a.createdAt)}
                  </Text>
                  {a.comment && <Text size="sm">{a.comment}</Text>}
                </Alert>
              ))}
            </Stack>
          )}
          {/* Why the viewer may not decide (their own expense, no approvers...), in the refusal's words. */}
          {e.decideNote && (
            <Text size="sm" c="dimmed" mt="xs">
              {e.decideNote}
            </Text>
          )}
        </Card>
      )}
      <Anchor component={Link} to={EXPENSES_PATH}>
        {t('expenses.detailScreen.back')}
      </Anchor>
      <Modal
        opened={dialog != null}
        onClose={close}
        title={
          dialog === 'approve'
            ? t('expenses.detailScreen.decideTitleApprove')
            : dialog === 'reject'
              ? t('expenses.detailScreen.decideTitleReject')
              : dialog === 'pay'
                ? t('expenses.detailScreen.payTitle')
                : dialog === 'charge'
                  ? t('expenses.detailScreen.chargeTitle')
                  : t('expenses.detailScreen.deleteTitle')
        }
      >
        <Stack>
          {(dialog === 'approve' || dialog === 'reject') && (
            <Textarea
              label={t('expenses.detailScreen.comment')}
              value={comment}
              onChange={(ev) => setComment(ev.currentTarget.value)}
              maxLength={1000}
              autosize
              minRows={2}
            />
          )}
          {dialog === 'pay' && (
            <>
              <Text>{formatPesos(e.total as string)}</Text>
              <Select
                label={t('expenses.detailScreen.account')}
                placeholder={t('expenses.detailScreen.accountPlaceholder')}
                data={data.expenseConfig.accounts.map((a) => ({ value: a.id, label: a.description }))}
                value={pay.accountId}
                onChange={(accountId) => setPay((p) => ({ ...p, accountId }))}
                allowDeselect={false}
              />
              <Select
                label={t('expenses.detailScreen.paymentType')}
                data={(['TRANSFER', 'CHECK'] as const).map((v) => ({ value: v, label: t(`expenses.paymentTypes.${v}`) }))}
                value={pay.paymentType}
                onChange={(v) => setPay((p) => ({ ...p, paymentType: (v as 'CHECK' | 'TRANSFER') ?? 'TRANSFER' }))}
                allowDeselect={false}
              />
              <TextInput
                label={t('expenses.detailScreen.bank')}
                value={pay.bank}
                onChange={(ev) => setPay((p) => ({ ...p, bank: ev.currentTarget.value }))}
                maxLength={80}
              />
              {pay.paymentType === 'TRANSFER' && (
                <TextInput
                  label={t('expenses.detailScreen.clabe')}
                  value={pay.clabe}
                  onChange={(ev) => setPay((p) => ({ ...p, clabe: ev.currentTarget.value }))}
                  maxLength={18}
                  inputMode="numeric"
                  error={payRun.error?.message}
                />
              )}
            </>
          )}
          {dialog === 'charge' && (
            <>
              <TextInput
                label={t('expenses.detailScreen.checkNumber')}
                value={charge.checkNumber}
                onChange={(ev) => setCharge((c) => ({ ...c, checkNumber: ev.currentTarget.value }))}
                maxLength={40}
              />
              <TextInput
                label={t('expenses.detailScreen.cashMethod')}
                value={charge.method}
                onChange={(ev) => setCharge((c) => ({ ...c, method: ev.currentTarget.value }))}
                maxLength={80}
              />
            </>
          )}
          {dialog === 'delete' && <Text>{t('expenses.detailScreen.deleteConfirm', { folio, total: formatPesos(e.total as string) })}</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button color={dialog === 'reject' || dialog === 'delete' ? 'red' : undefined} onClick={confirm} loading={busy}>
              {t('expenses.detailScreen.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Group, Loader, Modal, ScrollArea, Select, Stack, Table, Text } from '@mantine/core';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { WithdrawalButtonQuery, WithdrawalButtonQuery$data } from '../../../../../__generated__/WithdrawalButtonQuery.graphql';
import type { WithdrawalButtonCreateMutation } from '../../../../../__generated__/WithdrawalButtonCreateMutation.graphql';
import { sumMoney } from '../../../../../../../core/money.js';
import { formatDate, formatPesos } from '../../../../../format.js';
import { MAX_WITHDRAWAL_TOTAL, withdrawalFigures, withdrawalProblem } from '../../../../../../../core/withdrawals.js';
import { useAppMutation } from '../../../../../components/mutations.js';
import { useSession } from '../../../../../components/SessionProvider.js';
import { WITHDRAWALS_PATH } from './paths.js';

const builderQuery = graphql`
  query WithdrawalButtonQuery {
    availableExpensesForWithdrawal { id databaseId serie folio description providerName concept operationDate total status }
    withdrawalAccounts { id accountType description holderName maskedNumber }
  }
`;

const createMutation = graphql`
  mutation WithdrawalButtonCreateMutation($input: CreateWithdrawalInput!) {
    createWithdrawal(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationCreateWithdrawalSuccess { data { message withdrawal { id databaseId status errorDescription total } } }
    }
  }
`;

type Data = WithdrawalButtonQuery$data;

/** «Crear retiro»: the builder dialog (available expenses, the account, the fee by account type, total = selected + fee). */
export function WithdrawalButton({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const [open, setOpen] = useState(false);
  if (!grants.has('AExpensesUpdate')) return null;
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>
        {t('withdrawals.button')}
      </Button>
      {open && (
        <WithdrawalDialog
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            onDone();
          }}
        />
      )}
    </>
  );
}

const folioOf = (e: { serie: string | null | undefined; folio: number | null | undefined; databaseId: number }) =>
  e.folio != null ? `${e.serie ? `${e.serie}-` : ''}${e.folio}` : `#${e.databaseId}`;

function WithdrawalDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const environment = useRelayEnvironment();
  const [data, setData] = useState<Data | null>(null);
  const [failed, setFailed] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [accountId, setAccountId] = useState<string | null>(null);
  const { run, inFlight } = useAppMutation<WithdrawalButtonCreateMutation>(createMutation);

  useEffect(() => {
    const subscription = fetchQuery<WithdrawalButtonQuery>(environment, builderQuery, {}, { fetchPolicy: 'network-only' }).subscribe({
      next: (answer) => {
        setData(answer);
        // One account to choose from: chosen already.
        if (answer.withdrawalAccounts.length === 1) setAccountId(answer.withdrawalAccounts[0].id);
      },
      error: () => setFailed(true),
    });
    return () => subscription.unsubscribe();
  }, [environment]);

  const expenses = data?.availableExpensesForWithdrawal ?? [];
  const account = data?.withdrawalAccounts.find((a) => a.id === accountId) ?? null;
  const chosen = useMemo(() => expenses.filter((e) => selected.has(e.id)), [expenses, selected]);
  const figures = account ? withdrawalFigures(account.accountType, chosen.length ? chosen.map((e) => e.total) : ['0']) : null;
  const problem =
    account && chosen.length
      ? withdrawalProblem(
          account.accountType,
          chosen.map((e) => e.total),
        )
      : null;
  const allSelected = expenses.length > 0 && chosen.length === expenses.length;

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const submit = async () => {
    if (!account || !figures || chosen.length === 0 || problem) return;
    const result = await run(
      { input: { accountId: account.id, expenseIds: chosen.map((e) => e.id), amount: figures.amount, fee: figures.fee, total: figures.total } },
      'createWithdrawal',
      {
        success: (r) =>
          r?.data?.withdrawal?.status === 'FAILED'
            ? ['danger', r.data.withdrawal.errorDescription ?? r.data.message]
            : (r?.data?.message ?? t('withdrawals.inProgress')),
      },
    );
    if (result) onDone();
  };

  return (
    <Modal opened onClose={onClose} title={t('withdrawals.dialog.title')} size="xl">
      {failed ? (
        <Alert color="red">{t('withdrawals.dialog.loadFailed')}</Alert>
      ) : !data ? (
        <Group justify="center" p="lg">
          <Loader size="sm" />
        </Group>
      ) : (
        <Stack>
          <Text size="sm" c="dimmed">
            {t('withdrawals.dialog.description')}
          </Text>
          <Select
            label={t('withdrawals.dialog.account')}
            placeholder={t('withdrawals.dialog.accountPlaceholder')}
            required
            data={data.withdrawalAccounts.map((a) => ({
              value: a.id,
              label: `${a.description} · ${t(`withdrawals.accountTypes.${a.accountType}`)}${a.maskedNumber ? ` ${a.maskedNumber}` : ''}`,
            }))}
            value={accountId}
            onChange={setAccountId}
            nothingFoundMessage={t('withdrawals.dialog.noAccounts')}
            allowDeselect={false}
          />
          {data.withdrawalAccounts.length === 0 && <Alert color="yellow">{t('withdrawals.dialog.noAccounts')}</Alert>}
          {expenses.length === 0 ? (
            <Alert color="gray">{t('withdrawals.dialog.noExpenses')}</Alert>
          ) : (
            <ScrollArea.Autosize mah={320}>
              <Table striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={36}>
                      <Checkbox
                        aria-label={t('withdrawals.dialog.selectAll')}
                        checked={allSelected}
                        indeterminate={chosen.length > 0 && !allSelected}
                        onChange={() => setSelected(allSelected ? new Set() : new Set(expenses.map((e) => e.id)))}
                      />
                    </Table.Th>
                    <Table.Th>{t('withdrawals.columns.folio')}</Table.Th>
                    <Table.Th>{t('withdrawals.columns.date')}</Table.Th>
                    <Table.Th>{t('withdrawals.columns.provider')}</Table.Th>
                    <Table.Th>{t('withdrawals.columns.description')}</Table.Th>
                    <Table.Th ta="right">{t('withdrawals.columns.total')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {expenses.map((e) => (
                    <Table.Tr key={e.id} onClick={() => toggle(e.id)} style={{ cursor: 'pointer' }}>
                      <Table.Td>
                        <Checkbox
                          aria-label={t('withdrawals.dialog.select', { folio: folioOf(e) })}
                          checked={selected.has(e.id)}
                          onChange={() => toggle(e.id)}
                          onClick={(event) => event.stopPropagation()}
                        />
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{folioOf(e)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(e.operationDate)}</Table.Td>
                      <Table.Td>{e.providerName ?? '—'}</Table.Td>
                      <Table.Td>{e.description ?? e.concept ?? ''}</Table.Td>
                      <Table.Td ta="right" pr="md" style={{ whiteSpace: 'nowrap' }}>
                        {formatPesos(e.total)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          )}
          <Table withRowBorders={false} w="auto" ml="auto" data-testid="withdrawal-figures">
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>{t('withdrawals.dialog.selected', { count: chosen.length })}</Table.Td>
                <Table.Td ta="right">{formatPesos(figures?.amount ?? sumMoney(chosen.map((e) => e.total)))}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>{t('withdrawals.dialog.fee')}</Table.Td>
                <Table.Td ta="right">{figures ? formatPesos(figures.fee) : '—'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td fw={700}>{t('withdrawals.dialog.total')}</Table.Td>
                <Table.Td ta="right" fw={700}>
                  {figures ? formatPesos(figures.total) : '—'}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed" ta="right">
            {t('withdrawals.dialog.maximum', { amount: formatPesos(MAX_WITHDRAWAL_TOTAL) })}
          </Text>
          {problem && <Alert color="red">{problem}</Alert>}
          <Group justify="space-between">
            <Button component={Link} to={WITHDRAWALS_PATH} variant="subtle" onClick={onClose}>
              {t('withdrawals.dialog.history')}
            </Button>
            <Group>
              <Button variant="default" onClick={onClose}>
                {t('withdrawals.dialog.cancel')}
              </Button>
              <Button onClick={submit} loading={inFlight} disabled={!account || chosen.length === 0 || !!problem}>
                {t('withdrawals.dialog.submit')}
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

export default WithdrawalButton;

import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { graphql, useFragment, usePreloadedQuery } from 'react-relay';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { IncomeAccountFormQuery } from '../../../../__generated__/IncomeAccountFormQuery.graphql';
import type { IncomeAccountForm_account$key } from '../../../../__generated__/IncomeAccountForm_account.graphql';
import type { IncomeAccountFormCreateMutation } from '../../../../__generated__/IncomeAccountFormCreateMutation.graphql';
import type { IncomeAccountFormUpdateMutation } from '../../../../__generated__/IncomeAccountFormUpdateMutation.graphql';
import type { IncomeAccountFormDeleteMutation } from '../../../../__generated__/IncomeAccountFormDeleteMutation.graphql';
import { accountBankName, accountNumberProblem, INCOME_ACCOUNT_TYPES, IncomeAccountSchema, type IncomeAccountType } from '../../../../../../core/accounts.js';
import { field, fieldError, useZodForm } from '../../../../components/forms.js';
import { useAppMutation } from '../../../../components/mutations.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { useSession } from '../../../../components/SessionProvider.js';
import type { ScreenProps } from '../../../../router/screenRoute.js';

export const incomeAccountFormQuery = graphql`
  query IncomeAccountFormQuery($id: ID!, $edit: Boolean!) {
    node(id: $id) @include(if: $edit) { ...IncomeAccountForm_account @alias }
  }
`;

const accountFragment = graphql`
  fragment IncomeAccountForm_account on IncomeAccount { id description accountType holderName accountNumber accountingAccount bankName }
`;

const createMutation = graphql`
  mutation IncomeAccountFormCreateMutation($input: CreateIncomeAccountInput!) {
    createIncomeAccount(input: $input) {
      __typename ... on Error { code message } ... on MutationCreateIncomeAccountSuccess { data { incomeAccount { id databaseId } } }
    }
  }
`;

const updateMutation = graphql`
  mutation IncomeAccountFormUpdateMutation($input: UpdateIncomeAccountInput!) {
    updateIncomeAccount(input: $input) {
      __typename ... on Error { code message }
      ... on MutationUpdateIncomeAccountSuccess { data { incomeAccount { ...IncomeAccountForm_account } } }
    }
  }
`;

const deleteMutation = graphql`
  mutation IncomeAccountFormDeleteMutation($input: DeleteIncomeAccountInput!) {
    deleteIncomeAccount(input: $input) { __typename ... on Error { code message } ... on MutationDeleteIncomeAccountSuccess { data { deletedId } } }
  }
`;

const LIST = '/neighborhood/settings/accounts';

/** /neighborhood/settings/account/form (a new account) and /neighborhood/accounts/{id} (the account, edited in place). */
export default function IncomeAccountForm({ queryRef }: ScreenProps<IncomeAccountFormQuery>) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<IncomeAccountFormQuery>(incomeAccountFormQuery, queryRef);
  const account = data.node?.IncomeAccountForm_account ?? null;
  if (queryRef.variables.edit && !account) return <Alert color="yellow">{t('accounts.notFound')}</Alert>;
  return <AccountFields account={account} />;
}

function AccountFields({ account: accountKey }: { account: IncomeAccountForm_account$key | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { grants } = useSession();
  const account = useFragment(accountFragment, accountKey);
  const editable = account ? grants.has('CAccountsUpdate') : grants.has('CAccountsCreate');
  const form = useZodForm(IncomeAccountSchema, {
    defaultValues: {
      accountType: (account?.accountType as IncomeAccountType | undefined) ?? 'CLABE',
      description: account?.description ?? '',
      holderName: account?.holderName ?? '',
      accountNumber: account?.accountNumber ?? '',
      accountingAccount: account?.accountingAccount ?? '',
    },
  });
  const create = useAppMutation<IncomeAccountFormCreateMutation>(createMutation);
  const update = useAppMutation<IncomeAccountFormUpdateMutation>(updateMutation);
  const remove = useAppMutation<IncomeAccountFormDeleteMutation>(deleteMutation);
  const [confirming, setConfirming] = useState(false);
  const type = form.watch('accountType') as IncomeAccountType;
  const number = form.watch('accountNumber');
  const bank = type === 'CLABE' && number && !accountNumberProblem(type, number) ? accountBankName(type, number) : null;

  const save = form.handleSubmit(async (values) => {
    const ok = account
      ? await update.run({ input: { id: account.id, ...values } }, 'updateIncomeAccount', { form, success: t('accounts.updated') })
      : await create.run({ input: values }, 'createIncomeAccount', { form, success: t('accounts.created') });
    if (ok) navigate(LIST);
  });
  const destroy = async () => {
    if (!account) return;
    const ok = await remove.run({ input: { id: account.id } }, 'deleteIncomeAccount', { success: t('accounts.deleted') });
    setConfirming(false);
    if (ok) navigate(LIST);
  };

  return (
    <Stack maw={640}>
      <PageHeader
        title={account ? account.description : t('accounts.create')}
        description={account ? t('accounts.detailDescription') : undefined}
        secondary={{ label: t('common.back'), to: LIST }}
      />
      {!editable && <Alert color="gray">{t('accounts.readOnly')}</Alert>}
      <form onSubmit={save} noValidate>
        <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack>
            <Controller
              control={form.control}
              name="accountType"
              render={({ field: f }) => (
                <Select
                  label={t('accounts.type')}
                  required
                  allowDeselect={false}
                  data={INCOME_ACCOUNT_TYPES.map((value) => ({ value, label: t(`accounts.types.${value}`) }))}
                  value={f.value ?? null}
                  onChange={(value) => f.onChange(value)}
                  onBlur={f.onBlur}
                  error={fieldError(form, 'accountType')}
                  disabled={!editable}
                />
              )}
            />
            <TextInput label={t('accounts.description')} placeholder={t('accounts.descriptionPlaceholder')} required {...field(form, 'description')} />
            <TextInput label={type === 'CASH' ? t('accounts.cashHolderName') : t('accounts.holderName')} {...field(form, 'holderName')} />
            {type === 'CASH' ? (
              <Text size="sm" c="dimmed">
                {t('accounts.cashNoNumber')}
              </Text>
            ) : (
              <TextInput
                label={t(`accounts.numberLabel.${type}`)}
                description={t(`accounts.numberHint.${type}`)}
                required
                inputMode={type === 'TERMINAL' ? 'text' : 'numeric'}
                autoComplete="off"
                {...field(form, 'accountNumber')}
              />
            )}
            {type === 'CLABE' && number && !fieldError(form, 'accountNumber') && !accountNumberProblem(type, number) && (
              <Text size="sm" c="teal" data-testid="clabe-bank">
                {bank ? t('accounts.bankOf', { bank }) : t('accounts.unknownBank')}
              </Text>
            )}
            <TextInput label={t('accounts.accountingAccount')} description={t('accounts.accountingAccountHint')} {...field(form, 'accountingAccount')} />
            {editable && (
              <Group>
                <Button type="submit" loading={create.inFlight || update.inFlight}>
                  {t('common.save')}
                </Button>
                <Button variant="default" component={Link} to={LIST}>
                  {t('common.cancel')}
                </Button>
                {account && grants.has('CAccountsDelete') && (
                  <Button variant="subtle" color="red" ml="auto" onClick={() => setConfirming(true)}>
                    {t('accounts.delete')}
                  </Button>
                )}
              </Group>
            )}
          </Stack>
        </fieldset>
      </form>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('accounts.deleteTitle')}>
        <Text>{account ? t('accounts.deleteConfirm', { name: account.description }) : ''}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={destroy} loading={remove.inFlight}>
            {t('list.delete')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

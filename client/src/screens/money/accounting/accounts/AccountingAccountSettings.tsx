import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { graphql, usePreloadedQuery, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AccountingAccountSettingsQuery } from '../../../../__generated__/AccountingAccountSettingsQuery.graphql';
import type { AccountingAccountSettings_query$key } from '../../../../__generated__/AccountingAccountSettings_query.graphql';
import type { AccountingAccountSettingsSaveMutation } from '../../../../__generated__/AccountingAccountSettingsSaveMutation.graphql';
import { ACCOUNTING_ACCOUNT_GROUPS, ACCOUNTING_ACCOUNT_KEYS, AccountingAccountSettingsSchema } from '../../../../../../core/accounts.js';
import { field, useZodForm } from '../../../../components/forms.js';
import { useAppMutation } from '../../../../components/mutations.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { useSession } from '../../../../components/SessionProvider.js';
import type { ScreenProps } from '../../../../router/screenRoute.js';

export const accountingAccountSettingsQuery = graphql`
  query AccountingAccountSettingsQuery {
    ...AccountingAccountSettings_query
  }
`;

const accountingAccountSettingsFragment = graphql`
  fragment AccountingAccountSettings_query on Query {
    accountingAccountSettings { key number name }
  }
`;

const saveMutation = graphql`
  mutation AccountingAccountSettingsSaveMutation($input: UpdateAccountingAccountSettingsInput!) {
    updateAccountingAccountSettings(input: $input) {
      __typename ... on Error { code message }
      ... on MutationUpdateAccountingAccountSettingsSuccess { data { accountingAccountSettings { key number name } } }
    }
  }
`;

/** /neighborhood/settings/accounting-accounts: the community's accounting account for each purpose; a blank number removes it. */
export default function AccountingAccountSettings({ queryRef }: ScreenProps<AccountingAccountSettingsQuery>) {
  const data = usePreloadedQuery<AccountingAccountSettingsQuery>(accountingAccountSettingsQuery, queryRef);
  return <AccountingAccountSettingsView query={data} />;
}

function AccountingAccountSettingsView({ query }: { query: AccountingAccountSettings_query$key }) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const data = useFragment(accountingAccountSettingsFragment, query);
  const stored = new Map(data.accountingAccountSettings.map((a) => [a.key, a]));
  const form = useZodForm(AccountingAccountSettingsSchema, {
    defaultValues: { accounts: ACCOUNTING_ACCOUNT_KEYS.map((key) => ({ key, number: stored.get(key)?.number ?? '', name: stored.get(key)?.name ?? '' })) },
  });
  const save = useAppMutation<AccountingAccountSettingsSaveMutation>(saveMutation);
  const submit = form.handleSubmit((values) =>
    save.run({ input: values }, 'updateAccountingAccountSettings', { form, success: t('accountingAccounts.saved') }),
  );
  const index = (key: string) => ACCOUNTING_ACCOUNT_KEYS.indexOf(key as (typeof ACCOUNTING_ACCOUNT_KEYS)[number]);

  return (
    <Stack maw={880}>
      <PageHeader title={t('accountingAccounts.settingsTitle')} description={t('accountingAccounts.settingsDescription')} />
      <Text size="sm" c="dimmed">
        {t('accountingAccounts.hint')}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack>
          {ACCOUNTING_ACCOUNT_GROUPS.map(({ group, keys }) => (
            <Paper key={group} withBorder p="md" radius="md" component="section" aria-labelledby={`accounting-${group}`}>
              <Stack gap="md">
                <Title order={3} size="h4" id={`accounting-${group}`}>
                  {t(`accountingAccounts.groups.${group}`)}
                </Title>
                {keys.map((key) => (
                  <Stack key={key} gap={4} data-testid={`accounting-${key}`}>
                    <Text fw={600} size="sm">
                      {t(`accountingAccounts.keys.${key}`)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t(`accountingAccounts.help.${key}`)}
                    </Text>
                    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                      <TextInput
                        aria-label={`${t(`accountingAccounts.keys.${key}`)}: ${t('accountingAccounts.number')}`}
                        placeholder={t('accountingAccounts.numberPlaceholder')}
                        {...field(form, `accounts.${index(key)}.number`)}
                      />
                      <TextInput
                        aria-label={`${t(`accountingAccounts.keys.${key}`)}: ${t('accountingAccounts.name')}`}
                        placeholder={t('accountingAccounts.namePlaceholder')}
                        {...field(form, `accounts.${index(key)}.name`)}
                      />
                    </SimpleGrid>
                  </Stack>
                ))}
              </Stack>
            </Paper>
          ))}
          <Group>
            <Button type="submit" loading={save.inFlight}>
              {t('common.save')}
            </Button>
            {grants.has('AAccountingRead') && (
              <Anchor component={Link} to="/neighborhood/accounting-accounts" size="sm">
                {t('accountingAccounts.viewCatalogue')}
              </Anchor>
            )}
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

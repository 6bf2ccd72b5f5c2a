import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { graphql, usePreloadedQuery, useFragment } from 'react-relay';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AccountingExportFormCreateMutation } from '../../../../__generated__/AccountingExportFormCreateMutation.graphql';
import type { AccountingExportFormQuery } from '../../../../__generated__/AccountingExportFormQuery.graphql';
import type { AccountingExportForm_query$key } from '../../../../__generated__/AccountingExportForm_query.graphql';
import { DateField } from '../../../../components/DateField.js';
import { useAppMutation } from '../../../../components/mutations.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import type { ScreenProps } from '../../../../router/screenRoute.js';
import { newIdempotencyKey } from '../../receivables/receipts/receiptTexts.js';
import { ACCOUNTING_EXPORTS_PATH } from './routes.js';
import { checkRange, suggestedPeriod } from './period.js';

export const accountingExportFormQuery = graphql`
  query AccountingExportFormQuery {
    ...AccountingExportForm_query
  }
`;

const accountingExportFormFragment = graphql`
  fragment AccountingExportForm_query on Query {
    lastAccountingExport { to }
  }
`;

const createMutation = graphql`
  mutation AccountingExportFormCreateMutation($input: CreateAccountingExportInput!) {
    createAccountingExport(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationCreateAccountingExportSuccess { data { message accountingExport { id status } } }
    }
  }
`;

/** /neighborhood/accounting-policies-exports/form: «Desde» and «Hasta» of the pólizas to export. */
export default function AccountingExportForm({ queryRef }: ScreenProps<AccountingExportFormQuery>) {
  const data = usePreloadedQuery<AccountingExportFormQuery>(accountingExportFormQuery, queryRef);
  return <AccountingExportFormView query={data} />;
}

function AccountingExportFormView({ query }: { query: AccountingExportForm_query$key }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const data = useFragment(accountingExportFormFragment, query);
  const [period, setPeriod] = useState(() => suggestedPeriod(data.lastAccountingExport?.to ?? null));
  const create = useAppMutation<AccountingExportFormCreateMutation>(createMutation);
  const rangeError = checkRange(period.from, period.to);

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    if (rangeError) return;
    const ok = await create.run({ input: { ...period, idempotencyKey: newIdempotencyKey() } }, 'createAccountingExport', {
      success: (r) => r?.data?.message ?? null,
    });
    if (ok && !ok.__typename.endsWith('Error')) navigate(ACCOUNTING_EXPORTS_PATH);
  };

  return (
    <Stack maw={640}>
      <PageHeader
        title={t('accountingExports.formTitle')}
        description={t('accountingExports.formDescription')}
        secondary={{ label: t('accountingExports.back'), to: ACCOUNTING_EXPORTS_PATH }}
      />
      <form onSubmit={save} noValidate>
        <Paper withBorder p="md" radius="md">
          <Stack>
            <Group grow align="flex-start">
              <DateField
                label={t('accountingExports.from')}
                required
                value={period.from}
                clearable={false}
                onChange={(v) => v && setPeriod((p) => ({ ...p, from: String(v).slice(0, 10) }))}
              />
              <DateField
                label={t('accountingExports.to')}
                required
                value={period.to}
                clearable={false}
                error={rangeError ? t('accountingExports.rangeInvalid') : null}
                onChange={(v) => v && setPeriod((p) => ({ ...p, to: String(v).slice(0, 10) }))}
              />
            </Group>
            <Alert variant="light" color="blue">
              <Text size="sm">{t('accountingExports.layoutHint')}</Text>
            </Alert>
            <Group justify="flex-end">
              <Button type="submit" loading={create.inFlight} disabled={!!rangeError}>
                {t('accountingExports.generate')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </form>
    </Stack>
  );
}

import { encodeGlobalID } from '@pothos/plugin-relay';
import { ACCOUNTING_ACCOUNT_KEYS } from '../../../../../core/accounts.js';
import { builder, grants, idempotencyKeyField } from '../../../../graphql/builder.js';
import { InputError } from '../../../../kernel/errors.js';
import {
  accountingAccountCatalogue,
  accountingAccountSettings,
  updateAccountingAccountSettings,
  type AccountingAccountSettingRow,
  type AccountingAccountUse,
  type AccountingCatalogueEntry,
} from './service.js';

export const AccountingAccountKeyEnum = builder.enumType('AccountingAccountKey', {
  description: 'Purpose of an accounting account of the community; the accounting-policy exports post to these accounts',
  values: ACCOUNTING_ACCOUNT_KEYS,
});

const AccountingAccountSettingRef = builder.objectRef<AccountingAccountSettingRow>('AccountingAccountSetting').implement({
  description: 'The community account number (and optional name) for one purpose',
  fields: (t) => ({
    key: t.expose('key', { type: AccountingAccountKeyEnum }),
    number: t.exposeString('number', { description: 'Digit groups separated by hyphens, e.g. 102-01' }),
    name: t.exposeString('name', { nullable: true }),
  }),
});

builder.queryField('accountingAccountSettings', (t) =>
  t.field({
    type: [AccountingAccountSettingRef],
    description: 'The community accounting accounts by purpose (keys without a number are absent)',
    ...grants('CAccountingAccountsRead'),
    resolve: (_r, _a, ctx) => accountingAccountSettings(ctx),
  }),
);

const AccountingAccountSettingsPayload = builder.objectRef<{ saved: number }>('AccountingAccountSettingsPayload').implement({
  fields: (t) => ({
    accountingAccountSettings: t.field({ type: [AccountingAccountSettingRef], resolve: (_p, _a, ctx) => accountingAccountSettings(ctx) }),
  }),
});

const AccountingAccountSettingInput = builder.inputType('AccountingAccountSettingInput', {
  fields: (f) => ({
    key: f.field({ type: AccountingAccountKeyEnum, required: true }),
    number: f.string({ required: false, description: 'Blank removes the key' }),
    name: f.string({ required: false }),
  }),
});

// The spec names only the Read grant for this screen: it also saves it (no update grant exists).
builder.mutationField('updateAccountingAccountSettings', (t) =>
  t.field({
    type: AccountingAccountSettingsPayload,
    description: 'Replaces the community accounting accounts: keys left out or with a blank number are removed',
    ...grants('CAccountingAccountsRead'),
    errors: { types: [InputError] },
    args: {
      input: t.arg({
        type: builder.inputType('UpdateAccountingAccountSettingsInput', {
          fields: (f) => ({ accounts: f.field({ type: [AccountingAccountSettingInput], required: true }), idempotencyKey: idempotencyKeyField(f) }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input: { idempotencyKey, ...input } }, ctx) => ({ saved: await updateAccountingAccountSettings(ctx, input, idempotencyKey) }),
  }),
);

const AccountingAccountUseKindEnum = builder.enumType('AccountingAccountUseKind', {
  values: {
    SETTING: { description: 'The accounting accounts settings, for the purpose in `key`' },
    INCOME_ACCOUNT: { description: 'An income account (label: its description)' },
    INCOME_CONCEPT: { description: 'An income concept (label: its description)' },
    INCOME_CONCEPT_SUSPENSE: { description: 'The suspense account of an income concept' },
    MAINTENANCE_INCOME: { description: 'Maintenance fees income' },
    MAINTENANCE_PENALTY: { description: 'Maintenance penalties' },
    MAINTENANCE_DISCOUNT: { description: 'Maintenance early-payment discounts' },
  } as const,
});

const AccountingAccountUseRef = builder.objectRef<AccountingAccountUse>('AccountingAccountUse').implement({
  fields: (t) => ({
    kind: t.expose('kind', { type: AccountingAccountUseKindEnum }),
    key: t.expose('key', { type: AccountingAccountKeyEnum, nullable: true }),
    label: t.exposeString('label', { nullable: true }),
    recordId: t.id({
      nullable: true,
      description: 'Global ID of the income account or income concept',
      resolve: (u) => (u.record ? encodeGlobalID(u.record.type, u.record.id) : null),
    }),
    recordDatabaseId: t.int({ nullable: true, resolve: (u) => u.record?.id ?? null }),
  }),
});

const AccountingCatalogueEntryRef = builder.objectRef<AccountingCatalogueEntry>('AccountingCatalogueEntry').implement({
  description: 'One accounting account the community uses and everywhere it is named',
  fields: (t) => ({
    number: t.exposeString('number'),
    name: t.exposeString('name', { nullable: true, description: 'Its name in the accounting accounts settings' }),
    uses: t.field({ type: [AccountingAccountUseRef], resolve: (e) => e.uses }),
  }),
});

builder.queryField('accountingAccountCatalogue', (t) =>
  t.field({
    type: [AccountingCatalogueEntryRef],
    description: 'Every accounting account of the community (settings, income accounts, income concepts, maintenance), sorted by number',
    ...grants('AAccountingRead'),
    resolve: (_r, _a, ctx) => accountingAccountCatalogue(ctx),
  }),
);

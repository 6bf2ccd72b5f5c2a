import { z } from 'zod';
import { globalId, legacyPageQuery, RESULT_ERROR_FIELDS, RestError, unwrapResult, type RestRoute } from '../../../../rest/router.js';

const WALLET_FIELDS = 'databaseId type name';
const FIELDS = `databaseId description systemKey deletable increaseBalance notifyPayment visibleToOwner mandatory allowAmount allowComments allowAttachments receiptsCalculated
  accountingAccount suspenseAccount maxPaymentDate maxAmountBalance wallet { ${WALLET_FIELDS} }`;

const legacyWallet = (w: { databaseId: number; type: string; name: string }) => ({ id: w.databaseId, type: w.type, name: w.name });

const legacyConcept = (c: any) => ({
  id: c.databaseId,
  description: c.description,
  system_key: c.systemKey,
  deletable: c.deletable,
  increase_balance: c.increaseBalance,
  notify_payment: c.notifyPayment,
  visible_to_owner: c.visibleToOwner,
  mandatory: c.mandatory,
  allow_amount: c.allowAmount,
  allow_comments: c.allowComments,
  allow_attachments: c.allowAttachments,
  receipts_calculated: c.receiptsCalculated,
  accounting_account: c.accountingAccount,
  suspense_account: c.suspenseAccount,
  max_payment_date: c.maxPaymentDate,
  max_amount_balance: c.maxAmountBalance,
  id_wallet: c.wallet.databaseId,
  wallet: legacyWallet(c.wallet),
});

/** A legacy numeric id, as a number or as digits. */
const legacyId = z.preprocess((v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v), z.number().int().positive().max(2_147_483_647));
const flag = z.boolean().nullish();
const text = z.string().nullish();

const body = z.object({
  description: z.string(),
  id_wallet: legacyId,
  increase_balance: flag,
  notify_payment: flag,
  visible_to_owner: flag,
  mandatory: flag,
  allow_amount: flag,
  allow_comments: flag,
  allow_attachments: flag,
  accounting_account: text,
  suspense_account: text,
  max_payment_date: text,
  max_amount_balance: z.union([z.string(), z.number().transform(String)]).nullish(),
});

const conceptInput = (b: z.infer<typeof body>) => ({
  description: b.description,
  walletId: globalId('Wallet', b.id_wallet),
  increaseBalance: b.increase_balance ?? null,
  notifyPayment: b.notify_payment ?? null,
  visibleToOwner: b.visible_to_owner ?? null,
  mandatory: b.mandatory ?? null,
  allowAmount: b.allow_amount ?? null,
  allowComments: b.allow_comments ?? null,
  allowAttachments: b.allow_attachments ?? null,
  accountingAccount: b.accounting_account ?? null,
  suspenseAccount: b.suspense_account ?? null,
  maxPaymentDate: b.max_payment_date ?? null,
  maxAmountBalance: b.max_amount_balance ?? null,
});

/** The bulk flag update: `{ concepts: [{ id, increase_balance, ... }] }` or the bare list; flags left out stay. */
const flagsRow = z.object({
  id: legacyId,
  increase_balance: flag,
  notify_payment: flag,
  visible_to_owner: flag,
  mandatory: flag,
  allow_amount: flag,
  allow_comments: flag,
  allow_attachments: flag,
});
const flagsBody = z.union([
  z.object({ concepts: z.array(flagsRow).max(1000) }),
  z
    .array(flagsRow)
    .max(1000)
    .transform((concepts) => ({ concepts })),
]);

const listQuery = legacyPageQuery.extend({ description: z.string().optional() });

const BASE = '/neighborhoods/{n}/settings/incomes/concepts';

export const incomeConceptRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: `${BASE}/wallets`,
    operation: `query { wallets { ${WALLET_FIELDS} } }`,
    result: (data) => {
      const wallets = data.wallets.map(legacyWallet);
      return { total: wallets.length, content: wallets };
    },
  },
  {
    method: 'GET',
    path: BASE,
    query: listQuery,
    operation: `query($first: Int!, $offset: Int!, $filter: IncomeConceptFilter) {
      incomeConcepts(first: $first, offset: $offset, filter: $filter) { totalCount edges { node { ${FIELDS} } } }
    }`,
    variables: ({ query }) => ({ first: query.page_size, offset: query.offset, filter: { description: query.description ?? null } }),
    result: (data) => ({ total: data.incomeConcepts.totalCount, content: data.incomeConcepts.edges.map((e: any) => legacyConcept(e.node)) }),
  },
  {
    method: 'GET',
    path: `${BASE}/{id}`,
    operation: `query($id: ID!) { node(id: $id) { ... on IncomeConcept { ${FIELDS} } } }`,
    variables: ({ params }) => ({ id: globalId('IncomeConcept', params.id) }),
    result: (data) => {
      if (!data.node) throw new RestError(404, 404, 'El concepto no existe');
      return legacyConcept(data.node);
    },
  },
  {
    method: 'POST',
    path: BASE,
    body,
    operation: `mutation($input: CreateIncomeConceptInput!) { createIncomeConcept(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationCreateIncomeConceptSuccess { data { concept { ${FIELDS} } } } } }`,
    variables: ({ body }) => ({ input: { concept: conceptInput(body) } }),
    result: (data) => legacyConcept(unwrapResult<any>(data.createIncomeConcept).concept),
    status: 201,
  },
  {
    method: 'PUT',
    path: BASE,
    body: flagsBody,
    operation: `mutation($input: UpdateIncomeConceptFlagsInput!) { updateIncomeConceptFlags(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationUpdateIncomeConceptFlagsSuccess { data { concepts { ${FIELDS} } } } } }`,
    variables: ({ body }) => ({
      input: {
        concepts: body.concepts.map((c: z.infer<typeof flagsRow>) => ({
          id: globalId('IncomeConcept', c.id),
          increaseBalance: c.increase_balance ?? null,
          notifyPayment: c.notify_payment ?? null,
          visibleToOwner: c.visible_to_owner ?? null,
          mandatory: c.mandatory ?? null,
          allowAmount: c.allow_amount ?? null,
          allowComments: c.allow_comments ?? null,
          allowAttachments: c.allow_attachments ?? null,
        })),
      },
    }),
    result: (data) => {
      const concepts = unwrapResult<any>(data.updateIncomeConceptFlags).concepts.map(legacyConcept);
      return { total: concepts.length, content: concepts };
    },
  },
  {
    method: 'PUT',
    path: `${BASE}/{id}`,
    body,
    operation: `mutation($input: UpdateIncomeConceptInput!) { updateIncomeConcept(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationUpdateIncomeConceptSuccess { data { concept { ${FIELDS} } } } } }`,
    variables: ({ body, params }) => ({ input: { id: globalId('IncomeConcept', params.id), concept: conceptInput(body) } }),
    result: (data) => legacyConcept(unwrapResult<any>(data.updateIncomeConcept).concept),
  },
  {
    method: 'DELETE',
    path: `${BASE}/{id}`,
    operation: `mutation($input: DeleteIncomeConceptInput!) { deleteIncomeConcept(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationDeleteIncomeConceptSuccess { data { deletedId } } } }`,
    variables: ({ params }) => ({ input: { id: globalId('IncomeConcept', params.id) } }),
    result: (data) => {
      unwrapResult(data.deleteIncomeConcept);
      return { content: true };
    },
  },
];

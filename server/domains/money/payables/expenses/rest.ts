// Legacy /api/1.0 routes of expenses (spec 2 section 7): list with every filter (and only_available for
// withdrawals), CRUD, log, details, ask approval, approve or reject, mark paid, mark cashed, config.
import { z } from 'zod';
import { EXPENSE_STATUSES } from '../../../../../core/expenses.js';
import { globalId, RESULT_ERROR_FIELDS, RestError, unwrapResult, type RestRoute } from '../../../../rest/router.js';

const BASE = '/neighborhoods/{n}/expenses';

const SELECTION = `databaseId status subtotal discount transferredTaxes retainedTaxes total approveRequired serie folio groupDatabaseId groupSerie groupFolio
  createdByUserDatabaseId createdByName withdrawalDatabaseId invoiced operationDate description paymentDate paymentAccountDatabaseId paymentAccountDescription
  paymentMethod paymentBank paymentClabe checkNumber cashMethod cashDate revision createdAt
  canEdit canDelete canAskApproval canDecide canPay canCharge
  expenseConcept { databaseId concept internalId } provider { databaseId name rfc paymentMethod bank clabe }`;
const DETAILS = `lines { quantity unitPrice amount discount description satProductKey expenseConceptDatabaseId invoiceUuid
    transferred { taxCode rate amount } retained { taxCode rate amount } }
  taxes { type taxCode taxName rate amount details { amount invoiceUuid } }
  approvals { databaseId userDatabaseId userName revision accepted comment createdAt current }`;

export function legacyExpense(e: any) {
  return {
    id: e.databaseId,
    status: e.status,
    subtotal: e.subtotal,
    discount: e.discount,
    transferred_taxes: e.transferredTaxes,
    retained_taxes: e.retainedTaxes,
    total: e.total,
    amount: e.total,
    id_provider: e.provider?.databaseId ?? null,
    approve_required: e.approveRequired,
    serie: e.serie,
    folio: e.folio,
    group: e.groupDatabaseId ? { serie: e.groupSerie, folio: e.groupFolio } : null,
    id_expense_group: e.groupDatabaseId,
    id_user: e.createdByUserDatabaseId,
    user_name: e.createdByName,
    id_withdrawal: e.withdrawalDatabaseId,
    invoiced: e.invoiced,
    revision: e.revision,
    operation_date: e.operationDate,
    description: e.description,
    payment_date: e.paymentDate,
    payment_account: e.paymentAccountDatabaseId,
    payment_account_description: e.paymentAccountDescription,
    payment_method: e.paymentMethod,
    payment_bank: e.paymentBank,
    payment_clabe: e.paymentClabe,
    payment_check_number: e.checkNumber,
    cash_method: e.cashMethod,
    cash_date: e.cashDate,
    created_at: e.createdAt,
    expense_concept: e.expenseConcept ? { id: e.expenseConcept.databaseId, concept: e.expenseConcept.concept, internal_id: e.expenseConcept.internalId } : null,
    provider: e.provider
      ? {
          id: e.provider.databaseId,
          name: e.provider.name,
          rfc: e.provider.rfc,
          payment_method: e.provider.paymentMethod,
          bank: e.provider.bank,
          clabe: e.provider.clabe,
        }
      : null,
    can_edit: e.canEdit,
    can_delete: e.canDelete,
    can_ask_approval: e.canAskApproval,
    can_approve: e.canDecide,
    can_pay: e.canPay,
    can_charge: e.canCharge,
  };
}

const legacyTax = (t: any) => ({ tax_code: t.taxCode, tasa: t.rate, amount: t.amount });

function legacyDetails(e: any) {
  return {
    concepts: e.lines.map((l: any) => ({
      quantity: l.quantity,
      sat_id: l.satProductKey,
      piece_price: l.unitPrice,
      amount: l.amount,
      id_expense_concept: l.expenseConceptDatabaseId,
      description: l.description,
      discount: l.discount,
      invoice_uuid: l.invoiceUuid,
      transferred: l.transferred.map(legacyTax),
      retentions: l.retained.map(legacyTax),
    })),
    taxes: e.taxes.map((t: any) => ({
      type: t.type,
      tax_code: t.taxCode,
      tasa: t.rate,
      tax_name: t.taxName,
      amount: t.amount,
      details: t.details.map((d: any) => ({ amount: d.amount, invoice_uuid: d.invoiceUuid })),
    })),
    approvals: e.approvals.map((a: any) => ({
      id: a.databaseId,
      id_user: a.userDatabaseId,
      user_name: a.userName,
      revision: a.revision,
      accepted: a.accepted,
      comment: a.comment,
      created_at: a.createdAt,
      current: a.current,
    })),
  };
}

const day = z
  .string()
  .max(10)
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'La fecha debe tener el formato AAAA-MM-DD')
  .optional();
const int = z.coerce.number().int().min(1).max(2_147_483_647).optional();
const statusList = z
  .string()
  .max(200)
  .optional()
  .transform((v, ctx) => {
    if (!v) return null;
    const list = v
      .split(',')
      .map((s) => s.trim().toUpperCase())
      .filter(Boolean);
    if (list.some((s) => !(EXPENSE_STATUSES as readonly string[]).includes(s))) {
      ctx.addIssue({ code: 'custom', message: 'El estado no es válido' });
      return z.NEVER;
    }
    return list;
  });

const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  provider: int,
  status: statusList,
  groupSerie: z.string().max(40).optional(),
  groupFolio: int,
  concept: int,
  from: day,
  to: day,
  fromPayment: day,
  toPayment: day,
  fromCharge: day,
  toCharge: day,
  only_available: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/** Amounts and quantities as JSON strings or numbers; the shared schema reads the text. */
const numberText = z.union([z.string().max(40), z.number()]).transform((v) => String(v));
const legacyTaxBody = z.object({ tax_code: z.string().max(10), tasa: numberText.nullish(), amount: numberText });
const legacyLine = z.object({
  quantity: numberText,
  sat_id: z.string().max(40).nullish(),
  piece_amount: numberText.optional(),
  piece_price: numberText.optional(),
  amount: numberText.nullish(),
  id_concept: z.union([z.number().int(), z.string().max(20)]).nullish(),
  description: z.string(),
  discount: numberText.nullish(),
  invoice_uuid: z.string().max(60).nullish(),
  operation_date: z.string().max(10).nullish(),
  retentions: z.array(legacyTaxBody).max(20).nullish(),
  transferred: z.array(legacyTaxBody).max(20).nullish(),
});
const expenseBody = z.object({
  id_provider: z.union([z.number().int(), z.string().max(20)]).nullish(),
  id_concept: z.union([z.number().int(), z.string().max(20)]).nullish(),
  description: z.string().nullish(),
  operation_date: z.string().max(10),
  concepts: z.array(legacyLine).max(500),
  cfdis: z
    .array(z.union([z.number().int(), z.string().max(20)]))
    .max(50)
    .nullish(),
  subtotal: numberText.nullish(),
  total: numberText.nullish(),
  discount: numberText.nullish(),
});

const gidOrNull = (type: string, v: unknown) => (v == null || v === '' ? null : globalId(type, String(v)));
const taxVars = (list: any[] | null | undefined) => (list ?? []).map((t) => ({ taxCode: t.tax_code, rate: t.tasa ?? null, amount: t.amount }));

function expenseVars(body: z.infer<typeof expenseBody>) {
  return {
    providerId: gidOrNull('Provider', body.id_provider),
    expenseConceptId: gidOrNull('ExpenseConcept', body.id_concept),
    description: body.description ?? null,
    operationDate: body.operation_date,
    lines: body.concepts.map((l) => ({
      quantity: l.quantity,
      unitPrice: l.piece_amount ?? l.piece_price ?? '',
      discount: l.discount ?? null,
      description: l.description,
      satProductKey: l.sat_id ?? null,
      expenseConceptId: gidOrNull('ExpenseConcept', l.id_concept),
      invoiceUuid: l.invoice_uuid ?? null,
      transferred: taxVars(l.transferred),
      retained: taxVars(l.retentions),
    })),
    subtotal: body.subtotal ?? null,
    total: body.total ?? null,
    cfdiIds: (body.cfdis ?? []).map((c) => globalId('ExpenseCfdi', String(c))),
  };
}

const PAYLOAD = (name: string) =>
  `${name}(input: $input) { ${RESULT_ERROR_FIELDS} ... on Mutation${name[0].toUpperCase()}${name.slice(1)}Success { data { message expense { ${SELECTION} } } } }`;
const payloadResult = (name: string) => (data: any) => {
  const p = unwrapResult<any>(data[name]);
  return { message: p.message, expense: legacyExpense(p.expense) };
};
const idVar = (params: Record<string, string>) => globalId('Expense', params.id);
const NOT_FOUND = () => new RestError(404, 404, 'El egreso no existe');

export const expenseRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: BASE,
    query: listQuery,
    operation: `query($first: Int!, $offset: Int!, $filter: ExpenseFilter) {
      expenses(first: $first, offset: $offset, filter: $filter) { totalCount edges { node { ${SELECTION} } } }
      expenseConfig { canCreate requiredApprovals approvers { userDatabaseId name } isApprover } }`,
    variables: ({ query }) => ({
      first: query.page_size,
      offset: (query.page - 1) * query.page_size,
      filter: {
        providerId: query.provider != null ? String(query.provider) : null,
        status: query.status,
        groupSerie: query.groupSerie ?? null,
        groupFolio: query.groupFolio ?? null,
        conceptId: query.concept != null ? String(query.concept) : null,
        from: query.from ?? null,
        to: query.to ?? null,
        fromPayment: query.fromPayment ?? null,
        toPayment: query.toPayment ?? null,
        fromCharge: query.fromCharge ?? null,
        toCharge: query.toCharge ?? null,
        onlyAvailable: query.only_available,
      },
    }),
    result: (data, req) => {
      const expenses = data.expenses.edges.map((e: any) => legacyExpense(e.node));
      if (req.query.only_available) return { expenses };
      const c = data.expenseConfig;
      return {
        expenses,
        total: data.expenses.totalCount,
        can_edit: c.canCreate,
        required_approvals: c.requiredApprovals,
        approvals: { is_approver: c.isApprover, approvers: c.approvers.map((a: any) => ({ id: a.userDatabaseId, name: a.name })) },
      };
    },
  },
  {
    method: 'GET',
    path: `${BASE}/config`,
    operation: `query { expenseConfig { canCreate requiredApprovals useFolio serie nextFolio isApprover today
      approvers { userDatabaseId name } accounts { databaseId description accountType accountNumber } } }`,
    result: (data) => {
      const c = data.expenseConfig;
      return {
        can_edit: c.canCreate,
        required_approvals: c.requiredApprovals,
        use_folio: c.useFolio,
        serie: c.serie,
        next_folio: c.nextFolio,
        is_approver: c.isApprover,
        today: c.today,
        approvers: c.approvers.map((a: any) => ({ id: a.userDatabaseId, name: a.name })),
        accounts: c.accounts.map((a: any) => ({ id: a.databaseId, description: a.description, account_type: a.accountType, account_number: a.accountNumber })),
      };
    },
  },
  {
    method: 'POST',
    path: BASE,
    body: expenseBody,
    operation: `mutation($input: CreateExpenseInput!) { ${PAYLOAD('createExpense')} }`,
    variables: ({ body }) => ({ input: expenseVars(body) }),
    result: payloadResult('createExpense'),
    status: 201,
  },
  {
    method: 'GET',
    path: `${BASE}/{id}`,
    operation: `query($id: ID!) { node(id: $id) { ... on Expense { ${SELECTION} } } }`,
    variables: ({ params }) => ({ id: idVar(params) }),
    result: (data) => {
      if (!data.node) throw NOT_FOUND();
      return legacyExpense(data.node);
    },
  },
  {
    method: 'GET',
    path: `${BASE}/{id}/details`,
    operation: `query($id: ID!) { node(id: $id) { ... on Expense { ${SELECTION} ${DETAILS} } } }`,
    variables: ({ params }) => ({ id: idVar(params) }),
    result: (data) => {
      if (!data.node) throw NOT_FOUND();
      return { ...legacyExpense(data.node), ...legacyDetails(data.node) };
    },
  },
  {
    method: 'GET',
    path: `${BASE}/{id}/log`,
    operation: `query($id: ID!) { expenseLog(expenseId: $id) { id action userName data createdAt } }`,
    variables: ({ params }) => ({ id: idVar(params) }),
    result: (data) => {
      if (!data.expenseLog) throw NOT_FOUND();
      return {
        log: data.expenseLog.map((l: any) => ({
          id: Number(l.id),
          action: l.action,
          user_name: l.userName,
          data: l.data ? JSON.parse(l.data) : null,
          created_at: l.createdAt,
        })),
      };
    },
  },
  {
    method: 'PUT',
    path: `${BASE}/{id}`,
    body: expenseBody,
    operation: `mutation($input: UpdateExpenseInput!) { ${PAYLOAD('updateExpense')} }`,
    variables: ({ params, body }) => ({ input: { id: idVar(params), ...expenseVars(body) } }),
    result: payloadResult('updateExpense'),
  },
  {
    method: 'DELETE',
    path: `${BASE}/{id}`,
    operation: `mutation($input: DeleteExpenseInput!) { ${PAYLOAD('deleteExpense')} }`,
    variables: ({ params }) => ({ input: { id: idVar(params) } }),
    result: payloadResult('deleteExpense'),
  },
  {
    method: 'POST',
    path: `${BASE}/{id}/notification`,
    operation: `mutation($input: RequestExpenseApprovalInput!) { ${PAYLOAD('requestExpenseApproval')} }`,
    variables: ({ params }) => ({ input: { id: idVar(params) } }),
    result: payloadResult('requestExpenseApproval'),
  },
  {
    method: 'PUT',
    path: `${BASE}/{id}/approvement`,
    body: z.object({ accepted: z.boolean(), comment: z.string().nullish() }),
    operation: `mutation($input: DecideExpenseInput!) { ${PAYLOAD('decideExpense')} }`,
    variables: ({ params, body }) => ({ input: { id: idVar(params), accepted: body.accepted, comment: body.comment ?? null } }),
    result: payloadResult('decideExpense'),
  },
  {
    method: 'PUT',
    path: `${BASE}/{id}/pay`,
    body: z.object({
      payment_type: z.enum(['CHECK', 'TRANSFER']),
      account_id: z.union([z.number().int(), z.string().max(20)]),
      bank: z.string().nullish(),
      clabe: z.string().nullish(),
    }),
    operation: `mutation($input: PayExpenseInput!) { ${PAYLOAD('payExpense')} }`,
    variables: ({ params, body }) => ({
      input: {
        id: idVar(params),
        paymentType: body.payment_type,
        accountId: globalId('IncomeAccount', String(body.account_id)),
        bank: body.bank ?? null,
        clabe: body.clabe ?? null,
      },
    }),
    result: payloadResult('payExpense'),
  },
  {
    method: 'PUT',
    path: `${BASE}/{id}/charge`,
    body: z.object({ check_number: z.union([z.string(), z.number().int().transform(String)]).nullish(), method: z.string().nullish() }),
    operation: `mutation($input: ChargeExpenseInput!) { ${PAYLOAD('chargeExpense')} }`,
    variables: ({ params, body }) => ({ input: { id: idVar(params), checkNumber: body.check_number ?? null, method: body.method ?? null } }),
    result: payloadResult('chargeExpense'),
  },
];

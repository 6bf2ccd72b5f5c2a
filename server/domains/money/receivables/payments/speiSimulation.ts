// The wallet panel's «Simular transferencia SPEI» (issue 28): with the built-in sandbox gateway, an administrator
// sends a pretend SPEI to a house's CLABE. The sandbox records the transfer and notifies it as Openpay would
// (`spei.received`, delivered by its webhook job to our webhook endpoint), so the credit follows the real path:
// the webhook, the transfer read again from the gateway, the wallet credited once (spei.ts).
import { formatMoney, formatPesos, parseMoney } from '../../../../../core/money.js';
import { targetHouse } from '../../../../auth/houseScope.js';
import { builder, grants, idempotencyKeyField } from '../../../../graphql/builder.js';
import { actorOf, type ServiceContext } from '../../../../kernel/context.js';
import { ConflictError, InputError, NotFoundError, reason } from '../../../../kernel/errors.js';
import { rowId } from '../../../../kernel/ids.js';
import { gatewayAccount } from '../../../../infra/gateway/index.js';
import { SandboxError } from '../../../../infra/gateway/sandbox/api.js';
import { simulateSpeiTransfer } from '../../../../infra/gateway/sandbox/spei.js';
import { depositAccount } from './cards.js';
import { speiCredit } from './spei.js';

/** Administrators who adjust balances may simulate a transfer to any house of their community. */
export const SPEI_SIMULATORS = ['ABalancesAuthorise'] as const;
export const MAX_SIMULATED_TRANSFER = '100000.00';

export interface SimulatedTransfer {
  houseId: number;
  transactionId: string;
  clabe: string;
  amount: string;
  fee: string;
  credited: string;
  message: string;
}

/**
 * A repeated request (the same idempotency key, from the input or the Idempotency-Key header) answers the first
 * transfer: the key is the transfer's order_id, which the sandbox keeps unique per merchant.
 */
export async function simulateSpeiDeposit(
  ctx: ServiceContext,
  houseId: number,
  amountText: string,
  idempotencyKey?: string | null,
): Promise<SimulatedTransfer> {
  const actor = actorOf(ctx);
  const key = idempotencyKey ?? ctx.headerIdempotency?.key ?? null;
  const house = await targetHouse(ctx, houseId, SPEI_SIMULATORS, 'FOREIGN_BALANCE');
  if (ctx.config.paymentGateway !== 'sandbox') throw new ConflictError('SPEI_SIMULATION_SANDBOX_ONLY');
  const amount = parseMoney(String(amountText ?? '').slice(0, 20));
  if (!amount || amount.lte(0) || amount.greaterThan(MAX_SIMULATED_TRANSFER))
    throw new InputError([{ field: 'amount', message: 'El monto debe ser mayor a $0.00 y de hasta $100,000.00, con dos decimales como máximo' }]);
  const deposit = await depositAccount(ctx, house.neighborhoodId, house.id);
  const account = await gatewayAccount(ctx.prisma, ctx.config, house.neighborhoodId);
  if (!deposit || !account) throw new ConflictError('ONLINE_PAYMENTS_DISABLED');
  if (!deposit.clabe) throw new ConflictError('SPEI_CLABE_MISSING');
  let transaction: { id: string };
  try {
    transaction = (await simulateSpeiTransfer(
      ctx,
      { merchantId: account.merchantId, neighborhoodId: house.neighborhoodId },
      {
        clabe: deposit.clabe,
        amount: formatMoney(amount),
        senderName: 'SIMULACION ADMINISTRACION',
        orderId: key ? `simulacion-${actor.userId}-${key}`.slice(0, 100) : null,
      },
    )) as { id: string };
  } catch (error) {
    if (error instanceof SandboxError && error.code === 1006) throw new ConflictError('IDEMPOTENCY_KEY_REUSED');
    if (error instanceof SandboxError) throw new ConflictError(reason('SPEI_SIMULATION_FAILED', { code: error.code }));
    throw error;
  }
  const { fee, credited } = speiCredit(formatMoney(amount));
  return {
    houseId: house.id,
    transactionId: transaction.id,
    clabe: deposit.clabe,
    amount: formatMoney(amount),
    fee,
    credited,
    message: `Transferencia SPEI simulada por ${formatPesos(amount)}: al llegar su notificación se abonan ${formatPesos(credited)} al monedero ordinario`,
  };
}

const SimulatedTransferRef = builder.objectRef<SimulatedTransfer>('SimulatedSpeiTransfer').implement({
  description: "A pretend SPEI sent by the sandbox gateway to a house's CLABE (credited when its notification arrives)",
  fields: (t) => ({
    message: t.exposeString('message'),
    transactionId: t.exposeString('transactionId', { description: "The gateway's transaction id" }),
    clabe: t.exposeString('clabe'),
    amount: t.field({ type: 'Decimal', resolve: (s) => s.amount }),
    fee: t.field({ type: 'Decimal', description: 'The deposit fee', resolve: (s) => s.fee }),
    credited: t.field({ type: 'Decimal', description: 'What reaches the ORDINARY wallet', resolve: (s) => s.credited }),
  }),
});

builder.mutationField('simulateSpeiTransfer', (t) =>
  t.field({
    type: SimulatedTransferRef,
    description: "Sandbox gateway only: a SPEI transfer to the house's CLABE, notified by the gateway's webhook as a real one",
    ...grants(...SPEI_SIMULATORS),
    errors: { types: [InputError, ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('SimulateSpeiTransferInput', {
          fields: (f) => ({
            houseId: f.globalID({ required: true }),
            amount: f.string({ required: true, description: 'Pesos, e.g. "1500.00"' }),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) =>
      simulateSpeiDeposit(ctx, input.houseId.typename === 'House' ? rowId(input.houseId.id) : -1, input.amount, input.idempotencyKey),
  }),
);

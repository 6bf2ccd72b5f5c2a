// Saved cards of a house and automatic charge (spec 1 sections 2, 4, 5: /houses/cards). The gateway keeps
// the card; we keep its id, the masked number, brand and type. At most one card of a house has automatic
// charge; a daily job charges the house's due receipts with it through the same payment path.
import { todayIn } from '../../../../../core/receipts.js';
import { gatewayFee, PAYMENT_MESSAGES } from '../../../../../core/payments.js';
import { accountBankName } from '../../../../../core/accounts.js';
import { formatMoney } from '../../../../../core/money.js';
import type { Charge } from '../../../../db/generated/client.js';
import { targetHouse } from '../../../../auth/houseScope.js';
import { actorOf, communityOf, type ServiceContext, type Tx } from '../../../../kernel/context.js';
import { ConflictError, InputError, NotFoundError, reason } from '../../../../kernel/errors.js';
import { rowId } from '../../../../kernel/ids.js';
import { write } from '../../../../kernel/write.js';
import { defineDailyJob } from '../../../../infra/jobs.js';
import { gatewayAccount, gatewayFor } from '../../../../infra/gateway/index.js';
import { GatewayError, GatewayUnavailableError, type GatewayAccount, type PaymentGateway } from '../../../../infra/gateway/types.js';
import { lockHouse } from '../ledger/service.js';
import { message } from '../../../../kernel/reasons.js';

export const CARD_READERS = ['OCardsCreate', 'SCardsCreate', 'OCardsUpdate', 'SCardsUpdate', 'OCardsDelete', 'SCardsDelete'] as const;
export const CARD_UPDATERS = ['OCardsUpdate', 'SCardsUpdate'] as const;
export const CARD_DELETERS = ['OCardsDelete', 'SCardsDelete'] as const;
/** Nobody reaches another house's cards: cards are the house's own. */
export const CARD_PAYERS_ADMIN = [] as const;
export const FOREIGN_CARD = message('FOREIGN_CARD');
export const CARD_NOT_FOUND = message('CARD_NOT_FOUND');
export const RECURRENT_CHARGE_ADVICE =
  'Con el cargo automático, cada recibo de tu propiedad se paga con esta tarjeta el día de su vencimiento. Puedes desactivarlo cuando quieras.';

export async function cardOfHouse(tx: Tx, houseId: number, cardId: number) {
  return tx.card.findFirst({
    where: { id: rowId(cardId), houseId, deletedAt: null },
    select: { id: true, brand: true, cardNumber: true, automaticCharge: true, gatewayCardId: true, gatewayCustomerId: true },
  });
}

/** The house's customer at the gateway, created on first need. */
export async function ensureCustomer(ctx: ServiceContext, gateway: PaymentGateway, account: GatewayAccount, houseId: number) {
  const existing = await ctx.prisma.gatewayCustomer.findUnique({ where: { houseId } });
  if (existing) return existing;
  const house = await ctx.prisma.house.findUniqueOrThrow({
    where: { id: houseId },
    select: { id: true, neighborhoodId: true, owner: { select: { firstName: true, lastName: true, email: true } } },
  });
  const created = await gateway.createCustomer(account, {
    externalId: `house-${house.id}`,
    name: house.owner?.firstName ?? `Propiedad ${house.id}`,
    lastName: house.owner?.lastName ?? null,
    email: house.owner?.email ?? `propiedad-${house.id}@comunidad.mx`,
  });
  // Two first payments at once may both create one; the first row stays.
  await ctx.prisma.gatewayCustomer.createMany({
    data: [{ houseId, neighborhoodId: house.neighborhoodId, customerId: created.id, clabe: created.clabe, bankName: created.clabe ? 'STP' : null }],
    skipDuplicates: true,
  });
  return ctx.prisma.gatewayCustomer.findUniqueOrThrow({ where: { houseId } });
}

/** Saves the token's card on the house's customer (a charge with persist_card or save_automatic_charge). */
export async function addCardToHouse(
  ctx: ServiceContext,
  gateway: PaymentGateway,
  account: GatewayAccount,
  charge: Charge,
  card: { tokenId: string; deviceSessionId?: string | null; automatic: boolean },
) {
  const customer = await ensureCustomer(ctx, gateway, account, charge.houseId);
  const saved = await gateway.addCard(account, customer.customerId, { tokenId: card.tokenId, deviceSessionId: card.deviceSessionId ?? undefined });
  return write(ctx, { rowLocks: true }, async ({ tx, audit }) => {
    await lockHouse(tx, charge.houseId);
    if (card.automatic) await tx.card.updateMany({ where: { houseId: charge.houseId, automaticCharge: true }, data: { automaticCharge: false } });
    const row = await tx.card.create({
      data: {
        neighborhoodId: charge.neighborhoodId,
        houseId: charge.houseId,
        userId: charge.userId,
        gatewayCustomerId: customer.customerId,
        gatewayCardId: saved.id,
        cardNumber: saved.cardNumber,
        brand: saved.brand,
        cardType: saved.type,
        holderName: saved.holderName,
        expirationMonth: saved.expirationMonth,
        expirationYear: saved.expirationYear,
        automaticCharge: card.automatic,
      },
    });
    await audit({
      action: 'SAVE_CARD',
      entity: 'Card',
      entityId: row.id,
      data: { houseId: charge.houseId, cardNumber: saved.cardNumber, automaticCharge: card.automatic },
    });
    return row;
  });
}

/** GET cards: the house's saved cards, whether automatic charge is possible and its advice. */
export async function houseCards(ctx: ServiceContext, houseId: number | null) {
  const house = await targetHouse(ctx, houseId, CARD_PAYERS_ADMIN, 'FOREIGN_CARD');
  const [cards, community] = await Promise.all([
    ctx.prisma.card.findMany({ where: { houseId: house.id, deletedAt: null }, orderBy: { id: 'asc' } }),
    ctx.prisma.neighborhood.findUniqueOrThrow({
      where: { id: house.neighborhoodId },
      select: { modules: true, maintenanceSettings: { select: { cardEnabled: true } } },
    }),
  ]);
  const allowed = community.modules.includes('PAGO_EN_LINEA') && (community.maintenanceSettings?.cardEnabled ?? true);
  return { houseId: house.id, cards, recurrentChargeAllowed: allowed, recurrentChargeAdvice: RECURRENT_CHARGE_ADVICE };
}

async function cardAction(ctx: ServiceContext, cardId: number, action: string, fn: (tx: Tx, card: { id: number; houseId: number }) => Promise<string>) {
  actorOf(ctx);
  return write(ctx, { rowLocks: true, request: { operation: action, input: { cardId } } }, async ({ tx, audit }) => {
    const card = await tx.card.findFirst({ where: { id: rowId(cardId), neighborhoodId: communityOf(ctx), deletedAt: null } });
    if (!card) throw new NotFoundError('CARD_NOT_FOUND');
    await targetHouse(ctx, card.houseId, CARD_PAYERS_ADMIN, 'FOREIGN_CARD', { tx });
    await lockHouse(tx, card.houseId);
    const message = await fn(tx, card);
    await audit({ action, entity: 'Card', entityId: card.id, data: { houseId: card.houseId } });
    return { cardId: card.id, houseId: card.houseId, message };
  });
}

/** DELETE card: removed at the gateway, then here (kept as deleted for the charges that used it). */
export async function deleteCard(ctx: ServiceContext, cardId: number) {
  const card = await ctx.prisma.card.findFirst({ where: { id: rowId(cardId), neighborhoodId: communityOf(ctx), deletedAt: null } });
  if (!card) throw new NotFoundError('CARD_NOT_FOUND');
  await targetHouse(ctx, card.houseId, CARD_PAYERS_ADMIN, 'FOREIGN_CARD');
  const account = await gatewayAccount(ctx.prisma, ctx.config, card.neighborhoodId);
  if (account) {
    try {
      await gatewayFor(ctx).deleteCard(account, card.gatewayCustomerId, card.gatewayCardId);
    } catch (error) {
      // Already gone at the gateway: delete it here too.
      if (!(error instanceof GatewayError && error.httpStatus === 404)) {
        if (error instanceof GatewayUnavailableError) throw new ConflictError('CARD_GATEWAY_UNAVAILABLE');
        throw new ConflictError(error instanceof GatewayError ? reason('CARD_GATEWAY_REFUSED', { message: error.message }) : 'CARD_NOT_REMOVED');
      }
    }
  }
  return cardAction(ctx, cardId, 'DELETE_CARD', async (tx, c) => {
    await tx.card.update({ where: { id: c.id }, data: { deletedAt: new Date(), automaticCharge: false } });
    return PAYMENT_MESSAGES.cardDeleted;
  });
}

/** POST/DELETE card subscription: automatic charge on (the house's other card loses it) or off. */
export function setAutomaticCharge(ctx: ServiceContext, cardId: number, on: boolean, authorize: boolean) {
  if (on && !authorize) throw new InputError([{ field: 'authorize', message: PAYMENT_MESSAGES.authorizationRequired }]);
  return cardAction(ctx, cardId, on ? 'SUBSCRIBE_CARD' : 'UNSUBSCRIBE_CARD', async (tx, c) => {
    if (on) await tx.card.updateMany({ where: { houseId: c.houseId, automaticCharge: true, id: { not: c.id } }, data: { automaticCharge: false } });
    await tx.card.update({ where: { id: c.id }, data: { automaticCharge: on } });
    return on ? PAYMENT_MESSAGES.automaticChargeSubscribed : PAYMENT_MESSAGES.automaticChargeRemoved;
  });
}

/** Charges the due receipts of every house with automatic charge (one charge per receipt, through the payment path). */
export async function runAutomaticCharges(ctx: ServiceContext): Promise<{ charged: number; failed: number }> {
  const { openCharge, sendCharge, failedAttempts } = await import('./service.js');
  const cards = await ctx.prisma.card.findMany({ where: { automaticCharge: true, deletedAt: null } });
  const gateway = gatewayFor(ctx);
  let charged = 0;
  let failed = 0;
  for (const card of cards) {
    const community = await ctx.prisma.neighborhood.findUnique({ where: { id: card.neighborhoodId }, select: { timeZone: true, modules: true } });
    if (!community?.modules.includes('PAGO_EN_LINEA')) continue;
    const today = todayIn(community.timeZone);
    const due = await ctx.prisma.receipt.findMany({
      where: { houseId: card.houseId, deletedAt: null, status: { in: ['NEW', 'SENT', 'PENALTY'] }, dueDate: { lte: new Date(`${today}T00:00:00Z`) } },
      orderBy: { dueDate: 'asc' },
      take: 24,
      select: { id: true },
    });
    for (const { id } of due) {
      const opened = await write(ctx, { rowLocks: true }, async ({ tx, audit }) => {
        await lockHouse(tx, card.houseId);
        if ((await failedAttempts(tx, card.houseId, card.userId)) > 0) return null;
        const r = await tx.receipt.findUniqueOrThrow({ where: { id } });
        if (!['NEW', 'SENT', 'PENALTY'].includes(r.status) || r.deletedAt) return null;
        const charge = await openCharge(tx, ctx.config, r, { method: 'CARD', cardId: card.id, authorize: true, saveAutomaticCharge: false }, card.userId);
        await audit({ action: 'AUTOMATIC_CHARGE', entity: 'Receipt', entityId: r.id, data: { chargeId: charge.id, cardId: card.id } });
        return charge.id;
      }).catch(() => null);
      if (!opened) continue;
      await sendCharge(ctx, gateway, opened, { persistCard: false, saveAutomaticCharge: false });
      const after = await ctx.prisma.charge.findUniqueOrThrow({ where: { id: opened }, select: { status: true } });
      if (after.status === 'COMPLETED') charged++;
      if (after.status === 'FAILED') {
        failed++;
        break;
      }
    }
  }
  return { charged, failed };
}

defineDailyJob('payments.automaticCharges', async (ctx) => {
  await runAutomaticCharges(ctx);
});

export interface DepositAccount {
  gatewayName: string;
  /** The house's own CLABE at the gateway: SPEI transfers to it reach the house's wallet. */
  clabe: string | null;
  bankName: string | null;
  /** The gateway's fee of a bank transfer (spec 1 section 2, wallet panel). */
  depositFee: string;
}

/**
 * The wallet panel's gateway data of a house (name, CLABE, bank, deposit fee), when the community takes
 * online payments. The house's customer at the gateway, which owns the CLABE, is created on first read;
 * an unreachable gateway leaves the CLABE out for now.
 */
export async function depositAccount(ctx: ServiceContext, neighborhoodId: number, houseId: number): Promise<DepositAccount | null> {
  const community = await ctx.prisma.neighborhood.findUnique({ where: { id: neighborhoodId }, select: { modules: true } });
  if (!community?.modules.includes('PAGO_EN_LINEA')) return null;
  const account = await gatewayAccount(ctx.prisma, ctx.config, neighborhoodId);
  if (!account) return null;
  const gateway = gatewayFor(ctx);
  let customer: { clabe: string | null } | null = null;
  try {
    customer = await ensureCustomer(ctx, gateway, account, houseId);
  } catch (error) {
    if (!(error instanceof GatewayError || error instanceof GatewayUnavailableError)) throw error;
  }
  return {
    gatewayName: gateway.name,
    clabe: customer?.clabe ?? null,
    bankName: customer?.clabe ? accountBankName('CLABE', customer.clabe) : null,
    depositFee: formatMoney(gatewayFee('BANK', '0')),
  };
}

import type { ServiceContext, Tx } from './context.js';

export interface AuditRecord {
  action: string;
  entity: string;
  entityId: string | number | bigint | null;
  data?: Record<string, unknown>;
  /** Who, when no one is signed in (sign-up, activation by code). */
  userId?: number;
  /** The community, when the actor has none yet (sign-up, onboarding). */
  neighborhoodId?: number | null;
}

/** Records a write (who, in which community, what, on which entity) inside the transaction that made it. */
export async function recordAudit(tx: Tx, ctx: { actor?: ServiceContext['actor']; ip?: string | null }, record: AuditRecord) {
  await tx.auditLog.create({
    data: {
      neighborhoodId: record.neighborhoodId !== undefined ? record.neighborhoodId : (ctx.actor?.neighborhoodId ?? null),
      userId: record.userId ?? ctx.actor?.userId ?? null,
      action: record.action,
      entity: record.entity,
      entityId: record.entityId === null ? null : String(record.entityId),
      data: record.data === undefined ? undefined : (JSON.parse(JSON.stringify(record.data, (_k, v) => (typeof v === 'bigint' ? String(v) : v))) as object),
      ip: ctx.ip ?? null,
    },
  });
}

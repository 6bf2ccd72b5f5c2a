import type { Context } from './graphql/context.js';

/** Records a write: who, in which community, what and on which entity. */
export async function audit(
  ctx: Pick<Context, 'prisma' | 'viewer' | 'ip'>,
  action: string,
  entity: string,
  entityId: string | number | null,
  data?: Record<string, unknown>,
  userId?: number,
) {
  await ctx.prisma.auditLog.create({
    data: {
      neighborhoodId: ctx.viewer?.neighborhoodId ?? null,
      userId: userId ?? ctx.viewer?.userId ?? null,
      action,
      entity,
      entityId: entityId === null ? null : String(entityId),
      data: data as object | undefined,
      ip: ctx.ip,
    },
  });
}

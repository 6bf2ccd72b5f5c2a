// Ending access: when an account (membership) is removed or suspended, the sessions open on it end too,
// so the next request of those devices answers 401 and their clients drop to sign-in.
import { forgetSession } from '../../../auth/viewer.js';
import type { ServiceContext } from '../../../kernel/context.js';
import type { Tx } from '../accounts/service.js';

export interface EndedSession {
  id: string;
  userId: number;
}

/** Ends the open sessions on the given accounts; publish the result with announceEndedSessions after commit. */
export async function endMembershipSessions(tx: Tx, membershipIds: number[]): Promise<EndedSession[]> {
  if (membershipIds.length === 0) return [];
  const sessions = await tx.session.findMany({ where: { membershipId: { in: membershipIds }, endedAt: null }, select: { id: true, userId: true } });
  if (sessions.length) await tx.session.updateMany({ where: { id: { in: sessions.map((s) => s.id) } }, data: { endedAt: new Date() } });
  return sessions;
}

/** Tells the devices of ended sessions (sessionEvents subscription) that they are signed out; call it in write()'s afterCommit. */
export function announceEndedSessions(ctx: Pick<ServiceContext, 'pubsub'>, sessions: EndedSession[]) {
  const at = new Date();
  for (const s of sessions) {
    forgetSession(s.id);
    ctx.pubsub.publish('user:session', s.userId, { kind: 'SIGNED_OUT', sessionId: s.id, at });
  }
}

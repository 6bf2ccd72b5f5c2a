// Today in a community's time zone: the one definition (dates are YYYY-MM-DD in the community's time zone,
// DESIGN.md section 3). The pure rule is core's todayIn; this reads the community's zone for it.
import { todayIn } from '../../core/receipts.js';
import type { Tx } from './context.js';

/** Today (YYYY-MM-DD) in the time zone of the community. */
export async function communityToday(db: Pick<Tx, 'neighborhood'>, neighborhoodId: number): Promise<string> {
  const { timeZone } = await db.neighborhood.findUniqueOrThrow({ where: { id: neighborhoodId }, select: { timeZone: true } });
  return todayIn(timeZone);
}

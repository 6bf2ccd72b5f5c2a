// The demo community's configuration and history (accounts, concepts, wallets, maintenance settings,
// fiscal data with SAT's test CSD, sandbox gateway keys, a year of fees, payments, invoices, agreements,
// measured services and expenses): each module seeds its own part (its module.ts names it).
import type { DomainModule } from '../kernel/module.js';
import { modules } from '../modules.js';
import type { Prisma } from './client.js';
import type { ActAs } from './demoActors.js';
import type { SecretBox } from '../infra/secrets.js';

export interface DemoSeedContext {
  prisma: Prisma;
  secrets: SecretBox;
  neighborhoodId: number;
  /** The demo administrator (admin@demo.mx). */
  adminUserId: number;
  /** A demo account acting through the app's services (server/db/demoActors.ts). */
  actAs: ActAs;
}

/** The modules' demo seeds in an order where each runs after the ones it names (ties: the modules' order). */
export function demoSeedOrder(list: readonly DomainModule[] = modules): DomainModule[] {
  const pending = list.filter((m) => m.demoSeed);
  const done = new Set<string>();
  const order: DomainModule[] = [];
  while (pending.length) {
    const next = pending.findIndex((m) => m.demoSeed?.after.every((name) => done.has(name)));
    if (next < 0) throw new Error(`Demo seeds wait on each other or on a module without one: ${pending.map((m) => m.name).join(', ')}`);
    const [m] = pending.splice(next, 1);
    order.push(m);
    done.add(m.name);
  }
  return order;
}

/** The demo community's configuration and history: every module's demo seed, in dependency order. */
export async function seedDemoModules(demo: DemoSeedContext): Promise<void> {
  for (const m of demoSeedOrder()) await m.demoSeed?.run(demo);
}

import type { DemoSeedContext } from '../../db/demoConfiguration.js';

/** The demo community's data of this domain. */
export async function seedAccountingAccounts(_demo: DemoSeedContext): Promise<void> {}

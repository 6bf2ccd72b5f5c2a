import type { DemoSeedContext } from '../../db/demoConfiguration.js';

/** The demo community's data of this domain. */
export async function seedFiscalInformation(_demo: DemoSeedContext): Promise<void> {}

import type { DemoSeedContext } from '../../db/demoConfiguration.js';

/** The demo community's common areas. */
export async function seedAmenities(_demo: DemoSeedContext): Promise<void> {}

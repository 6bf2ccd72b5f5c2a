// The demo community's configuration (issue 10): accounts, concepts, wallets, maintenance settings,
// fiscal data with SAT's test CSD and sandbox gateway keys; then a year of maintenance fees (issue 11).
// Each domain seeds its own part.
import type { Prisma } from './client.js';
import type { ActAs } from './demoActors.js';
import type { SecretBox } from '../infra/secrets.js';
import { seedCommunitySettings } from '../domains/neighborhoods/demoSeed.js';
import { seedIncomeAccounts } from '../domains/incomeAccounts/demoSeed.js';
import { seedAccountingAccounts } from '../domains/accountingAccounts/demoSeed.js';
import { seedIncomeConcepts } from '../domains/incomeConcepts/demoSeed.js';
import { seedExpenseSettings } from '../domains/expenseSettings/demoSeed.js';
import { seedFiscalInformation } from '../domains/fiscal/demoSeed.js';
import { seedMaintenanceSettings } from '../domains/maintenanceSettings/demoSeed.js';
import { seedRevisionPoints } from '../domains/revisionPoints/demoSeed.js';
import { seedAmenities } from '../domains/amenities/demoSeed.js';
import { seedMaintenances } from '../domains/maintenances/demoSeed.js';

export interface DemoSeedContext {
  prisma: Prisma;
  secrets: SecretBox;
  neighborhoodId: number;
  /** The demo administrator (admin@demo.mx). */
  adminUserId: number;
  /** A demo account acting through the app's services (server/db/demoActors.ts). */
  actAs: ActAs;
}

export async function seedDemoConfiguration(demo: DemoSeedContext): Promise<void> {
  await seedCommunitySettings(demo);
  await seedAccountingAccounts(demo);
  await seedIncomeAccounts(demo);
  await seedIncomeConcepts(demo);
  await seedExpenseSettings(demo);
  await seedFiscalInformation(demo);
  await seedMaintenanceSettings(demo);
  await seedRevisionPoints(demo);
  await seedAmenities(demo);
  await seedMaintenances(demo);
}

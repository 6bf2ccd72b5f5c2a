// The demo community's configuration (issue 10): accounts, concepts, wallets, maintenance settings,
// fiscal data with SAT's test CSD and sandbox gateway keys; then a year of maintenance fees (issue 11).
// Each domain seeds its own part.
import type { Prisma } from './client.js';
import type { ActAs } from './demoActors.js';
import type { SecretBox } from '../infra/secrets.js';
import { seedCommunitySettings } from '../domains/community/neighborhoods/demoSeed.js';
import { seedIncomeAccounts } from '../domains/money/accounting/incomeAccounts/demoSeed.js';
import { seedAccountingAccounts } from '../domains/money/accounting/accountingAccounts/demoSeed.js';
import { seedIncomeConcepts } from '../domains/money/receivables/incomeConcepts/demoSeed.js';
import { seedExpenseSettings } from '../domains/money/payables/expenseSettings/demoSeed.js';
import { seedFiscalInformation } from '../domains/money/accounting/fiscal/demoSeed.js';
import { seedMaintenanceSettings } from '../domains/money/receivables/maintenanceSettings/demoSeed.js';
import { seedRevisionPoints } from '../domains/community/revisionPoints/demoSeed.js';
import { seedAmenities } from '../domains/community/amenities/demoSeed.js';
import { seedMaintenances } from '../domains/money/receivables/maintenances/demoSeed.js';

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

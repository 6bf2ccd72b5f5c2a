// Setup progress of a community (spec 3 section 2): whether each configuration step is done, read in one
// statement. What "configured" means for each step is in docs/decisions.md.
import { sql } from 'kysely';
import { MODULES, type ModuleName } from '../../../../core/grants.js';
import { SETUP_STEP_INFO, visibleSetupSteps, type SetupStep } from '../../../../core/setupSteps.js';
import { actorOf, communityOf, type ServiceContext } from '../../../kernel/context.js';

export interface SetupStepState {
  module: ModuleName;
  step: SetupStep;
  configured: boolean;
  path: string;
}

export interface SetupSummary {
  neighborhoodId: number;
  modules: ModuleName[];
  steps: SetupStepState[];
}

type Flags = Record<SetupStep, boolean> & { modules: ModuleName[]; neighborhoodType: string };

/** Every step's state for one community; the required accounting accounts are the ones every policy uses. */
export const setupFlagsStatement = (neighborhoodId: number) => sql<Flags>`
  SELECT n.modules::text[] AS modules,
         n."neighborhoodType"::text AS "neighborhoodType",
         (n.street IS NOT NULL AND n."postalCode" IS NOT NULL) AS "GENERAL",
         EXISTS (SELECT 1 FROM "HouseType" t WHERE t."neighborhoodId" = n.id) AS "HOUSES_TYPES",
         EXISTS (SELECT 1 FROM "Street" s WHERE s."neighborhoodId" = n.id) AS "STREETS",
         (SELECT count(*) FROM "Membership" m JOIN "Role" r ON r.id = m."roleId"
           WHERE m."neighborhoodId" = n.id AND m."houseId" IS NULL AND NOT r."forHouse" AND (m.active OR m.pending)) >= 2 AS "USERS",
         EXISTS (SELECT 1 FROM "Amenity" a WHERE a."neighborhoodId" = n.id AND a."deletedAt" IS NULL) AS "AMENITIES",
         EXISTS (SELECT 1 FROM "MaintenanceSettings" ms WHERE ms."neighborhoodId" = n.id AND ms."cutoffDay" IS NOT NULL)
           AND EXISTS (SELECT 1 FROM "HouseType" t WHERE t."neighborhoodId" = n.id)
           AND NOT EXISTS (SELECT 1 FROM "HouseType" t WHERE t."neighborhoodId" = n.id AND t.amount IS NULL) AS "MAINTENANCES",
         EXISTS (SELECT 1 FROM "IncomeAccount" a WHERE a."neighborhoodId" = n.id AND a."deletedAt" IS NULL) AS "ACCOUNTS",
         EXISTS (SELECT 1 FROM "IncomeConcept" c WHERE c."neighborhoodId" = n.id AND c."deletedAt" IS NULL AND c."systemKey" IS NULL) AS "CONCEPTS",
         EXISTS (SELECT 1 FROM "ExpenseSettings" e WHERE e."neighborhoodId" = n.id)
           AND EXISTS (SELECT 1 FROM "ExpenseConcept" c WHERE c."neighborhoodId" = n.id AND c."deletedAt" IS NULL) AS "EXPENSES",
         (SELECT count(*) FROM "AccountingAccountSetting" s
           WHERE s."neighborhoodId" = n.id AND s.key IN ('BANKS', 'RECEIVABLES', 'MAINTENANCE_INCOME')) = 3 AS "ACCOUNTING_ACCOUNTS",
         (n."gatewayAccountId" IS NOT NULL AND n."gatewayPublicKey" IS NOT NULL AND n."gatewayPrivateKeyEncrypted" IS NOT NULL) AS "GATEWAY_KEYS",
         EXISTS (SELECT 1 FROM "MsiSetting" m WHERE m."neighborhoodId" = n.id) AS "MSI",
         n."postalCode" IS NOT NULL AND EXISTS (SELECT 1 FROM "FiscalInformation" f WHERE f."neighborhoodId" = n.id
           AND f."privateKeyEncrypted" IS NOT NULL AND f."privateKeyPasswordEncrypted" IS NOT NULL
           AND f."certificateValidTo" > now() AND f."certificateValidFrom" <= now()) AS "TAX",
         EXISTS (SELECT 1 FROM "RevisionPoint" p WHERE p."neighborhoodId" = n.id
           AND (p."activeUntil" IS NULL OR p."activeUntil" >= CURRENT_DATE)) AS "REVISION_POINTS",
         EXISTS (SELECT 1 FROM "AuditLog" l WHERE l."neighborhoodId" = n.id AND l.entity = 'NeighborhoodBehavior') AS "BEHAVIOR"
  FROM "Neighborhood" n
  WHERE n.id = ${neighborhoodId}
`;

/**
 * The setup steps the actor may see, for one module or every active module, with whether each is
 * configured. A module that is not active has no widget.
 */
export async function setupSummary(ctx: ServiceContext, module?: ModuleName | null): Promise<SetupSummary> {
  const neighborhoodId = communityOf(ctx);
  const grants = actorOf(ctx).grants;
  const {
    rows: [flags],
  } = await setupFlagsStatement(neighborhoodId).execute(ctx.db.kysely);
  const active = MODULES.filter((m) => m === 'BASE' || flags.modules.includes(m));
  const modules = module ? active.filter((m) => m === module) : active;
  return {
    neighborhoodId,
    modules: active,
    steps: modules.flatMap((m) =>
      visibleSetupSteps(m, flags.neighborhoodType, grants).map((step) => ({ module: m, step, configured: flags[step], path: SETUP_STEP_INFO[step].path })),
    ),
  };
}

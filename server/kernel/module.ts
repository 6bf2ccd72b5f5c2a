// What a domain module declares about itself (DESIGN.md section 2b). Each domain folder has one
// module.ts; server/modules.ts lists them, and the GraphQL schema, the /api/1.0 route table, the job
// registry's checks and the demo seed are assembled from that list. The tables a module names are the
// only ones it may write, and no other module may write them (tests/ownership.test.ts).
import type { DemoSeedContext } from '../db/demoConfiguration.js';
import type { Prisma } from '../db/generated/client.js';
import type { RestRoute } from '../rest/router.js';

export const CONTEXTS = ['platform', 'community', 'people', 'property', 'money/receivables', 'money/payables', 'money/accounting'] as const;
export type BoundedContext = (typeof CONTEXTS)[number];

/**
 * A GraphQL type's house rule: the house a row belongs to, and the grants that reach every house of the
 * community. Anyone else reaches only the house of their account (server/auth/houseScope.ts).
 */
export interface HouseRule<Row = any> {
  houseOf: (row: Row) => number | null | undefined;
  adminGrants: readonly string[];
}

export interface DomainModule {
  /** The folder's name: server/domains/<context>/<name>. */
  name: string;
  context: BoundedContext;
  /** Its public face: the files other modules may import (tests/imports.test.ts); the rest is its own. */
  face?: readonly string[];
  /** Tables (Prisma models) this module alone writes. */
  tables: readonly Prisma.ModelName[];
  /** Its /api/1.0 routes. */
  rest?: readonly RestRoute[];
  /** Kinds of the background and daily jobs it registers (defineJob / defineDailyJob), named `<name>.<job>`. */
  jobs?: readonly string[];
  /** House-level GraphQL types and their rule, applied to every field that answers them (server/graphql/houseScopePlugin.ts). */
  houseScope?: Readonly<Record<string, HouseRule>>;
  /** Its part of the demo community, run after the modules it names. */
  demoSeed?: { after: readonly string[]; run: (demo: DemoSeedContext) => Promise<unknown> };
}

/** Tables no domain owns: each is written only by the layer under the path it names. */
export const PLATFORM_TABLES: Readonly<Partial<Record<Prisma.ModelName, readonly string[]>>> = {
  AuditLog: ['server/kernel/'],
  IdempotencyKey: ['server/kernel/', 'server/graphql/idempotency.ts', 'server/infra/housekeeping.ts'],
  Job: ['server/infra/jobs.ts', 'server/infra/housekeeping.ts'],
  EmailOutbox: ['server/infra/mail/'],
  StoredFile: ['server/infra/files/'],
  SandboxGatewayObject: ['server/infra/gateway/sandbox/'],
  SignInAttempt: ['server/auth/', 'server/infra/housekeeping.ts'],
};

export function defineModule<M extends DomainModule>(module: M): M {
  return module;
}

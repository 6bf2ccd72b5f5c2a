// The raw baseline's cases (tests/bench/raw.mjs): the statements the application sends for each benched
// route, compiled by the application's own query builders where it has them, so the baseline does the same SQL work.
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DB } from '../../server/db/generated/kysely.js';
import type { HouseListFilter } from '../../core/houseRules.js';
import { keysetPage } from '../../server/graphql/builder.js';
import { ownersPageQuery } from '../../server/domains/property/houses/ownersList.js';
import { houseColumns } from '../../server/domains/property/houses/columns.js';
// The modules that add their columns to the owners list (balances, tax receipt, the house's people).
import '../../server/domains/money/receivables/balances/houseBalanceField.js';
import '../../server/domains/money/accounting/taxInfo/taxInfo.js';
import { houseCountsStatement } from '../../server/domains/community/dashboard/service.js';
import { provideInvoiceColumn, receiptsPageQuery } from '../../server/domains/money/receivables/receipts/rows.js';
import { activeCfdiColumn } from '../../server/domains/money/accounting/cfdis/receiptLinks.js';

/** The owners-list cases of the bench: the GraphQL filter, the legacy offset, and the REST query string. */
export const CASES: { name: string; filter: HouseListFilter; offset: number }[] = [
  { name: 'active-offset-1000', filter: { status: 'ACTIVE' }, offset: 1000 },
  { name: 'lastname-active', filter: { status: 'ACTIVE', lastName: 'garcía' }, offset: 20 },
  { name: 'email-active-account', filter: { email: 'bench1', status: 'ACTIVE', userActive: true }, offset: 0 },
];

/** One route of the raw endpoint (tests/bench/raw.mjs documents the fields). */
interface RawCase {
  sql: string;
  parameters?: readonly unknown[];
  viewerParameters?: string[];
  grant?: string | null;
  rows?: boolean;
}

/** The page statements the application sends for CASES (ownersList.ts), for the raw endpoint. */
export function compileCases(neighborhoodId: number, streetId: number, receiptTargets: { houseId: number; maintenanceId: number }) {
  const k = new Kysely<DB>({ dialect: new PostgresDialect({ pool: new pg.Pool({ max: 1 }) }) });
  const all = [...CASES, { name: 'street-no-account', filter: { streetId, userActive: false }, offset: 0 }];
  const compiled: Record<string, RawCase> = {};
  for (const c of all) {
    const page = keysetPage({ first: 20, offset: c.offset }, Number);
    // The owner's account in the community is asked by the House.owner field (phones' visibility).
    const q = ownersPageQuery(k, neighborhoodId, c.filter, page, true, { pendingOwnerEmail: false, ownerMembershipIn: neighborhoodId }).compile();
    compiled[c.name] = { sql: q.sql, parameters: q.parameters };
  }
  // The legacy list also answers each house's balances, people and tax receipt: columns other modules add to the page.
  for (const c of all.filter((c) => c.name === 'active-offset-1000' || c.name === 'email-active-account')) {
    const page = keysetPage({ first: 20, offset: c.offset }, Number);
    const q = ownersPageQuery(k, neighborhoodId, c.filter, page, true, { pendingOwnerEmail: false, ownerMembershipIn: neighborhoodId }, null, [
      ...houseColumns.keys(),
    ]).compile();
    compiled[`rest-${c.name}`] = { sql: q.sql, parameters: q.parameters };
  }
  // The session (GET /users/session): after the viewer's lookup, its user, community, house and accounts in one
  // statement, as server/domains/people/session/sessionRead.ts reads them.
  compiled.session = {
    sql: `SELECT json_build_object('id', u.id, 'firstName', u."firstName", 'lastName', u."lastName", 'email', u.email, 'superAdmin', u."superAdmin") AS "user",
                 (SELECT row_to_json(n) FROM "Neighborhood" n WHERE n.id = m."neighborhoodId") AS neighborhood,
                 (SELECT json_build_object('id', h.id, 'ownerUserId', h."ownerUserId") FROM "House" h WHERE h.id = m."houseId") AS house,
                 (SELECT json_agg(json_build_object('id', a.id, 'neighborhoodId', a."neighborhoodId", 'neighborhoodName', an.name, 'houseId', a."houseId",
                                                    'role', r.name, 'interiorNumber', ah."interiorNumber", 'exteriorNumber', ah."exteriorNumber",
                                                    'block', ah.block, 'lot', ah.lot, 'catastral', ah.catastral) ORDER BY a.id)
                    FROM "Membership" a JOIN "Neighborhood" an ON an.id = a."neighborhoodId" JOIN "Role" r ON r.id = a."roleId"
                    LEFT JOIN "House" ah ON ah.id = a."houseId"
                   WHERE a."userId" = u.id AND a.active) AS accounts
            FROM "Membership" m JOIN "User" u ON u.id = m."userId" WHERE m.id = $1`,
    viewerParameters: ['membershipId'],
    grant: null,
    rows: true,
  };
  // The dashboard's house widgets: the raw endpoint answers the statement's rows as they come.
  const dashboard = houseCountsStatement(neighborhoodId).compile(k);
  compiled.dashboard = { sql: dashboard.sql, parameters: dashboard.parameters, rows: true };
  // Receipts (server/domains/money/receivables/receipts/rows.ts): a house's first page, a maintenance's page at offset 1,000.
  const houseReceipts = receiptsPageQuery(k, neighborhoodId, { houseId: receiptTargets.houseId }, keysetPage({ first: 20 }, Number), true).compile();
  compiled['house-receipts'] = { sql: houseReceipts.sql, parameters: houseReceipts.parameters, rows: true };
  // The legacy list answers each receipt's actions and documents: the page also reads the wallet balances and the invoices.
  provideInvoiceColumn(activeCfdiColumn);
  const legacyHouseReceipts = receiptsPageQuery(k, neighborhoodId, { houseId: receiptTargets.houseId }, keysetPage({ first: 20 }, Number), true, {
    balance: true,
    invoice: true,
  }).compile();
  compiled['rest-house-receipts'] = { sql: legacyHouseReceipts.sql, parameters: legacyHouseReceipts.parameters, rows: true };
  const maintenanceReceipts = receiptsPageQuery(
    k,
    neighborhoodId,
    { maintenanceId: receiptTargets.maintenanceId },
    keysetPage({ first: 20, offset: 1000 }, Number),
    true,
  ).compile();
  compiled['maintenance-receipts'] = { sql: maintenanceReceipts.sql, parameters: maintenanceReceipts.parameters, rows: true };
  // The agreements list (/agreements) and the invoices list (/neighborhood/cfdis), first page of 20 with the count.
  compiled.agreements = {
    sql: `WITH page AS (
            SELECT a.id, a."houseId", a."debtAmount", a."downPayment", a.instalments, a.frequency, a."firstDueDate", a."createdAt", a."cancelledAt",
                   h."interiorNumber", h."exteriorNumber", h.block, h.lot, h.catastral
              FROM "Agreement" a JOIN "House" h ON h.id = a."houseId"
             WHERE a."neighborhoodId" = $1 AND h.status <> 'DELETED' ORDER BY a.id DESC LIMIT 20)
          SELECT p.*, (SELECT count(*) FROM "Receipt" r WHERE r."agreementId" = p.id AND r."deletedAt" IS NULL AND r.status <> 'PAID') AS pending,
                 (SELECT count(*) FROM "Agreement" a JOIN "House" h ON h.id = a."houseId" WHERE a."neighborhoodId" = $1 AND h.status <> 'DELETED') AS total
            FROM page p ORDER BY p.id DESC`,
    parameters: [neighborhoodId],
    rows: true,
  };
  compiled.cfdis = {
    sql: `WITH page AS (
            SELECT c.id, c.kind, c.status, c.serie, c.uuid, c.total, c."stampedAt", c."createdAt", c."errorDescription", c."globalYear", c."globalMonth",
                   c."receiverRfc", c."receiverName", c."pdfFileId", c."substitutesId"
              FROM "Cfdi" c WHERE c."neighborhoodId" = $1 ORDER BY c.id DESC LIMIT 20)
          SELECT p.*,
                 (SELECT json_agg(json_build_object('receiptId', l."receiptId", 'houseId', r."houseId"))
                    FROM "CfdiReceipt" l JOIN "Receipt" r ON r.id = l."receiptId" WHERE l."cfdiId" = p.id) AS receipts,
                 (SELECT s.id FROM "Cfdi" s WHERE s."substitutesId" = p.id) AS "substitutedBy",
                 (SELECT count(*) FROM "Cfdi" WHERE "neighborhoodId" = $1) AS total_count
            FROM page p ORDER BY p.id DESC`,
    parameters: [neighborhoodId],
    rows: true,
  };
  return { compiled, all };
}

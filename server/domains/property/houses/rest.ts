import { z } from 'zod';
import { globalId, legacyPageQuery, RESULT_ERROR_FIELDS, RestError, unwrapResult, type RestRoute } from '../../../rest/router.js';
import { HOUSE_STATUSES } from '../../../../core/houseRules.js';
import { Response } from '../../../http/response.js';

const HOUSE_SELECTION = `databaseId catastral block lot exteriorNumber interiorNumber dimension parkingSpots status label ownerUserId
  houseTypeId houseTypeName streetId streetName condominiumId condominiumName mallId mallName initialBalance balanceReason refuseReason
  officialIdFileId ownerHasAccount owner { databaseId firstName lastName email mobile landline }
  innerNeighborhoodId taxReceiptFileId users { userDatabaseId firstName lastName email roleDatabaseId roleName roleKind }
  balance { ordinary extraordinary wallets { walletDatabaseId type name measuredServiceDatabaseId balance } }`;

const DETAIL_SELECTION = `${HOUSE_SELECTION} lockedByName pendingOwnerEmail ownerChanges { createdAt fromName toName changedByName }`;

/** A negative balance is a debt no receipt references (the agreements screen shows it sign-inverted); otherwise none. */
const debtOf = (balance: string) => (balance.startsWith('-') ? balance : '0.00');

/** Spec 1 section 3, House: balances (Balance) and unreferenced_debts (ordinary, plus each wallet with its balance). */
function legacyBalances(b: any) {
  if (!b) return { balances: null, unreferenced_debts: null };
  const wallet = (w: any) => ({ id: w.walletDatabaseId, type: w.type, name: w.name });
  return {
    balances: {
      ordinary: b.ordinary,
      extraordinary: b.extraordinary,
      balances: b.wallets.map((w: any) => ({
        measured_service: w.measuredServiceDatabaseId === null ? null : { id: w.measuredServiceDatabaseId },
        balance: w.balance,
        wallet: wallet(w),
      })),
    },
    unreferenced_debts: {
      ordinary: debtOf(b.ordinary),
      balances: b.wallets.map((w: any) => ({ wallet: wallet(w), balance: debtOf(w.balance) })),
    },
  };
}

export function legacyHouse(h: any) {
  return {
    id: h.databaseId,
    catastral: h.catastral,
    block: h.block,
    lot: h.lot,
    exterior_number: h.exteriorNumber,
    interior_number: h.interiorNumber,
    dimension: h.dimension,
    parking_spots: h.parkingSpots,
    house_status: h.status,
    id_house_type: h.houseTypeId,
    house_type_name: h.houseTypeName,
    id_street: h.streetId,
    street_name: h.streetName,
    id_condominium: h.condominiumId,
    condominium: h.condominiumName,
    id_mall: h.mallId,
    mall: h.mallName,
    id_inner_neighborhood: h.innerNeighborhoodId,
    id_owner_user: h.ownerUserId,
    label: h.label,
    user_status: h.ownerHasAccount,
    owner: h.owner
      ? {
          id: h.owner.databaseId,
          first_name: h.owner.firstName,
          last_name: h.owner.lastName,
          email: h.owner.email,
          mobile: h.owner.mobile,
          landline: h.owner.landline,
          official_id: h.officialIdFileId ? `/api/1.0/files/${h.officialIdFileId}` : null,
        }
      : null,
    tax_receipt: h.taxReceiptFileId ? `/api/1.0/files/${h.taxReceiptFileId}` : null,
    ...legacyBalances(h.balance),
    users: (h.users ?? []).map((u: any) => ({
      id: u.userDatabaseId,
      first_name: u.firstName,
      last_name: u.lastName,
      email: u.email,
      id_role: u.roleDatabaseId,
      role: { id: u.roleDatabaseId, name: u.roleName, kind: u.roleKind },
    })),
  };
}

/** Spec 1 section 3: the house and its wrapper (status, initial balance, reasons, edit lock). */
function legacyHouseDetail(h: any) {
  return {
    house: {
      ...legacyHouse(h),
      owner_changes: (h.ownerChanges ?? []).map((c: any) => ({ created_at: c.createdAt, from: c.fromName, to: c.toName, changed_by: c.changedByName })),
    },
    house_status: h.status,
    initial_balance: h.initialBalance,
    refuse_reason: h.refuseReason,
    balance_reason: h.balanceReason,
    admin_user: h.lockedByName ? { name: h.lockedByName } : null,
    /** The e-mail of an owner invited who has not accepted yet (nothing else of them is shown). */
    pending_owner_email: h.pendingOwnerEmail ?? null,
  };
}

const text = z.string().nullish();
const id = z.coerce.number().int().positive().nullish();

const houseBody = z.object({
  id_house_type: z.coerce.number().int().positive(),
  catastral: text,
  block: text,
  lot: text,
  exterior_number: text,
  interior_number: text,
  dimension: z.union([z.string(), z.number()]).nullish(),
  id_street: id,
  id_condominium: id,
  condominium: text,
  id_mall: id,
  mall: text,
  parking_spots: z.coerce.number().int().nullish(),
  initial_balance: z.union([z.string(), z.number()]).nullish(),
  balance_reason: text,
  owner: z.object({ email: z.string(), first_name: z.string(), last_name: text, mobile: text, landline: text, official_id: text }).nullish(),
  activate: z.boolean().nullish(),
});

function houseInput(body: z.infer<typeof houseBody>) {
  const str = (v: string | number | null | undefined) => (v === null || v === undefined ? null : String(v));
  return {
    houseTypeId: globalId('HouseType', body.id_house_type),
    catastral: body.catastral ?? null,
    block: body.block ?? null,
    lot: body.lot ?? null,
    exteriorNumber: body.exterior_number ?? null,
    interiorNumber: body.interior_number ?? null,
    dimension: str(body.dimension),
    streetId: body.id_street ? globalId('Street', body.id_street) : null,
    condominiumId: body.id_condominium ?? null,
    condominiumName: body.condominium ?? null,
    mallId: body.id_mall ?? null,
    mallName: body.mall ?? null,
    parkingSpots: body.parking_spots ?? null,
    initialBalance: str(body.initial_balance),
    balanceReason: body.balance_reason ?? null,
    owner: body.owner
      ? {
          email: body.owner.email,
          firstName: body.owner.first_name,
          lastName: body.owner.last_name ?? null,
          mobile: body.owner.mobile ?? null,
          landline: body.owner.landline ?? null,
        }
      : null,
    // official_id comes back as the download link the house payload shows, or as the uploaded file's id.
    officialIdFileId: body.owner?.official_id?.split('/').pop() ?? null,
    activate: body.activate ?? null,
  };
}

/** Query string of the owners list (spec 1 section 2), shared with the export. */
export const ownersListQuery = legacyPageQuery.extend({
  house_status: z.enum(HOUSE_STATUSES).optional(),
  catastral: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  email: z.string().optional(),
  id_house_type: z.coerce.number().int().positive().optional(),
  id_street: z.coerce.number().int().positive().optional(),
  id_condominium: z.coerce.number().int().positive().optional(),
  id_mall: z.coerce.number().int().positive().optional(),
  exterior_number: z.string().optional(),
  interior_number: z.string().optional(),
  block: z.string().optional(),
  lot: z.string().optional(),
  user_status: z.enum(['true', 'false']).optional(),
  search: z.string().optional(),
});

export function ownersFilter(query: z.infer<typeof ownersListQuery>) {
  return {
    status: query.house_status ?? null,
    catastral: query.catastral ?? null,
    firstName: query.first_name ?? null,
    lastName: query.last_name ?? null,
    email: query.email ?? null,
    houseTypeId: query.id_house_type ?? null,
    streetId: query.id_street ?? null,
    condominiumId: query.id_condominium ?? null,
    mallId: query.id_mall ?? null,
    exteriorNumber: query.exterior_number ?? null,
    interiorNumber: query.interior_number ?? null,
    block: query.block ?? null,
    lot: query.lot ?? null,
    userActive: query.user_status === undefined ? null : query.user_status === 'true',
    search: query.search ?? null,
  };
}

const housePath = '/neighborhoods/{n}/houses/{h}';
const houseVar = ({ params }: { params: Record<string, string> }) => ({ input: { id: globalId('House', params.h) } });

function statusRoute(method: RestRoute['method'], path: string, mutation: string): RestRoute {
  return {
    method,
    path,
    operation: `mutation($input: HouseIdInput!) { ${mutation}(input: $input) { ${RESULT_ERROR_FIELDS} ... on ${successType(mutation)} { data { house { ${HOUSE_SELECTION} } } } } }`,
    variables: houseVar,
    result: (data) => legacyHouse(unwrapResult<any>(data[mutation]).house),
  };
}

function successType(mutation: string) {
  return `Mutation${mutation[0].toUpperCase()}${mutation.slice(1)}Success`;
}

export const houseRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/neighborhoods/{n}/houses',
    query: ownersListQuery,
    operation: `query Houses($first: Int!, $offset: Int!, $filter: HouseFilter) {
      houses(first: $first, offset: $offset, filter: $filter) { totalCount edges { node { ${HOUSE_SELECTION} } } }
    }`,
    variables: ({ query }) => ({ first: query.page_size, offset: query.offset, filter: ownersFilter(query) }),
    result: (data) => ({ total: data.houses.totalCount, content: data.houses.edges.map((e: any) => legacyHouse(e.node)) }),
  },
  {
    method: 'GET',
    path: '/neighborhoods/{n}/houses/search',
    query: z.object({ phrase: z.string().default('') }),
    operation: `query($phrase: String!) { searchHouses(phrase: $phrase) { ${HOUSE_SELECTION} } }`,
    variables: ({ query }) => ({ phrase: query.phrase }),
    result: (data) => ({ total: data.searchHouses.length, content: data.searchHouses.map(legacyHouse) }),
  },
  {
    method: 'GET',
    path: housePath,
    operation: `query($id: ID!) { node(id: $id) { ... on House { ${DETAIL_SELECTION} } } }`,
    variables: ({ params }) => ({ id: globalId('House', params.h) }),
    result: (data) => {
      if (!data.node) throw new RestError(404, 404, 'La propiedad no existe');
      return legacyHouseDetail(data.node);
    },
  },
  {
    method: 'POST',
    path: '/neighborhoods/{n}/houses',
    body: houseBody,
    operation: `mutation($input: HouseInput!) { createHouse(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationCreateHouseSuccess { data { house { ${DETAIL_SELECTION} } } } } }`,
    variables: ({ body }) => ({ input: houseInput(body) }),
    result: (data) => legacyHouseDetail(unwrapResult<any>(data.createHouse).house),
    status: 201,
  },
  {
    method: 'PUT',
    path: housePath,
    body: houseBody,
    operation: `mutation($input: UpdateHouseInput!) { updateHouse(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationUpdateHouseSuccess { data { house { ${DETAIL_SELECTION} } } } } }`,
    variables: ({ body, params }) => ({ input: { id: globalId('House', params.h), house: houseInput(body) } }),
    result: (data) => legacyHouseDetail(unwrapResult<any>(data.updateHouse).house),
  },
  {
    method: 'PUT',
    path: `${housePath}/activate`,
    body: z.object({ initial_balance: z.union([z.string(), z.number()]).nullish(), balance_reason: z.string().nullish() }),
    operation: `mutation($input: ActivateHouseInput!) { activateHouse(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationActivateHouseSuccess { data { house { ${HOUSE_SELECTION} } } } } }`,
    variables: ({ body, params }) => ({
      input: {
        id: globalId('House', params.h),
        initialBalance: body.initial_balance === null || body.initial_balance === undefined ? null : String(body.initial_balance),
        balanceReason: body.balance_reason ?? null,
      },
    }),
    result: (data) => legacyHouse(unwrapResult<any>(data.activateHouse).house),
  },
  statusRoute('DELETE', housePath, 'deleteHouse'),
  statusRoute('PUT', `${housePath}/reactivate`, 'reactivateHouse'),
  statusRoute('PUT', `${housePath}/block`, 'blockHouse'),
  statusRoute('DELETE', `${housePath}/block`, 'unblockHouse'),
  statusRoute('PUT', `${housePath}/lock`, 'lockHouse'),
  statusRoute('PUT', `${housePath}/unblock`, 'unlockHouse'),
  {
    method: 'PUT',
    path: `${housePath}/change-owner/{userId}`,
    // Only a person who already belongs to this community (404 otherwise): anyone else is invited by e-mail (changeHouseOwner newOwner).
    body: z.object({ owner_user_id: z.coerce.number().int().positive().max(2_147_483_647).nullish() }),
    operation: `mutation($input: ChangeHouseOwnerInput!) { changeHouseOwner(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationChangeHouseOwnerSuccess { data { house { ${HOUSE_SELECTION} } } } } }`,
    variables: ({ body, params }) => {
      const userId = body.owner_user_id ?? Number(params.userId);
      if (!Number.isSafeInteger(userId) || userId <= 0 || userId > 2_147_483_647) throw new RestError(404, 404, 'El usuario no existe');
      return { input: { id: globalId('House', params.h), userDatabaseId: userId } };
    },
    result: (data) => legacyHouse(unwrapResult<any>(data.changeHouseOwner).house),
  },
  {
    method: 'GET',
    path: `${housePath}/owner-id`,
    operation: 'query($id: ID!) { node(id: $id) { ... on House { officialIdFileId } } }',
    variables: ({ params }) => ({ id: globalId('House', params.h) }),
    result: (data) => {
      if (!data.node?.officialIdFileId) throw new RestError(404, 404, 'La propiedad no tiene identificación oficial');
      return new Response(null, { status: 302, headers: { location: `/api/1.0/files/${data.node.officialIdFileId}` } });
    },
  },
];

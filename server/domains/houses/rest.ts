import { z } from 'zod';
import { legacyPageQuery, type RestRoute } from '../../rest/router.js';

const HOUSE_SELECTION = `databaseId catastral block lot exteriorNumber interiorNumber dimension parkingSpots status label ownerUserId houseTypeName streetName`;

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
    house_type_name: h.houseTypeName,
    street_name: h.streetName,
    id_owner_user: h.ownerUserId,
    label: h.label,
  };
}

const pageQuery = legacyPageQuery.extend({
  house_status: z.enum(['NEW', 'MISSING_BALANCE', 'INCOMPLETE', 'ACTIVE', 'BLOCKED', 'DELETED']).optional(),
  catastral: z.string().optional(),
});

export const houseRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/neighborhoods/{n}/houses',
    query: pageQuery,
    operation: `query Houses($first: Int!, $offset: Int!, $filter: HouseFilter) {
      houses(first: $first, offset: $offset, filter: $filter) { totalCount edges { node { ${HOUSE_SELECTION} } } }
    }`,
    variables: ({ query }) => ({
      first: query.page_size,
      offset: query.offset,
      filter: { status: query.house_status ?? null, catastral: query.catastral ?? null },
    }),
    result: (data) => ({ total: data.houses.totalCount, content: data.houses.edges.map((e: any) => legacyHouse(e.node)) }),
  },
];

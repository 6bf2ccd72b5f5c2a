import type { AppRoute } from '../../../../routes.js';
import AgreementsQuery from '../../../../__generated__/AgreementsQuery.graphql.js';
import HouseAgreementsQuery from '../../../../__generated__/HouseAgreementsQuery.graphql.js';
import AgreementNewQuery from '../../../../__generated__/AgreementNewQuery.graphql.js';
import { listVariables } from '../../../../components/paging.js';
import { globalId } from '../../../../relay/ids.js';
import { houseFilterFromSearch } from '../../../property/owners/filters.js';

const houseList = {
  screen: () => import('./HouseAgreements.js'),
  query: HouseAgreementsQuery,
  skeleton: 'list',
} satisfies Partial<AppRoute>;

// Spec 1 Agreements: the community's list (owners-list filters), one house's list with «Crear convenio»,
// the new agreement (debt, calculation, submit) and the own house's agreements, read-only.
export const ownAgreementRoutes: AppRoute[] = [
  {
    path: '/houses/agreements',
    grants: ['OReceiptsRead', 'SReceiptsRead'],
    menu: { group: 'property', label: 'menu.houses_agreements' },
    ...houseList,
    variables: ({ search }) => ({ ...listVariables(search), houseId: null, houseNodeId: globalId('House', '0'), admin: false }),
  },
];

export const agreementRoutes: AppRoute[] = [
  {
    path: '/agreements',
    grants: ['AAgreementsRead'],
    menu: { group: 'administration', label: 'menu.agreements' },
    screen: () => import('./Agreements.js'),
    query: AgreementsQuery,
    variables: ({ search }) => ({ ...listVariables(search), filter: houseFilterFromSearch(search) }),
    skeleton: 'list',
  },
  {
    path: '/owners/:houseId/agreements',
    grants: ['AAgreementsRead'],
    ...houseList,
    variables: ({ params, search }) => {
      const houseId = globalId('House', params.houseId);
      return { ...listVariables(search), houseId, houseNodeId: houseId, admin: true };
    },
  },
  {
    path: '/owners/:houseId/agreements/new',
    grants: ['AAgreementsCreate'],
    screen: () => import('./AgreementNew.js'),
    query: AgreementNewQuery,
    variables: ({ params }) => ({ houseId: globalId('House', params.houseId) }),
    skeleton: 'form',
  },
];

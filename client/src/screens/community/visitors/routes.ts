import type { AppRoute } from '../../../routes.js';
import { listVariables } from '../../../components/paging.js';
import { globalId } from '../../../relay/ids.js';
import CommunityVisitorsQuery from '../../../__generated__/CommunityVisitorsQuery.graphql.js';
import HouseVisitorsQuery from '../../../__generated__/HouseVisitorsQuery.graphql.js';
import SecurityPassageQuery from '../../../__generated__/SecurityPassageQuery.graphql.js';
import SecurityVisitorsQuery from '../../../__generated__/SecurityVisitorsQuery.graphql.js';
import VisitorFormQuery from '../../../__generated__/VisitorFormQuery.graphql.js';
import VisitorLogQuery from '../../../__generated__/VisitorLogQuery.graphql.js';

/** The query-string keys of the lists' filters (spec 3 section 7), each the VisitorFilter field of the same name. */
export const HOUSE_FILTERS = ['name', 'reference', 'vehiclePlate', 'scheduledFrom', 'scheduledTo'] as const;
export const COMMUNITY_FILTERS = [
  'name',
  'email',
  'reference',
  'entranceFrom',
  'entranceTo',
  'scheduledFrom',
  'scheduledTo',
  'creationDate',
  'ownerFirstName',
  'ownerLastName',
  'streetId',
  'condominiumId',
  'mallId',
  'exteriorNumber',
  'interiorNumber',
  'block',
  'lot',
  'vehicle',
  'vehiclePlate',
  'badge',
] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The location filters picked from the community's places: their node types. */
export const PLACE_TYPES: Record<string, string> = { streetId: 'Street', condominiumId: 'Condominium', mallId: 'Mall' };
const DAY_KEYS = new Set(['entranceFrom', 'entranceTo', 'scheduledFrom', 'scheduledTo', 'creationDate']);

/** The filter of a list from its query string: text trimmed, days only as YYYY-MM-DD, the places as their global ids. */
export function visitorFilterOf(search: URLSearchParams, keys: readonly string[]): Record<string, string | null> {
  const filter: Record<string, string | null> = {};
  for (const key of keys) {
    const value = search.get(key)?.trim() || null;
    if (key in PLACE_TYPES) filter[key] = value && /^\d{1,10}$/.test(value) ? globalId(PLACE_TYPES[key]!, value) : null;
    else if (DAY_KEYS.has(key)) filter[key] = value && DAY.test(value) ? value : null;
    else filter[key] = value ? value.slice(0, 200) : null;
  }
  return filter;
}

export const HOUSE_VISITOR_READERS = ['OVisitorsRead', 'SVisitorsRead', 'RVisitorsRead'];
export const HOUSE_VISITOR_CREATORS = ['OVisitorsCreate', 'SVisitorsCreate', 'RVisitorsCreate'];
export const HOUSE_VISITOR_UPDATERS = ['OVisitorsUpdate', 'SVisitorsUpdate', 'RVisitorsUpdate'];
const ALL_READERS = [
  ...HOUSE_VISITOR_READERS,
  ...HOUSE_VISITOR_CREATORS,
  ...HOUSE_VISITOR_UPDATERS,
  'AVisitorsRead',
  'AVisitorsCreate',
  'AVisitorsUpdate',
  'SecVisitorsRead',
  'SecVisitorsCreate',
  'SecVisitorsUpdate',
];

const form = () =>
  ({
    screen: () => import('./VisitorForm.js'),
    query: VisitorFormQuery,
    variables: ({ params }) => ({ id: globalId('Visitor', params.visitorId), edit: !!params.visitorId }),
    skeleton: 'form',
  }) satisfies Partial<AppRoute>;

// The own house's visitors (menu «Mi propiedad»).
export const visitorPropertyRoutes: AppRoute[] = [
  {
    path: '/houses/visitors',
    grants: HOUSE_VISITOR_READERS,
    menu: { group: 'property', label: 'menu.houses_visitors' },
    screen: () => import('./HouseVisitors.js'),
    query: HouseVisitorsQuery,
    variables: ({ search }) => ({ ...listVariables(search), filter: visitorFilterOf(search, HOUSE_FILTERS) }),
    skeleton: 'list',
  },
  { path: '/houses/visitors/form', grants: HOUSE_VISITOR_CREATORS, ...form() },
  { path: '/houses/visitors/edit/:visitorId', grants: HOUSE_VISITOR_UPDATERS, ...form() },
];

// The administration's visitors of the community.
export const visitorAdminRoutes: AppRoute[] = [
  {
    path: '/neighborhood/visitors',
    grants: ['AVisitorsRead'],
    menu: { group: 'administration', label: 'menu.neighborhood_visitors' },
    screen: () => import('./CommunityVisitors.js'),
    query: CommunityVisitorsQuery,
    variables: ({ search }) => ({ ...listVariables(search), filter: visitorFilterOf(search, COMMUNITY_FILTERS) }),
    skeleton: 'list',
  },
  { path: '/neighborhood/visitors/form', grants: ['AVisitorsCreate'], ...form() },
  { path: '/neighborhood/visitors/edit/:visitorId', grants: ['AVisitorsUpdate'], ...form() },
];

const passage = {
  screen: () => import('./SecurityPassage.js'),
  query: SecurityPassageQuery,
  variables: ({ params }) => ({ id: globalId('Visitor', params.visitorId) }),
  skeleton: 'page',
} satisfies Partial<AppRoute>;

// The gate: security's home, its walk-in registration, entry and departure.
export const visitorSecurityRoutes: AppRoute[] = [
  {
    path: '/security/visitors',
    grants: ['SecVisitorsRead'],
    menu: { group: 'administration', label: 'menu.security_visitors' },
    screen: () => import('./SecurityVisitors.js'),
    query: SecurityVisitorsQuery,
    variables: () => ({}),
    skeleton: 'page',
  },
  { path: '/security/visitors/form', grants: ['SecVisitorsCreate'], ...form() },
  { path: '/security/visitors/:visitorId/entry', grants: ['SecVisitorsUpdate'], ...passage },
  { path: '/security/visitors/:visitorId/departure', grants: ['SecVisitorsUpdate'], ...passage },
];

// A visitor's log, for whoever sees the visitor.
export const visitorLogRoutes: AppRoute[] = [
  {
    path: '/visitors/:visitorId/log',
    grants: ALL_READERS,
    screen: () => import('./VisitorLog.js'),
    query: VisitorLogQuery,
    variables: ({ params, search }) => ({ id: globalId('Visitor', params.visitorId), ...listVariables(search) }),
    skeleton: 'list',
  },
];

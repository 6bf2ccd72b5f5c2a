import type { AppRoute } from '../../../routes.js';
import { listVariables } from '../../../components/paging.js';
import { globalId } from '../../../relay/ids.js';
import CommunityVehiclesQuery from '../../../__generated__/CommunityVehiclesQuery.graphql.js';
import DefaulterVehiclesQuery from '../../../__generated__/DefaulterVehiclesQuery.graphql.js';
import HouseVehiclesQuery from '../../../__generated__/HouseVehiclesQuery.graphql.js';
import ScheduledVehiclesQuery from '../../../__generated__/ScheduledVehiclesQuery.graphql.js';
import ScheduleVehicleQuery from '../../../__generated__/ScheduleVehicleQuery.graphql.js';
import SecurityVehiclesQuery from '../../../__generated__/SecurityVehiclesQuery.graphql.js';
import VehicleDetailQuery from '../../../__generated__/VehicleDetailQuery.graphql.js';
import VehicleFormQuery from '../../../__generated__/VehicleFormQuery.graphql.js';
import { COMMUNITY_VEHICLE_FILTERS, scheduledFilterOf, vehicleFilterOf } from './vehicleTexts.js';

const PEOPLE = ['O', 'S', 'R'];
const of = (prefixes: string[], action: string) => prefixes.map((p) => `${p}Vehicles${action}`);

/** Who sees a house's vehicles (spec 3 section 6): its people, and the administration. */
export const HOUSE_VEHICLE_READERS = [...of(PEOPLE, 'Read'), ...of(PEOPLE, 'Create'), ...of(PEOPLE, 'Update'), ...of(PEOPLE, 'Delete')];
export const HOUSE_VEHICLE_CREATORS = of(PEOPLE, 'Create');
const HOUSE_VEHICLE_UPDATERS = of(PEOPLE, 'Update');
const SCHEDULERS = [...of([...PEOPLE, 'A'], 'ScheduleCreate'), ...of([...PEOPLE, 'A'], 'ScheduleDelete')];
const ADMIN_READERS = ['AVehiclesRead', 'AVehiclesCreate', 'AVehiclesUpdate', 'AVehiclesDelete'];

const ALL_READERS = [...HOUSE_VEHICLE_READERS, ...ADMIN_READERS, 'AVehiclesScheduleRead', 'SecVehicleRead'];

const DB_ID = /^\d{1,10}$/;

const houseList = {
  screen: () => import('./HouseVehicles.js'),
  query: HouseVehiclesQuery,
  variables: ({ params, search }) => ({
    ...listVariables(search),
    houseId: params.houseId ? globalId('House', params.houseId) : null,
    houseNodeId: globalId('House', params.houseId),
    withHouse: !!params.houseId,
    filter: vehicleFilterOf(search, []),
  }),
  skeleton: 'list',
} satisfies Partial<AppRoute>;

/** The form: ?vehicleId= (database id) edits that vehicle; the path's house is the one it is for. */
const form = {
  screen: () => import('./VehicleForm.js'),
  query: VehicleFormQuery,
  variables: ({ params, search }) => {
    const vehicle = search.get('vehicleId') ?? '';
    return {
      id: globalId('Vehicle', vehicle),
      edit: DB_ID.test(vehicle),
      houseNodeId: globalId('House', params.idHouse),
      withHouse: !!params.idHouse && DB_ID.test(params.idHouse),
    };
  },
  skeleton: 'form',
} satisfies Partial<AppRoute>;

const detail = {
  screen: () => import('./VehicleDetail.js'),
  query: VehicleDetailQuery,
  variables: ({ params }) => ({ id: globalId('Vehicle', params.vehicleId) }),
  skeleton: 'page',
} satisfies Partial<AppRoute>;

// A house's vehicles (menu «Mi propiedad»), its form and the inspection appointment.
export const vehiclePropertyRoutes: AppRoute[] = [
  { path: '/houses/vehicles', grants: HOUSE_VEHICLE_READERS, menu: { group: 'property', label: 'menu.houses_vehicles' }, ...houseList },
  { path: '/houses/:houseId/vehicles', grants: [...HOUSE_VEHICLE_READERS, ...ADMIN_READERS], ...houseList },
  { path: '/houses/:idHouse/vehicles/form', grants: [...HOUSE_VEHICLE_CREATORS, ...HOUSE_VEHICLE_UPDATERS, 'AVehiclesCreate', 'AVehiclesUpdate'], ...form },
  {
    path: '/houses/:houseId/vehicles/:vehicleId/schedule',
    grants: SCHEDULERS,
    screen: () => import('./ScheduleVehicle.js'),
    query: ScheduleVehicleQuery,
    variables: ({ params }) => ({ id: globalId('Vehicle', params.vehicleId) }),
    skeleton: 'page',
  },
  { path: '/vehicles/:vehicleId', grants: ALL_READERS, ...detail },
];

// The administration's vehicles, their appointments and the defaulters' report.
export const vehicleAdminRoutes: AppRoute[] = [
  {
    path: '/neighborhood/vehicles',
    grants: ['AVehiclesRead'],
    menu: { group: 'administration', label: 'menu.neighborhood_vehicles' },
    screen: () => import('./CommunityVehicles.js'),
    query: CommunityVehiclesQuery,
    variables: ({ search }) => ({ ...listVariables(search), filter: vehicleFilterOf(search, COMMUNITY_VEHICLE_FILTERS) }),
    skeleton: 'list',
  },
  { path: '/neighborhood/vehicles/form', grants: ['AVehiclesCreate'], ...form },
  { path: '/neighborhood/vehicles/:vehicleId', grants: ADMIN_READERS, ...detail },
  {
    path: '/neighborhood/scheduled-vehicles',
    grants: ['AVehiclesScheduleRead'],
    menu: { group: 'administration', label: 'menu.scheduled_vehicles' },
    screen: () => import('./ScheduledVehicles.js'),
    query: ScheduledVehiclesQuery,
    variables: ({ search }) => ({ ...listVariables(search), filter: scheduledFilterOf(search) }),
    skeleton: 'list',
  },
  {
    path: '/neighborhood/defaulter/vehicles',
    grants: ['AVehiclesRead'],
    screen: () => import('./DefaulterVehicles.js'),
    query: DefaulterVehiclesQuery,
    variables: ({ search }) => listVariables(search),
    skeleton: 'list',
  },
];

// The guard's plate lookup.
export const vehicleSecurityRoutes: AppRoute[] = [
  {
    path: '/vehicle/security',
    grants: ['SecVehicleRead'],
    menu: { group: 'administration', label: 'menu.vehicle_security' },
    screen: () => import('./SecurityVehicles.js'),
    query: SecurityVehiclesQuery,
    variables: () => ({}),
    skeleton: 'page',
  },
];

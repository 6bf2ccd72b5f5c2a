import type { AppRoute } from '../../../routes.js';
import { listVariables } from '../../../components/paging.js';
import { globalId } from '../../../relay/ids.js';
import AmenitiesQuery from '../../../__generated__/AmenitiesQuery.graphql.js';
import AmenityAdminQuery from '../../../__generated__/AmenityAdminQuery.graphql.js';
import AmenityFormQuery from '../../../__generated__/AmenityFormQuery.graphql.js';
import CommunityAmenityBookingsQuery from '../../../__generated__/CommunityAmenityBookingsQuery.graphql.js';
import HouseAmenityBookingsQuery from '../../../__generated__/HouseAmenityBookingsQuery.graphql.js';
import ScheduleAmenityQuery from '../../../__generated__/ScheduleAmenityQuery.graphql.js';

/** The list's variables: page, name (?name=) and state (?status=enabled|disabled). */
const amenityListVariables: AppRoute['variables'] = ({ search }) => {
  const status = search.get('status');
  return { ...listVariables(search, ['name']), enabled: status === 'enabled' ? true : status === 'disabled' ? false : null };
};

const form = {
  screen: () => import('./AmenityForm.js'),
  query: AmenityFormQuery,
  variables: ({ params }) => ({ id: globalId('Amenity', params.idAmenity), edit: !!params.idAmenity }),
  skeleton: 'form',
} satisfies Partial<AppRoute>;

// Configuration of common areas (settings) and the administration's list with enable and disable.
export const amenitySettingsRoutes: AppRoute[] = [
  {
    path: '/neighborhood/settings/amenities',
    grants: ['CAmenitiesRead', 'CAmenitiesCreate', 'CAmenitiesUpdate', 'CAmenitiesDelete'],
    menu: { group: 'configuration', label: 'menu.settings_amenities' },
    screen: () => import('./Amenities.js'),
    query: AmenitiesQuery,
    variables: amenityListVariables,
    skeleton: 'list',
  },
  { path: '/neighborhood/settings/amenities/form', grants: ['CAmenitiesCreate'], ...form },
  { path: '/neighborhood/settings/amenities/form/:idAmenity', grants: ['CAmenitiesUpdate'], ...form },
];
export const amenityAdminRoutes: AppRoute[] = [
  {
    path: '/neighborhood/amenities',
    grants: ['AAmenitiesRead'],
    menu: { group: 'administration', label: 'menu.neighborhood_amenities' },
    screen: () => import('./AmenityAdmin.js'),
    query: AmenityAdminQuery,
    variables: amenityListVariables,
    skeleton: 'list',
  },
];

/** The schedule screen's variables: the house of the path (administration) and ?amenity= (its database id) and ?from=YYYY-MM-DD. */
const scheduleVariables: AppRoute['variables'] = ({ params, search }) => {
  const admin = !!params.idHouse;
  const amenity = search.get('amenity') ?? '';
  const from = search.get('from') ?? '';
  return {
    houseId: admin ? globalId('House', params.idHouse) : null,
    houseNodeId: globalId('House', params.idHouse),
    admin,
    amenityId: globalId('Amenity', amenity),
    withSlots: /^\d{1,10}$/.test(amenity),
    from: /^\d{4}-\d{2}-\d{2}$/.test(from) ? from : null,
  };
};

/** The reservation lists' filters: ?amenity= and ?id_house= (database ids), ?from=YYYY-MM-DD; page and page_size. */
export const bookingListVariables: AppRoute['variables'] = ({ params, search }) => {
  const admin = !!params.idHouse;
  const amenity = search.get('amenity') ?? '';
  const house = search.get('id_house') ?? '';
  const from = search.get('from') ?? '';
  return {
    ...listVariables(search),
    houseId: admin ? globalId('House', params.idHouse) : null,
    houseNodeId: globalId('House', params.idHouse),
    admin,
    filter: {
      amenityId: /^\d{1,10}$/.test(amenity) ? globalId('Amenity', amenity) : null,
      houseId: /^\d{1,10}$/.test(house) ? globalId('House', house) : null,
      from: /^\d{4}-\d{2}-\d{2}$/.test(from) ? from : null,
    },
  };
};

const schedule = {
  screen: () => import('./ScheduleAmenity.js'),
  query: ScheduleAmenityQuery,
  variables: scheduleVariables,
  skeleton: 'page',
} satisfies Partial<AppRoute>;

const houseBookings = {
  screen: () => import('./HouseAmenityBookings.js'),
  query: HouseAmenityBookingsQuery,
  variables: bookingListVariables,
  skeleton: 'list',
} satisfies Partial<AppRoute>;

/** Who books for the own house, and who sees its reservations (spec 3 section 6). */
export const HOUSE_SCHEDULE_GRANTS = ['OAmenitiesScheduleCreate', 'SAmenitiesScheduleCreate', 'RAmenitiesScheduleCreate'];
const HOUSE_BOOKINGS_GRANTS = [...HOUSE_SCHEDULE_GRANTS, 'OAmenitiesScheduleDelete', 'SAmenitiesScheduleDelete', 'RAmenitiesScheduleDelete'];

// Amenity bookings (issue 29 item 6): the own house books and lists its reservations (menu «Mi propiedad»).
export const amenityBookingPropertyRoutes: AppRoute[] = [
  { path: '/houses/schedule-amenity', grants: HOUSE_SCHEDULE_GRANTS, menu: { group: 'property', label: 'menu.houses_schedule_amenity' }, ...schedule },
  {
    path: '/houses/scheduled-amenities',
    grants: HOUSE_BOOKINGS_GRANTS,
    menu: { group: 'property', label: 'menu.houses_scheduled_amenities' },
    ...houseBookings,
  },
];

// The administration books for a house, lists a house's reservations and the community's.
export const amenityBookingAdminRoutes: AppRoute[] = [
  {
    path: '/neighborhood/scheduled-amenities',
    grants: ['AAmenitiesScheduleRead'],
    menu: { group: 'administration', label: 'menu.neighborhood_scheduled_amenities' },
    screen: () => import('./CommunityAmenityBookings.js'),
    query: CommunityAmenityBookingsQuery,
    variables: (args) => {
      const { first, offset, filter } = bookingListVariables(args);
      return { first, offset, filter };
    },
    skeleton: 'list',
  },
  { path: '/houses/:idHouse/schedule-amenity', grants: ['AAmenitiesScheduleCreate'], ...schedule },
  {
    path: '/houses/:idHouse/scheduled-amenities',
    grants: ['AAmenitiesScheduleRead', 'AAmenitiesScheduleCreate', 'AAmenitiesScheduleDelete'],
    ...houseBookings,
  },
];

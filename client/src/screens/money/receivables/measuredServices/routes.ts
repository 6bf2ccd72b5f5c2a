import type { AppRoute } from '../../../../routes.js';
import { listVariables } from '../../../../components/paging.js';
import { globalId } from '../../../../relay/ids.js';
import MeasuredServicesQuery from '../../../../__generated__/MeasuredServicesQuery.graphql.js';
import MeasuredServiceFormQuery from '../../../../__generated__/MeasuredServiceFormQuery.graphql.js';
import { MEASURED_SERVICES_PATH } from './paths.js';

const form: Partial<AppRoute> = {
  screen: () => import('./MeasuredServiceForm.js'),
  query: MeasuredServiceFormQuery,
  variables: ({ params }) => ({ id: globalId('MeasuredService', params.serviceId), edit: !!params.serviceId }),
  skeleton: 'form',
};

// Measured services (spec 2 section 2): the list and the form with concepts and consumption ranges.
export const measuredServicesRoutes: AppRoute[] = [
  {
    path: MEASURED_SERVICES_PATH,
    grants: ['AServicesCreate', 'AServicesUpdate', 'AServicesDelete', 'AServicesPeriodsRead'],
    menu: { group: 'administration', label: 'menu.measured_services' },
    screen: () => import('./MeasuredServices.js'),
    query: MeasuredServicesQuery,
    variables: ({ search }) => listVariables(search, ['description']),
    skeleton: 'list',
  },
  { path: `${MEASURED_SERVICES_PATH}/form`, grants: ['AServicesCreate'], ...form },
  { path: `${MEASURED_SERVICES_PATH}/form/:serviceId`, grants: ['AServicesUpdate'], ...form },
];

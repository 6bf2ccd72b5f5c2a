import type { AppRoute } from '../../../../routes.js';
import { listVariables } from '../../../../components/paging.js';
import { globalId } from '../../../../relay/ids.js';
import ServicePeriodsQuery from '../../../../__generated__/ServicePeriodsQuery.graphql.js';
import ServicePeriodFormQuery from '../../../../__generated__/ServicePeriodFormQuery.graphql.js';
import PeriodMeasurementsQuery from '../../../../__generated__/PeriodMeasurementsQuery.graphql.js';
import PeriodReceiptsQuery from '../../../../__generated__/PeriodReceiptsQuery.graphql.js';
import PeriodIncomesQuery from '../../../../__generated__/PeriodIncomesQuery.graphql.js';

/** The house filter as the server takes it: at most 100 characters, no control characters. */
export function houseSearch(search: URLSearchParams): string | null {
  const text = (search.get('house') ?? '')
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 100);
  return text || null;
}

const periodId = (params: Record<string, string | undefined>) => globalId('ServicePeriod', params.periodId);

const periodForm: Partial<AppRoute> = {
  screen: () => import('./ServicePeriodForm.js'),
  query: ServicePeriodFormQuery,
  variables: ({ params }) => ({ serviceId: globalId('MeasuredService', params.serviceId), periodId: periodId(params), edit: !!params.periodId }),
  skeleton: 'form',
};

// Measured-service periods (spec 2 section 2): a service's periods, their form, the capture of readings,
// and the receipts and incomes of an applied period.
export const servicePeriodRoutes: AppRoute[] = [
  {
    path: '/services/:serviceId/periods',
    grants: ['AServicesPeriodsRead'],
    screen: () => import('./ServicePeriods.js'),
    query: ServicePeriodsQuery,
    variables: ({ params, search }) => ({ ...listVariables(search), serviceId: globalId('MeasuredService', params.serviceId) }),
    skeleton: 'list',
  },
  { path: '/services/:serviceId/periods/form', grants: ['AServicesPeriodsCreate'], ...periodForm },
  { path: '/services/:serviceId/periods/form/:periodId', grants: ['AServicesPeriodsUpdate'], ...periodForm },
  {
    path: '/services/:serviceId/periods/:periodId/measurements',
    grants: ['AServicesPeriodsRead'],
    screen: () => import('./PeriodMeasurements.js'),
    query: PeriodMeasurementsQuery,
    variables: ({ params, search }) => ({ ...listVariables(search), house: houseSearch(search), id: periodId(params) }),
    skeleton: 'list',
  },
  {
    path: '/services/:serviceId/periods/:periodId/receipts',
    grants: ['AServicesPeriodsRead'],
    screen: () => import('./PeriodReceipts.js'),
    query: PeriodReceiptsQuery,
    variables: ({ params, search }) => ({ ...listVariables(search), id: periodId(params) }),
    skeleton: 'list',
  },
  {
    path: '/services/:serviceId/periods/:periodId/incomes',
    grants: ['AServicePeriodIncomesRead'],
    screen: () => import('./PeriodIncomes.js'),
    query: PeriodIncomesQuery,
    variables: ({ params, search }) => ({ ...listVariables(search), id: periodId(params) }),
    skeleton: 'list',
  },
];

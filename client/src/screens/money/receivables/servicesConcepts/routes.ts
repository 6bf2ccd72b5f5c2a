import type { AppRoute } from '../../../../routes.js';
import { listVariables } from '../../../../components/paging.js';
import { globalId } from '../../../../relay/ids.js';
import ServicesConceptsQuery from '../../../../__generated__/ServicesConceptsQuery.graphql.js';
import ServiceConceptFormQuery from '../../../../__generated__/ServiceConceptFormQuery.graphql.js';
import { SERVICES_CONCEPTS_PATH } from './paths.js';

const form: Partial<AppRoute> = {
  screen: () => import('./ServiceConceptForm.js'),
  query: ServiceConceptFormQuery,
  variables: ({ params }) => ({ id: globalId('ServiceConcept', params.idConcept), edit: !!params.idConcept }),
  skeleton: 'form',
};

// Measured service concepts (spec 2, spec 3 settings): the lines a measured service charges.
export const servicesConceptsRoutes: AppRoute[] = [
  {
    path: SERVICES_CONCEPTS_PATH,
    grants: ['CServicesConceptsCreate', 'CServicesConceptsUpdate', 'CServicesConceptsDelete'],
    menu: { group: 'configuration', label: 'menu.settings_services_concepts' },
    screen: () => import('./ServicesConcepts.js'),
    query: ServicesConceptsQuery,
    variables: ({ search }) => listVariables(search),
    skeleton: 'list',
  },
  { path: `${SERVICES_CONCEPTS_PATH}/form`, grants: ['CServicesConceptsCreate'], ...form },
  { path: `${SERVICES_CONCEPTS_PATH}/form/:idConcept`, grants: ['CServicesConceptsUpdate'], ...form },
];

import type { AppRoute } from '../../../../routes.js';
import { listVariables } from '../../../../components/paging.js';
import { globalId } from '../../../../relay/ids.js';
import IncomeConceptsQuery from '../../../../__generated__/IncomeConceptsQuery.graphql.js';
import IncomeConceptFormQuery from '../../../../__generated__/IncomeConceptFormQuery.graphql.js';

const CONCEPT_GRANTS = ['CConceptsRead', 'CConceptCreate', 'CConceptUpdate', 'CConceptDelete'];

const incomeConceptForm = {
  screen: () => import('./IncomeConceptForm.js'),
  query: IncomeConceptFormQuery,
  variables: ({ params }) => ({ id: globalId('IncomeConcept', params.conceptId), edit: !!params.conceptId }),
  skeleton: 'form',
} satisfies Partial<AppRoute>;

// Income concepts (with the community's wallets).
export const incomeConceptsRoutes: AppRoute[] = [
  {
    path: '/neighborhood/settings/concepts',
    grants: CONCEPT_GRANTS,
    menu: { group: 'configuration', label: 'menu.settings_concepts' },
    screen: () => import('./IncomeConcepts.js'),
    query: IncomeConceptsQuery,
    variables: ({ search }) => listVariables(search, ['description']),
    skeleton: 'list',
  },
  { path: '/neighborhood/settings/concepts/form', grants: ['CConceptCreate'], ...incomeConceptForm },
  { path: '/neighborhood/settings/concepts/:conceptId/edit', grants: ['CConceptUpdate'], ...incomeConceptForm },
];

import type { AppRoute } from '../../../routes.js';
import { listVariables } from '../../../components/paging.js';
import { globalId } from '../../../relay/ids.js';
import RevisionPointsQuery from '../../../__generated__/RevisionPointsQuery.graphql.js';
import RevisionPointFormQuery from '../../../__generated__/RevisionPointFormQuery.graphql.js';

const form = {
  screen: () => import('./RevisionPointForm.js'),
  query: RevisionPointFormQuery,
  variables: ({ params }) => ({ id: globalId('RevisionPoint', params.revisionPointId), edit: !!params.revisionPointId }),
  skeleton: 'form',
} satisfies Partial<AppRoute>;

// Vehicle revision points and their schedules.
export const revisionPointsRoutes: AppRoute[] = [
  {
    path: '/neighborhood/settings/revision-points',
    grants: ['CRevisionPointRead', 'CRevisionPointCreate', 'CRevisionPointUpdate', 'CRevisionPointDelete'],
    menu: { group: 'configuration', label: 'menu.settings_revision_points' },
    screen: () => import('./RevisionPoints.js'),
    query: RevisionPointsQuery,
    variables: ({ search }) => listVariables(search, ['name']),
    skeleton: 'list',
  },
  { path: '/neighborhood/settings/revision-points/form', grants: ['CRevisionPointCreate'], ...form },
  { path: '/neighborhood/settings/revision-points/form/:revisionPointId', grants: ['CRevisionPointUpdate'], ...form },
];

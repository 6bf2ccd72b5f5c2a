import type { AppRoute } from '../../../routes.js';

// Vehicle revision points and their schedules.
export const revisionPointsRoutes: AppRoute[] = [
  {
    path: '/neighborhood/settings/revision-points',
    grants: ['CRevisionPointRead'],
    menu: { group: 'configuration', label: 'menu.settings_revision_points' },
  },
];

import type { AppRoute } from '../../routes.js';

// Spec routes that no issue has built yet: they have no screen, so they show the "coming soon" page of
// their area. Each table sits in the route list where its menu entries belong.
export const comingSoonPropertyRoutes: AppRoute[] = [];
export const comingSoonAdministrationRoutes: AppRoute[] = [];
export const comingSoonAccountRoutes: AppRoute[] = [];

// Loaded on demand by route loaders (router/screenRoute.tsx): Relay's runtime stays off the sign-in page.
export { loadQuery } from 'react-relay';
export { environment } from './environment.js';

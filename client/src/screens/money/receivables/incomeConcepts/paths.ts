/** Where the screens of this area live. */
export const CONCEPTS_PATH = '/neighborhood/settings/concepts';

/** Where the screens of this area live. */
export const EXPENSE_SETTINGS_PATH = '/neighborhood/settings/expenses';
export const EXPENSE_CONCEPTS_PATH = '/neighborhood/settings/expenses/concepts';

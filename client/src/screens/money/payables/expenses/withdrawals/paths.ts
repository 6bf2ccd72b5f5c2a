/** The withdrawals list (history of the builder's withdrawals, their status and error). */
export const WITHDRAWALS_PATH = '/expenses/withdrawals';

// Who may add people (residents, administration users, house owners) to a community. Adding a person
// sends them an e-mail and creates their user: an account whose own address is unconfirmed could use
// that to send mail to anyone, or to take addresses it does not own. So whoever adds people must have
// verified their own e-mail first (a new community's administrator, an owner who signed up alone).
import type { Actor } from '../kernel/context.js';
import { ForbiddenError } from '../kernel/errors.js';
import { message } from '../kernel/reasons.js';

export const VERIFY_EMAIL_FIRST = message('EMAIL_NOT_VERIFIED');

/** Refuses (403) an actor whose e-mail is not verified. */
export function assertMayAddPeople(actor: Pick<Actor, 'emailVerified'> | null | undefined): void {
  if (!actor?.emailVerified) throw new ForbiddenError('EMAIL_NOT_VERIFIED');
}

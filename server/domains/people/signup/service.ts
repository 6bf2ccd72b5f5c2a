// Public sign-up of a new community with its first administrator (a new person or an existing account).
// Throttled per address; a new person's e-mail stays unverified until the mailed code, and until then
// they cannot add people (auth/people.ts assertMayAddPeople).
import { isUniqueViolation } from '../../../kernel/dbErrors.js';
import { parseInput } from '../../../kernel/input.js';
import { ConflictError, reason } from '../../../kernel/errors.js';
import { write } from '../../../kernel/write.js';
import { hashPassword } from '../../../auth/passwords.js';
import { attemptSucceeded, SIGN_UP_KEY, SIGN_UP_RULES, takeAttempt } from '../../../auth/rateLimit.js';
import { checkCredentials, continueAs, insertSession, type SessionContext } from '../session/service.js';
import { newEmailCode } from '../users/service.js';
import { SignUpSchema } from '../../../../core/signUp.js';
import { createCommunity } from '../../community/neighborhoods/service.js';
import { kickMailer, queueEmail } from '../../../infra/mail/outbox.js';
import { addMembership, createRegisteredPerson } from '../accounts/service.js';

export { SignUpSchema };

/** Registers a new community with its first administrator (a new person or an existing account) and signs in. */
export async function signUpCommunity(ctx: SessionContext, raw: unknown) {
  const input = parseInput(SignUpSchema, raw);
  // At most SIGN_UP_RULES sign-ups per address (atomic: recorded before anything is checked).
  await takeAttempt(ctx.prisma, SIGN_UP_KEY, ctx.ip, SIGN_UP_RULES);

  let existingUserId: number | null = null;
  if (input.login) {
    const { user, attempt } = await checkCredentials(ctx, input.login.email, input.login.password);
    await attemptSucceeded(ctx.prisma, attempt);
    existingUserId = user.id;
  }
  const newPerson = input.user ? { ...input.user, passwordHash: await hashPassword(input.user.password), emailCode: newEmailCode() } : null;

  // All or nothing: a racing sign-up for the same domain or e-mail fails whole, with a 409 (unique indexes).
  ctx.idempotencyKey = null;
  const { communityId, session } = await write(ctx, {}, async ({ tx, audit, afterCommit }) => {
    const adminUserId =
      existingUserId ??
      (await createRegisteredPerson(tx, {
        email: newPerson!.email,
        firstName: newPerson!.firstName,
        lastName: newPerson!.lastName,
        passwordHash: newPerson!.passwordHash,
        emailCode: newPerson!.emailCode,
      }).catch((error) => {
        if (isUniqueViolation(error)) throw new ConflictError('SIGNUP_EMAIL_TAKEN');
        throw error;
      }));
    const community = await createCommunity(tx, {
      name: input.neighborhood.name,
      domain: input.neighborhood.domain,
      neighborhoodType: input.neighborhood.neighborhoodType,
      country: input.neighborhood.country,
    }).catch((error) => {
      if (isUniqueViolation(error)) throw new ConflictError(reason('DOMAIN_TAKEN', { domain: input.neighborhood.domain }));
      throw error;
    });
    const adminRole = community.roles.find((r) => r.kind === 'ADMIN')!;
    const membership = await addMembership(tx, { neighborhoodId: community.id, userId: adminUserId, roleId: adminRole.id });
    if (newPerson) {
      await queueEmail(tx, {
        to: newPerson.email,
        subject: 'Verifica tu correo electrónico',
        text: `Bienvenido a ${community.name}. Para verificar tu correo usa el código ${newPerson.emailCode} o abre ${ctx.config.publicUrl ?? ''}/verify-email/${newPerson.emailCode}. Hasta entonces no podrás registrar personas en tu comunidad.`,
        neighborhoodId: community.id,
      });
      afterCommit(() => kickMailer(ctx.prisma));
    }
    const session = await insertSession(tx, ctx, { userId: adminUserId, membershipId: membership.id, viaCookie: true });
    await audit({
      action: 'SIGN_UP_COMMUNITY',
      entity: 'Neighborhood',
      entityId: community.id,
      data: { domain: community.domain, existingLogin: !!input.login },
      userId: adminUserId,
      neighborhoodId: community.id,
    });
    return { communityId: community.id, session };
  });
  await continueAs(ctx, session);
  return communityId;
}

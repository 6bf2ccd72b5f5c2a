import { rowId } from '../../../kernel/ids.js';
import { builder } from '../../../graphql/builder.js';
import { ConflictError, InputError, NotFoundError, TooManyAttemptsError } from '../../../kernel/errors.js';
import type { Context } from '../../../kernel/context.js';
import { changePassword, requestEmailChange, updateBasicData, verifyEmail } from './service.js';
import { passwordCodeInfo, requestPasswordRecovery, setupPasswordWithCode } from './passwordCode.js';

/** Grants of those who manage the people of a community (administration users, residents, owners). */
const PEOPLE_MANAGERS = ['CUsersRead', 'AResidentsRead', 'AHousesRead'] as const;

function managesPeople(ctx: Context) {
  return PEOPLE_MANAGERS.some((g) => ctx.actor?.grants.has(g));
}

/** An active (accepted, not pending) account of the person in the actor's current community. */
function inActorsCommunity(ctx: Context) {
  return { neighborhoodId: ctx.actor?.neighborhoodId ?? -1, active: true, pending: false };
}

/** What deciding whether the profile is readable needs, selected with the field (no extra query per row). */
const profileAccess = (_args: unknown, ctx: Context) => ({
  id: true,
  memberships: { where: inActorsCommunity(ctx), select: { id: true }, take: 1 },
});

/**
 * A person's profile (mobile, landline, birth date) is readable by the person, or by someone who manages
 * people of a community where the person has an active account; to anyone else it reads as null.
 */
function mayReadProfile(user: { id: number; memberships: { id: number }[] }, ctx: Context) {
  if (!ctx.actor) return false;
  return user.id === ctx.actor.userId || (managesPeople(ctx) && user.memberships.length > 0);
}

export const UserRef = builder.prismaNode('User', {
  id: { field: 'id' },
  // Select mode: a read selects the columns its fields ask for, not the whole row.
  select: { id: true },
  nullable: true,
  // The viewer; other people only for those who manage people of the current community (active accounts).
  findUnique: (id, ctx) => ({
    id: rowId(id),
    OR: [{ id: ctx.actor?.userId ?? -1 }, ...(managesPeople(ctx) ? [{ memberships: { some: inActorsCommunity(ctx) } }] : [])],
  }),
  authScopes: { signedIn: true },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName', { nullable: true }),
    email: t.exposeString('email'),
    newEmail: t.string({
      nullable: true,
      description: 'Address waiting for verification (only the person sees it)',
      select: { id: true, newEmail: true },
      resolve: (u, _a, ctx) => (u.id === ctx.actor?.userId ? u.newEmail : null),
    }),
    birthDate: t.field({
      type: 'Date',
      nullable: true,
      select: (args, ctx) => ({ ...profileAccess(args, ctx), birthDate: true }),
      resolve: (u, _a, ctx) => (mayReadProfile(u, ctx) ? u.birthDate : null),
    }),
    mobile: t.string({
      nullable: true,
      select: (args, ctx) => ({ ...profileAccess(args, ctx), mobile: true }),
      resolve: (u, _a, ctx) => (mayReadProfile(u, ctx) ? u.mobile : null),
    }),
    landline: t.string({
      nullable: true,
      select: (args, ctx) => ({ ...profileAccess(args, ctx), landline: true }),
      resolve: (u, _a, ctx) => (mayReadProfile(u, ctx) ? u.landline : null),
    }),
    superAdmin: t.exposeBoolean('superAdmin'),
    emailVerified: t.exposeBoolean('emailVerified'),
  }),
});

builder.queryField('viewer', (t) =>
  t.prismaField({
    type: 'User',
    nullable: true,
    description: 'The signed-in user, or null.',
    resolve: (query, _root, _args, ctx) => (ctx.actor ? ctx.prisma.user.findUnique({ ...query, where: { id: ctx.actor.userId } }) : null),
  }),
);

const UserPayload = builder.objectRef<{ userId: number }>('UserPayload').implement({
  fields: (t) => ({
    user: t.prismaField({
      type: 'User',
      resolve: (query, p, _a, ctx) => ctx.prisma.user.findUniqueOrThrow({ ...query, where: { id: p.userId } }),
    }),
  }),
});

const BasicDataInput = builder.inputType('UpdateMyBasicDataInput', {
  fields: (t) => ({
    firstName: t.string({ required: true }),
    lastName: t.string({ required: false }),
    birthDate: t.string({ required: false, description: 'YYYY-MM-DD' }),
    mobile: t.string({ required: false }),
    landline: t.string({ required: false }),
  }),
});

builder.mutationField('updateMyBasicData', (t) =>
  t.field({
    type: UserPayload,
    authScopes: { signedIn: true },
    errors: { types: [InputError] },
    args: { input: t.arg({ type: BasicDataInput, required: true }) },
    resolve: async (_r, { input }, ctx) => ({ userId: await updateBasicData(ctx, input) }),
  }),
);

const EmailChangeInput = builder.inputType('ChangeMyEmailInput', {
  fields: (t) => ({ oldEmail: t.string({ required: true }), email: t.string({ required: true }) }),
});

builder.mutationField('changeMyEmail', (t) =>
  t.field({
    type: UserPayload,
    description: 'Sends a verification code to the new address; the e-mail changes once it is verified.',
    authScopes: { signedIn: true },
    errors: { types: [InputError, ConflictError] },
    args: { input: t.arg({ type: EmailChangeInput, required: true }) },
    resolve: async (_r, { input }, ctx) => ({ userId: await requestEmailChange(ctx, input) }),
  }),
);

const VerifyEmailInput = builder.inputType('VerifyEmailInput', { fields: (t) => ({ code: t.string({ required: true }) }) });

const VerifyEmailPayload = builder.objectRef<{ ok: boolean }>('VerifyEmailPayload').implement({
  fields: (t) => ({ ok: t.exposeBoolean('ok') }),
});

builder.mutationField('verifyEmail', (t) =>
  t.field({
    type: VerifyEmailPayload,
    errors: { types: [NotFoundError, ConflictError] },
    args: { input: t.arg({ type: VerifyEmailInput, required: true }) },
    resolve: async (_r, { input }, ctx) => {
      await verifyEmail(ctx, input.code);
      return { ok: true };
    },
  }),
);

const PasswordChangeInput = builder.inputType('ChangeMyPasswordInput', {
  fields: (t) => ({
    currentPassword: t.string({ required: true }),
    password: t.string({ required: true }),
    passwordConfirmation: t.string({ required: true }),
  }),
});

builder.mutationField('changeMyPassword', (t) =>
  t.field({
    type: UserPayload,
    description: 'Changes the password and ends every other session of the user; guesses of the current password are throttled like sign-in.',
    authScopes: { signedIn: true },
    errors: { types: [InputError, TooManyAttemptsError] },
    args: { input: t.arg({ type: PasswordChangeInput, required: true }) },
    resolve: async (_r, { input }, ctx) => {
      return { userId: await changePassword(ctx, input) };
    },
  }),
);

const RecoverInput = builder.inputType('RequestPasswordRecoveryInput', {
  fields: (t) => ({ email: t.string({ required: true }), domain: t.string({ required: false }) }),
});

builder.mutationField('requestPasswordRecovery', (t) =>
  t.field({
    type: VerifyEmailPayload,
    description: 'Mails a link to choose a new password when the account exists; answers the same either way.',
    errors: { types: [InputError] },
    args: { input: t.arg({ type: RecoverInput, required: true }) },
    resolve: async (_r, { input }, ctx) => {
      await requestPasswordRecovery(ctx, input);
      return { ok: true };
    },
  }),
);

const PasswordCodeInfo = builder.objectRef<{ email: string; firstName: string }>('PasswordCodeInfo').implement({
  fields: (t) => ({ email: t.exposeString('email'), firstName: t.exposeString('firstName') }),
});

builder.queryField('passwordCode', (t) =>
  t.field({
    type: PasswordCodeInfo,
    nullable: true,
    description: 'Who a password setup code belongs to; null when it is unknown or expired.',
    args: { code: t.arg.string({ required: true }) },
    resolve: (_r, { code }, ctx) => passwordCodeInfo(ctx, code).catch((error) => (error instanceof NotFoundError ? null : Promise.reject(error))),
  }),
);

const SetupPasswordInput = builder.inputType('SetupPasswordInput', {
  fields: (t) => ({
    code: t.string({ required: true }),
    password: t.string({ required: true }),
    passwordConfirmation: t.string({ required: true }),
  }),
});

builder.mutationField('setupPassword', (t) =>
  t.field({
    type: UserPayload,
    description: 'Sets the password with a mailed code and signs in.',
    errors: { types: [InputError, NotFoundError] },
    args: { input: t.arg({ type: SetupPasswordInput, required: true }) },
    resolve: async (_r, { input }, ctx) => ({ userId: await setupPasswordWithCode(ctx, input) }),
  }),
);

import { builder, grants } from '../../../graphql/builder.js';
import { communityOf, actorOf } from '../../../kernel/context.js';
import { ConflictError, InputError, NotFoundError } from '../../../kernel/errors.js';
import { rowId } from '../../../kernel/ids.js';
import { HouseRef } from '../../property/houses/house.js';
import { SessionRef } from '../session/session.js';
import { MailDeliveryError } from '../../../infra/mail/sender.js';
import {
  bulkSentMessage,
  completeSignup,
  NONE_SENT_MESSAGE,
  resendHouseSignupCode,
  resendHouseSignupCodes,
  resendSignupCode,
  saveSignupProfile,
  signupCodeInfo,
  type SignupCodeInfo,
} from './service.js';
import { acceptInvitation, declineInvitation, myInvitations, type InvitationView } from './invitations.js';

// ---- Administration ----

const ResendHouseSignupCodePayload = builder.objectRef<{ houseId: number; domain: string; message: string }>('ResendHouseSignupCodePayload').implement({
  description: 'The activation e-mail went out again. The code itself is never answered: it travels only by e-mail.',
  fields: (t) => ({
    message: t.exposeString('message', { description: '"El email ha sido reenviado"' }),
    domain: t.exposeString('domain'),
    house: t.prismaField({
      type: 'House',
      resolve: (query, p, _a, ctx) => ctx.prisma.house.findFirstOrThrow({ ...query, where: { id: p.houseId, neighborhoodId: communityOf(ctx) } }),
    }),
  }),
});

builder.mutationField('resendHouseSignupCode', (t) =>
  t.field({
    type: ResendHouseSignupCodePayload,
    description: "Mails the house owner's activation link again (the owner has no password yet).",
    ...grants('AHousesUpdate', 'AActivationBulkCreate'),
    errors: { types: [NotFoundError, ConflictError, MailDeliveryError] },
    args: {
      input: t.arg({
        type: builder.inputType('ResendHouseSignupCodeInput', { fields: (f) => ({ houseId: f.globalID({ required: true, for: HouseRef }) }) }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => resendHouseSignupCode(ctx, rowId(input.houseId.id)),
  }),
);

const ResendHouseSignupCodesPayload = builder.objectRef<{ count: number }>('ResendHouseSignupCodesPayload').implement({
  fields: (t) => ({
    count: t.exposeInt('count', { description: 'E-mails queued: one per owner without a password (not mailed in the last 10 minutes)' }),
    message: t.string({ resolve: (p) => (p.count ? bulkSentMessage(p.count) : NONE_SENT_MESSAGE) }),
  }),
});

builder.mutationField('resendHouseSignupCodes', (t) =>
  t.field({
    type: ResendHouseSignupCodesPayload,
    description: 'Mails the activation link to every owner of the community who has not chosen a password yet.',
    ...grants('AActivationBulkCreate'),
    resolve: async (_r, _a, ctx) => ({ count: await resendHouseSignupCodes(ctx) }),
  }),
);

// ---- Public: /signup/{code} ----

const SignupCodeKindEnum = builder.enumType('SignupCodeKind', {
  values: {
    HOUSE: { description: "A house's code: opens its owner's account" },
    USER: { description: "A person's own code (registered by an administrator)" },
  },
});

export const SignupCodeInfoRef = builder.objectRef<SignupCodeInfo>('SignupCodeInfo').implement({
  description:
    "What an activation code opens. Once the person has a password the code is used: every field but hasPassword and used is null (the person's data are not told to whoever holds an old link).",
  fields: (t) => ({
    kind: t.field({ type: SignupCodeKindEnum, nullable: true, resolve: (i) => i.kind }),
    neighborhoodName: t.exposeString('neighborhoodName', { nullable: true }),
    domain: t.exposeString('domain', { nullable: true }),
    houseLabel: t.exposeString('houseLabel', { nullable: true }),
    email: t.exposeString('email', { nullable: true }),
    firstName: t.exposeString('firstName', { nullable: true }),
    lastName: t.exposeString('lastName', { nullable: true }),
    mobile: t.exposeString('mobile', { nullable: true }),
    hasPassword: t.exposeBoolean('hasPassword', { description: 'The person already chose a password: the code no longer works; sign in instead' }),
    used: t.exposeBoolean('used', { description: 'The code no longer works (the person has a password)' }),
  }),
});

builder.queryField('signupCode', (t) =>
  t.field({
    type: SignupCodeInfoRef,
    nullable: true,
    description: 'Public: what an activation code opens; null when the code does not exist.',
    args: { code: t.arg.string({ required: true }), domain: t.arg.string({ required: false }) },
    resolve: (_r, { code, domain }, ctx) => signupCodeInfo(ctx, code, domain),
  }),
);

const ResendSignupCodeInput = builder.inputType('ResendSignupCodeInput', {
  fields: (f) => ({
    code: f.string({ required: true }),
    domain: f.string({ required: false, description: 'Community domain of the legacy path /auth/{domain}/...' }),
  }),
});

const SaveSignupProfileInput = builder.inputType('SaveSignupProfileInput', {
  fields: (f) => ({
    code: f.string({ required: true }),
    domain: f.string({ required: false }),
    firstName: f.string({ required: true }),
    lastName: f.string({ required: false }),
    mobile: f.string({ required: false }),
  }),
});

const CompleteSignupInput = builder.inputType('CompleteSignupInput', {
  fields: (f) => ({
    code: f.string({ required: true }),
    domain: f.string({ required: false }),
    firstName: f.string({ required: false, description: 'Kept as registered when absent' }),
    lastName: f.string({ required: false }),
    mobile: f.string({ required: false }),
    password: f.string({ required: true }),
    passwordConfirmation: f.string({ required: false }),
  }),
});

const MessagePayload = builder.objectRef<{ message: string }>('ResendSignupCodePayload').implement({
  fields: (t) => ({ message: t.exposeString('message', { description: '"El email ha sido reenviado"' }) }),
});

builder.mutationField('resendSignupCode', (t) =>
  t.field({
    type: MessagePayload,
    description: 'Public: mails the activation link of a code again (at most every 30 seconds).',
    errors: { types: [InputError, NotFoundError, ConflictError, MailDeliveryError] },
    args: { input: t.arg({ type: ResendSignupCodeInput, required: true }) },
    resolve: async (_r, { input }, ctx) => ({ message: await resendSignupCode(ctx, input) }),
  }),
);

const SaveSignupProfilePayload = builder.objectRef<{ info: SignupCodeInfo }>('SaveSignupProfilePayload').implement({
  fields: (t) => ({ signupCode: t.field({ type: SignupCodeInfoRef, resolve: (p) => p.info }) }),
});

builder.mutationField('saveSignupProfile', (t) =>
  t.field({
    type: SaveSignupProfilePayload,
    description: "Public: saves the person's name and mobile before they choose the password.",
    errors: { types: [InputError, NotFoundError] },
    args: { input: t.arg({ type: SaveSignupProfileInput, required: true }) },
    resolve: async (_r, { input }, ctx) => ({ info: await saveSignupProfile(ctx, input) }),
  }),
);

const CompleteSignupPayload = builder.objectRef<{ userId: number }>('CompleteSignupPayload').implement({
  fields: (t) => ({ session: t.field({ type: SessionRef, resolve: (_p, _a, ctx) => actorOf(ctx) }) }),
});

builder.mutationField('completeSignup', (t) =>
  t.field({
    type: CompleteSignupPayload,
    description: 'Public: sets the profile and the first password of an activation code and signs in (session cookie).',
    errors: { types: [InputError, NotFoundError] },
    args: { input: t.arg({ type: CompleteSignupInput, required: true }) },
    resolve: async (_r, { input }, ctx) => ({ userId: await completeSignup(ctx, input) }),
  }),
);

// ---- Invitations (signed-in person) ----

const InvitationRef = builder.objectRef<InvitationView>('Invitation').implement({
  description: 'A community invites the signed-in person (who has an account, or belongs to another community); nothing opens until they accept.',
  fields: (t) => ({
    code: t.exposeString('code', { description: 'The code of the e-mailed link /invitations/{code}' }),
    communityName: t.exposeString('communityName'),
    roleName: t.exposeString('roleName'),
    houseLabel: t.exposeString('houseLabel', { nullable: true }),
    invitedAt: t.expose('invitedAt', { type: 'DateTime', nullable: true }),
  }),
});

builder.queryField('myInvitations', (t) =>
  t.field({
    type: [InvitationRef],
    description: "The signed-in person's pending invitations.",
    authScopes: { signedIn: true },
    resolve: (_r, _a, ctx) => myInvitations(ctx),
  }),
);

const InvitationCodeInput = builder.inputType('InvitationCodeInput', { fields: (f) => ({ code: f.string({ required: true }) }) });

const AcceptInvitationPayload = builder.objectRef<{ membershipId: number; neighborhoodId: number }>('AcceptInvitationPayload').implement({
  fields: (t) => ({
    accountId: t.exposeInt('membershipId', { description: 'The account now open to the person (switchAccount to use it)' }),
    neighborhood: t.prismaField({
      type: 'Neighborhood',
      resolve: (query, p, _a, ctx) => ctx.prisma.neighborhood.findUniqueOrThrow({ ...query, where: { id: p.neighborhoodId } }),
    }),
  }),
});

builder.mutationField('acceptInvitation', (t) =>
  t.field({
    type: AcceptInvitationPayload,
    description: 'The signed-in person accepts an invitation: the account becomes active (an owner invitation moves the house to them).',
    authScopes: { signedIn: true },
    errors: { types: [InputError, NotFoundError, ConflictError] },
    args: { input: t.arg({ type: InvitationCodeInput, required: true }) },
    resolve: (_r, { input }, ctx) => acceptInvitation(ctx, input),
  }),
);

builder.mutationField('declineInvitation', (t) =>
  t.field({
    type: 'Boolean',
    description: 'The signed-in person declines an invitation: the pending account is removed.',
    authScopes: { signedIn: true },
    errors: { types: [InputError, NotFoundError] },
    args: { input: t.arg({ type: InvitationCodeInput, required: true }) },
    resolve: (_r, { input }, ctx) => declineInvitation(ctx, input),
  }),
);

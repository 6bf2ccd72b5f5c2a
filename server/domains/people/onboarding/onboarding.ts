import { builder, grants } from '../../../graphql/builder.js';
import { communityOf } from '../../../kernel/context.js';
import { ErrorInterface } from '../../../graphql/errorTypes.js';
import { ConflictError, InputError, NotFoundError } from '../../../kernel/errors.js';
import { NeighborhoodRef, NeighborhoodTypeEnum } from '../../community/neighborhoods/neighborhood.js';
import {
  OnboardingUnavailableError,
  onboardingCommunity,
  registerOnboardingOwner,
  setOnboardingMode,
  type OnboardingCommunity,
  type Registration,
} from './service.js';

export const OnboardingModeEnum = builder.enumType('OnboardingMode', {
  description: 'Public owner registration of a community.',
  values: {
    CLOSED: { description: 'No public registration (405)' },
    PAUSED: { description: 'Paused by the administration (423)' },
    REVIEW: { description: 'Registrations wait for the administration; nobody is signed in' },
    SIGN_IN: { description: 'The signed-in owner goes on to their new house; new people wait for their invitation' },
    SIGN_UP: { description: 'People without a password get the /signup/{code} link by e-mail at once' },
  },
});

// The community's mode, on the Neighborhood node (administrators set it with setOnboardingMode).
builder.objectField(NeighborhoodRef, 'onboarding', (t) => t.expose('onboarding', { type: OnboardingModeEnum }));

builder.objectType(OnboardingUnavailableError, {
  name: 'OnboardingUnavailableError',
  description: 'The community does not take registrations: code 405 when closed, 423 while paused.',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof OnboardingUnavailableError,
  fields: (t) => ({ mode: t.field({ type: OnboardingModeEnum, resolve: (e) => e.mode }) }),
});

type Named = { id: number; name: string };
const OnboardingPlace = builder.objectRef<Named>('OnboardingPlace').implement({
  description: 'A street, condominium or mall to choose in the registration form.',
  fields: (t) => ({ databaseId: t.exposeInt('id'), name: t.exposeString('name') }),
});

type PublicHouseType = OnboardingCommunity['houseTypes'][number];
const OnboardingHouseType = builder.objectRef<PublicHouseType>('OnboardingHouseType').implement({
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    title: t.exposeString('title'),
    defaultName: t.exposeString('defaultName', { nullable: true }),
    requireDimension: t.exposeBoolean('requireDimension'),
    requireCondominium: t.exposeBoolean('requireCondominium'),
    requireBlock: t.exposeBoolean('requireBlock'),
    requireLot: t.exposeBoolean('requireLot'),
    requireStreet: t.exposeBoolean('requireStreet'),
    requireExteriorNumber: t.exposeBoolean('requireExteriorNumber'),
    requireInteriorNumber: t.exposeBoolean('requireInteriorNumber'),
    requireMall: t.exposeBoolean('requireMall'),
  }),
});

const OnboardingCommunityRef = builder.objectRef<OnboardingCommunity>('OnboardingCommunity').implement({
  description: 'What the public registration form of a community shows.',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    name: t.exposeString('name'),
    domain: t.exposeString('domain'),
    neighborhoodType: t.expose('neighborhoodType', { type: NeighborhoodTypeEnum }),
    urlLogo: t.exposeString('urlLogo', { nullable: true }),
    mode: t.expose('onboarding', { type: OnboardingModeEnum }),
    houseTypes: t.field({ type: [OnboardingHouseType], description: 'Types not hidden to the public', resolve: (c) => c.houseTypes }),
    streets: t.field({ type: [OnboardingPlace], resolve: (c) => c.streets }),
    condominiums: t.field({ type: [OnboardingPlace], resolve: (c) => c.condominiums }),
    malls: t.field({ type: [OnboardingPlace], resolve: (c) => c.malls }),
  }),
});

builder.queryField('onboardingCommunity', (t) =>
  t.field({
    type: OnboardingCommunityRef,
    description: 'Public: a community open to owner registration, by domain or id.',
    errors: { types: [NotFoundError, OnboardingUnavailableError] },
    args: { domain: t.arg.string({ required: false }), neighborhoodId: t.arg.int({ required: false }) },
    resolve: (_r, args, ctx) => onboardingCommunity(ctx, args),
  }),
);

const OnboardingOutcomeEnum = builder.enumType('OnboardingOutcome', {
  values: {
    SIGN_IN: { description: 'The signed-in visitor registered a house for their own account: sign in on it with email and houseId' },
    COMPLETED: { description: 'Registered; emailSent: the /signup/{code} link went to the e-mail typed (sign-up codes never go to the screen)' },
  },
});

const RegisterOnboardingOwnerPayload = builder.objectRef<Registration>('RegisterOnboardingOwnerPayload').implement({
  fields: (t) => ({
    outcome: t.field({ type: OnboardingOutcomeEnum, resolve: (r) => r.outcome }),
    houseId: t.exposeInt('houseId', { description: 'Database id of the house (the id_house of sign-in)' }),
    email: t.exposeString('email'),
    emailSent: t.exposeBoolean('emailSent'),
  }),
});

const OnboardingUserInput = builder.inputType('OnboardingUserInput', {
  fields: (t) => ({
    firstName: t.string({ required: true }),
    lastName: t.string({ required: false }),
    email: t.string({ required: true }),
    mobile: t.string({ required: false }),
  }),
});

const OnboardingHouseInput = builder.inputType('OnboardingHouseInput', {
  description: 'Location fields the house type does not require are dropped. A place goes by id, or by name (found or created).',
  fields: (t) => ({
    houseTypeId: t.int({ required: true }),
    streetId: t.int({ required: false }),
    street: t.string({ required: false }),
    condominiumId: t.int({ required: false }),
    condominium: t.string({ required: false }),
    mallId: t.int({ required: false }),
    mall: t.string({ required: false }),
    block: t.string({ required: false }),
    lot: t.string({ required: false }),
    exteriorNumber: t.string({ required: false }),
    interiorNumber: t.string({ required: false }),
  }),
});

builder.mutationField('registerOnboardingOwner', (t) =>
  t.field({
    type: RegisterOnboardingOwnerPayload,
    description: 'Public: registers the visitor as owner of a house of a community open to onboarding.',
    errors: { types: [InputError, NotFoundError, OnboardingUnavailableError, ConflictError] },
    args: {
      input: t.arg({
        type: builder.inputType('RegisterOnboardingOwnerInput', {
          fields: (f) => ({
            domain: f.string({ required: false }),
            neighborhoodId: f.int({ required: false }),
            user: f.field({ type: OnboardingUserInput, required: true }),
            house: f.field({ type: OnboardingHouseInput, required: true }),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => registerOnboardingOwner(ctx, input),
  }),
);

const SetOnboardingModePayload = builder.objectRef<{ id: number }>('SetOnboardingModePayload').implement({
  fields: (t) => ({
    neighborhood: t.prismaField({
      type: 'Neighborhood',
      resolve: (query, p, _a, ctx) => ctx.prisma.neighborhood.findUniqueOrThrow({ ...query, where: { id: p.id } }),
    }),
  }),
});

builder.mutationField('setOnboardingMode', (t) =>
  t.field({
    type: SetOnboardingModePayload,
    description: 'Opens, pauses or closes the public owner registration of the current community.',
    ...grants('CUsersUpdate'),
    args: {
      input: t.arg({
        type: builder.inputType('SetOnboardingModeInput', { fields: (f) => ({ mode: f.field({ type: OnboardingModeEnum, required: true }) }) }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => {
      communityOf(ctx);
      return { id: await setOnboardingMode(ctx, input.mode) };
    },
  }),
);

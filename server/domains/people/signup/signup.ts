import { builder } from '../../../graphql/builder.js';
import { actorOf } from '../../../kernel/context.js';
import { ConflictError, InputError, SignInError, TooManyAttemptsError } from '../../../kernel/errors.js';
import { NeighborhoodTypeEnum } from '../../community/neighborhoods/neighborhood.js';
import { SessionRef } from '../session/session.js';
import { signUpCommunity } from './service.js';

const SignUpNeighborhoodInput = builder.inputType('SignUpNeighborhoodInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    domain: t.string({ required: true, description: 'Slug used in sign-in and public pages: a-z, 0-9, - and _' }),
    neighborhoodType: t.field({ type: NeighborhoodTypeEnum, required: false }),
    country: t.string({ required: false, description: 'Default México' }),
  }),
});

const SignUpUserInput = builder.inputType('SignUpUserInput', {
  fields: (t) => ({
    firstName: t.string({ required: true }),
    lastName: t.string({ required: false }),
    email: t.string({ required: true }),
    password: t.string({ required: true }),
  }),
});

const SignUpLoginInput = builder.inputType('SignUpLoginInput', {
  fields: (t) => ({ email: t.string({ required: true }), password: t.string({ required: true }) }),
});

const SignUpInput = builder.inputType('SignUpCommunityInput', {
  fields: (t) => ({
    neighborhood: t.field({ type: SignUpNeighborhoodInput, required: true }),
    user: t.field({ type: SignUpUserInput, required: false, description: 'A new person as first administrator' }),
    login: t.field({ type: SignUpLoginInput, required: false, description: 'Or an existing account' }),
  }),
});

const SignUpPayload = builder.objectRef<{ neighborhoodId: number }>('SignUpCommunityPayload').implement({
  fields: (t) => ({ session: t.field({ type: SessionRef, resolve: (_p, _a, ctx) => actorOf(ctx) }) }),
});

builder.mutationField('signUpCommunity', (t) =>
  t.field({
    type: SignUpPayload,
    description: 'Registers a new community with its first administrator and signs in (session cookie).',
    errors: { types: [InputError, ConflictError, SignInError, TooManyAttemptsError] },
    args: { input: t.arg({ type: SignUpInput, required: true }) },
    resolve: async (_r, { input }, ctx) => ({ neighborhoodId: await signUpCommunity(ctx, input) }),
  }),
);

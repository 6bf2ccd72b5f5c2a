import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder, grants, idempotencyKeyField, MAX_PAGE_SIZE, offsetSkip } from '../../../graphql/builder.js';
import { communityOf, type ServiceContext } from '../../../kernel/context.js';
import { ConflictError, InputError, NotFoundError } from '../../../kernel/errors.js';
import { rowId } from '../../../kernel/ids.js';
import { RESERVATION_UNITS } from '../../../../core/amenities.js';
import { amenityWhere, createAmenity, deleteAmenity, receiptConceptOptions, setAmenityEnabled, updateAmenity } from './service.js';

/** Who may read amenities: their configuration (settings) and the administration's list with enable and disable. */
export const AMENITY_READERS = ['CAmenitiesRead', 'CAmenitiesCreate', 'CAmenitiesUpdate', 'CAmenitiesDelete', 'AAmenitiesRead'] as const;
/**
 * Who may enable and disable an amenity: its configuration (CAmenitiesUpdate) and the administration's list
 * (AAmenitiesRead), whose screen exists for that (spec 3 section 2; decisions-amenities.md).
 */
export const AMENITY_SWITCHERS = ['CAmenitiesUpdate', 'AAmenitiesRead'] as const;

/** Without COBRANZA nothing is charged: money fields and the concept read as null (spec 3 section 6). */
const collections = (ctx: ServiceContext) => !!ctx.actor?.modules.includes('COBRANZA');

export const ReservationUnitEnum = builder.enumType('ReservationUnit', {
  description: 'How an amenity is booked: by the hour or by the whole day',
  values: RESERVATION_UNITS,
});

interface ConceptOption {
  id: number;
  description: string;
  systemKey: string | null;
}

const AmenityReceiptConcept = builder.objectRef<ConceptOption>('AmenityReceiptConcept').implement({
  description: 'An income concept an amenity reservation may be charged with (only what the amenity form shows of it)',
  fields: (t) => ({
    conceptId: t.id({ description: 'The IncomeConcept global id', resolve: (c) => encodeGlobalID('IncomeConcept', c.id) }),
    databaseId: t.exposeInt('id'),
    description: t.exposeString('description'),
    systemKey: t.exposeString('systemKey', { nullable: true }),
  }),
});

export const AmenityRef = builder.prismaNode('Amenity', {
  description: 'A common area of the community (spec 3 section 3) and the rules to book it',
  id: { field: 'id' },
  nullable: true,
  findUnique: (id, ctx) => ({ id: rowId(id), neighborhoodId: ctx.actor?.neighborhoodId ?? -1, deletedAt: null }),
  authScopes: { grant: AMENITY_READERS },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    cost: t.field({
      type: 'Decimal',
      nullable: true,
      description: 'Charged per reservation unit; null when free or without COBRANZA',
      select: { cost: true },
      resolve: (a, _args, ctx) => (collections(ctx) ? a.cost : null),
    }),
    deposit: t.field({
      type: 'Decimal',
      nullable: true,
      description: 'Returned after the reservation; null without COBRANZA or when max_ordinary_debt is zero or less',
      select: { deposit: true },
      resolve: (a, _args, ctx) => (collections(ctx) ? a.deposit : null),
    }),
    maxOrdinaryDebt: t.field({
      type: 'Decimal',
      nullable: true,
      description:
        'Least ordinary-fee balance a house must hold to book: negative allows a debt up to that much, zero needs payments up to date, positive a balance in favour; null is no restriction (and null without COBRANZA)',
      select: { maxOrdinaryDebt: true },
      resolve: (a, _args, ctx) => (collections(ctx) ? a.maxOrdinaryDebt : null),
    }),
    fromTime: t.exposeString('fromTime', { description: 'Opening time of each day, HH:mm' }),
    toTime: t.exposeString('toTime', { description: 'Closing time of each day, HH:mm' }),
    reservationUnit: t.expose('reservationUnit', { type: ReservationUnitEnum }),
    availableFrom: t.expose('availableFrom', { type: 'Date', nullable: true, description: 'First day it may be booked' }),
    availableTo: t.expose('availableTo', { type: 'Date', nullable: true, description: 'Last day it may be booked' }),
    ownersOnly: t.exposeBoolean('ownersOnly', { description: 'Only owners may book it (not tenants or residents)' }),
    enabled: t.exposeBoolean('enabled'),
    receiptConcept: t.field({
      type: AmenityReceiptConcept,
      nullable: true,
      description: 'The income concept reservations are charged with (null without COBRANZA)',
      select: { receiptConcept: { select: { id: true, description: true, systemKey: true, deletedAt: true } } },
      resolve: (a, _args, ctx) => (collections(ctx) && a.receiptConcept && !a.receiptConcept.deletedAt ? a.receiptConcept : null),
    }),
  }),
});

const AmenityFilter = builder.inputType('AmenityFilter', {
  fields: (t) => ({
    name: t.string({ required: false, description: 'Part of the name, any case' }),
    enabled: t.boolean({ required: false, description: 'Only enabled (true) or only disabled (false) amenities' }),
  }),
});

builder.queryField('amenities', (t) =>
  t.prismaConnection({
    type: 'Amenity',
    nullable: true,
    cursor: 'id',
    maxSize: MAX_PAGE_SIZE,
    defaultSize: 20,
    description: "The community's amenities (not deleted), by name",
    ...grants(...AMENITY_READERS),
    args: {
      filter: t.arg({ type: AmenityFilter, required: false }),
      offset: t.arg.int({ required: false, description: 'Rows to skip (pager); ignored with after/before' }),
    },
    totalCount: (_p, args, ctx) => ctx.prisma.amenity.count({ where: amenityWhere(ctx, args.filter) }),
    resolve: (query, _r, args, ctx) =>
      ctx.prisma.amenity.findMany({
        ...query,
        skip: offsetSkip(query, args),
        where: amenityWhere(ctx, args.filter),
        orderBy: [{ name: 'asc' }, { id: 'asc' }],
      }),
  }),
);

builder.queryField('amenityReceiptConcepts', (t) =>
  t.field({
    type: [AmenityReceiptConcept],
    nullable: true,
    description: 'The income concepts an amenity may be charged with, the AMENITY one first; empty without COBRANZA',
    ...grants('CAmenitiesCreate', 'CAmenitiesUpdate'),
    resolve: async (_r, _a, ctx) => (collections(ctx) ? receiptConceptOptions(ctx) : []),
  }),
);

const AmenityInput = builder.inputType('AmenityInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    description: t.string({ required: false }),
    cost: t.string({ required: false, description: 'Money, e.g. "800.00"; ignored without COBRANZA' }),
    deposit: t.string({ required: false, description: 'Money; removed when maxOrdinaryDebt is zero or less; ignored without COBRANZA' }),
    fromTime: t.string({ required: true, description: 'HH:mm' }),
    toTime: t.string({ required: true, description: 'HH:mm, after fromTime' }),
    maxOrdinaryDebt: t.string({ required: false, description: 'Money, may be negative (see Amenity.maxOrdinaryDebt); ignored without COBRANZA' }),
    reservationUnit: t.field({ type: ReservationUnitEnum, required: false, description: 'HOUR by default' }),
    availableFrom: t.string({ required: false, description: 'YYYY-MM-DD' }),
    availableTo: t.string({ required: false, description: 'YYYY-MM-DD, not before availableFrom' }),
    ownersOnly: t.boolean({ required: false }),
    receiptConceptId: t.globalID({
      required: false,
      description: "One of the community's income concepts (AmenityReceiptConcept.conceptId); the AMENITY concept when a cost needs one",
    }),
    enabled: t.boolean({ required: false, description: 'true by default' }),
  }),
});

/** The service's view of the GraphQL input: the concept as its database id ("-1" for an id of another type). */
function serviceInput(input: typeof AmenityInput.$inferInput) {
  const concept = input.receiptConceptId;
  return { ...input, receiptConceptId: concept ? String(concept.typename === 'IncomeConcept' ? rowId(concept.id) : -1) : null };
}

const AmenityPayload = builder.objectRef<{ id: number }>('AmenityPayload').implement({
  fields: (t) => ({
    amenity: t.prismaField({
      type: 'Amenity',
      resolve: (query, p, _a, ctx) => ctx.prisma.amenity.findFirstOrThrow({ ...query, where: { id: p.id, neighborhoodId: communityOf(ctx) } }),
    }),
  }),
});

const AmenityDeletedPayload = builder.objectRef<{ id: number }>('AmenityDeletedPayload').implement({
  fields: (t) => ({ deletedId: t.id({ resolve: (p) => encodeGlobalID('Amenity', p.id) }) }),
});

builder.mutationField('createAmenity', (t) =>
  t.field({
    type: AmenityPayload,
    ...grants('CAmenitiesCreate'),
    errors: { types: [InputError, ConflictError] },
    args: {
      input: t.arg({
        type: builder.inputType('CreateAmenityInput', {
          fields: (f) => ({ amenity: f.field({ type: AmenityInput, required: true }), idempotencyKey: idempotencyKeyField(f) }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ id: await createAmenity(ctx, serviceInput(input.amenity), input.idempotencyKey) }),
  }),
);

builder.mutationField('updateAmenity', (t) =>
  t.field({
    type: AmenityPayload,
    ...grants('CAmenitiesUpdate'),
    errors: { types: [InputError, ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('UpdateAmenityInput', {
          fields: (f) => ({ id: f.globalID({ required: true, for: AmenityRef }), amenity: f.field({ type: AmenityInput, required: true }) }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ id: await updateAmenity(ctx, rowId(input.id.id), serviceInput(input.amenity)) }),
  }),
);

builder.mutationField('setAmenityEnabled', (t) =>
  t.field({
    type: AmenityPayload,
    description: 'Enable or disable an amenity (from its configuration or the administration list)',
    ...grants(...AMENITY_SWITCHERS),
    errors: { types: [NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('SetAmenityEnabledInput', {
          fields: (f) => ({ id: f.globalID({ required: true, for: AmenityRef }), enabled: f.boolean({ required: true }) }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ id: await setAmenityEnabled(ctx, rowId(input.id.id), input.enabled) }),
  }),
);

builder.mutationField('deleteAmenity', (t) =>
  t.field({
    type: AmenityDeletedPayload,
    description: 'Delete an amenity; only an enabled one may be deleted (spec 3 section 4)',
    ...grants('CAmenitiesDelete'),
    errors: { types: [ConflictError, NotFoundError] },
    args: {
      input: t.arg({
        type: builder.inputType('DeleteAmenityInput', { fields: (f) => ({ id: f.globalID({ required: true, for: AmenityRef }) }) }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ id: await deleteAmenity(ctx, rowId(input.id.id)) }),
  }),
);

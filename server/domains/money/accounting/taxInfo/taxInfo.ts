import { builder, grants } from '../../../../graphql/builder.js';
import { loadBatched } from '../../../../graphql/batch.js';
import { communityOf } from '../../../../kernel/context.js';
import { ConflictError, InputError, NotFoundError } from '../../../../kernel/errors.js';
import {
  CFDI_USES,
  cfdiUseByCode,
  FISCAL_REGIMES,
  regimeByCode,
  STATES,
  stateByCode,
  type CfdiUse,
  type FiscalRegime,
  type StateOption,
} from '../../../../../core/tax.js';
import { rfcPersonType } from '../../../../../core/validators.js';
import { HouseRef } from '../../../property/houses/house.js';
import { providedColumn, provideHouseColumn } from '../../../property/houses/columns.js';
import { sql } from 'kysely';
import { deleteTaxInfo, readTaxInfo, saveTaxInfo, TAX_READERS, TAX_WRITERS } from './service.js';

const PersonTypeEnum = builder.enumType('PersonType', {
  description: 'From the RFC length: 13 characters is a natural person (FISICA), 12 a legal entity (MORAL).',
  values: ['FISICA', 'MORAL'] as const,
});

const FiscalRegimeRef = builder.objectRef<FiscalRegime>('FiscalRegime').implement({
  description: 'SAT c_RegimenFiscal entry; `code` is the legacy RF-prefixed key (RF601).',
  fields: (t) => ({
    code: t.exposeString('code'),
    satCode: t.exposeString('satCode'),
    name: t.exposeString('name'),
    fisica: t.exposeBoolean('fisica', { description: 'Natural persons may declare it' }),
    moral: t.exposeBoolean('moral', { description: 'Legal entities may declare it' }),
  }),
});

const CfdiUseRef = builder.objectRef<CfdiUse>('CfdiUse').implement({
  description: 'SAT c_UsoCFDI entry with the person types and receiver regimes it fits.',
  fields: (t) => ({
    code: t.exposeString('code'),
    name: t.exposeString('name'),
    fisica: t.exposeBoolean('fisica'),
    moral: t.exposeBoolean('moral'),
    regimes: t.exposeStringList('regimes', { description: 'Legacy regime codes (RF601...) accepted with this use' }),
  }),
});

const StateRef = builder.objectRef<StateOption>('TaxState').implement({
  description: 'Mexican state code (32 plus EXT for a foreign address).',
  fields: (t) => ({ code: t.exposeString('code'), name: t.exposeString('name') }),
});

const TaxCatalogsRef = builder.objectRef<Record<string, never>>('TaxCatalogs').implement({
  fields: (t) => ({
    fiscalRegimes: t.field({ type: [FiscalRegimeRef], resolve: () => [...FISCAL_REGIMES] }),
    cfdiUses: t.field({ type: [CfdiUseRef], resolve: () => [...CFDI_USES] }),
    states: t.field({ type: [StateRef], resolve: () => [...STATES] }),
  }),
});

builder.queryField('taxCatalogs', (t) =>
  t.field({
    type: TaxCatalogsRef,
    description: 'The catalogues of the tax data form (the same ones core/tax.ts gives the client).',
    ...grants(...TAX_READERS, 'CTaxRead', 'CTaxUpdate'),
    resolve: () => ({}),
  }),
);

export const HouseTaxInfoRef = builder.prismaObject('HouseTaxInfo', {
  description: 'Tax data of a house for its invoices (CFDI receiver).',
  fields: (t) => ({
    houseDatabaseId: t.exposeInt('houseId'),
    rfc: t.exposeString('rfc'),
    personType: t.field({ type: PersonTypeEnum, nullable: true, select: { rfc: true }, resolve: (i) => rfcPersonType(i.rfc) }),
    businessName: t.exposeString('businessName'),
    fiscalRegime: t.exposeString('fiscalRegime'),
    fiscalRegimeName: t.string({ nullable: true, select: { fiscalRegime: true }, resolve: (i) => regimeByCode(i.fiscalRegime)?.name ?? null }),
    cfdiUse: t.exposeString('cfdiUse'),
    cfdiUseName: t.string({ nullable: true, select: { cfdiUse: true }, resolve: (i) => cfdiUseByCode(i.cfdiUse)?.name ?? null }),
    postalCode: t.exposeString('postalCode'),
    street: t.exposeString('street', { nullable: true }),
    exteriorNumber: t.exposeString('exteriorNumber', { nullable: true }),
    interiorNumber: t.exposeString('interiorNumber', { nullable: true }),
    colony: t.exposeString('colony', { nullable: true }),
    city: t.exposeString('city', { nullable: true }),
    state: t.exposeString('state'),
    stateName: t.string({ nullable: true, select: { state: true }, resolve: (i) => stateByCode(i.state)?.name ?? null }),
    country: t.exposeString('country'),
    taxReceiptFileId: t.exposeString('taxReceiptFileId', { nullable: true, description: 'Constancia de situación fiscal (/api/1.0/files/{id})' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

provideHouseColumn('taxReceiptFileId', () => sql`(SELECT ti."taxReceiptFileId"::text FROM "HouseTaxInfo" ti WHERE ti."houseId" = h.id)`);

builder.objectField(HouseRef, 'taxReceiptFileId', (t) =>
  t.string({
    nullable: true,
    description: "The house's constancia de situación fiscal (tax_receipt), read with the rest of the page; null for whoever may not read the tax data",
    ...grants(...TAX_READERS),
    unauthorizedResolver: () => null,
    resolve: async (house, _a, ctx) => {
      const read = providedColumn(house, 'taxReceiptFileId') as string | null | undefined;
      if (read !== undefined) return read;
      const id = await loadBatched(ctx, 'House.taxReceiptFileId', house.id, async (ids) => {
        const rows = await ctx.prisma.houseTaxInfo.findMany({
          where: { houseId: { in: ids }, neighborhoodId: communityOf(ctx) },
          select: { houseId: true, taxReceiptFileId: true },
        });
        return new Map(rows.map((r) => [r.houseId, r.taxReceiptFileId]));
      });
      return id ?? null;
    },
  }),
);

builder.queryField('houseTaxInfo', (t) =>
  t.prismaField({
    type: 'HouseTaxInfo',
    nullable: true,
    description: 'Tax data of a house (null when it has none). Without houseId: the viewer’s own house.',
    ...grants(...TAX_READERS),
    args: { houseId: t.arg.globalID({ required: false, for: HouseRef }) },
    resolve: (query, _root, args, ctx) => readTaxInfo(ctx, args.houseId?.id, query),
  }),
);

const TaxInfoFields = builder.inputType('HouseTaxInfoInput', {
  fields: (f) => ({
    rfc: f.string({ required: true }),
    businessName: f.string({ required: false, description: "Razón social; when not given, the one stored, else the owner's name" }),
    fiscalRegime: f.string({ required: true, description: 'RF601...RF630 (or the SAT key 601...)' }),
    cfdiUse: f.string({ required: true }),
    postalCode: f.string({ required: true }),
    street: f.string({ required: false }),
    exteriorNumber: f.string({ required: false }),
    interiorNumber: f.string({ required: false }),
    colony: f.string({ required: false }),
    city: f.string({ required: false }),
    state: f.string({ required: true, description: 'State code (AGU...ZAC, EXT abroad)' }),
    country: f.string({ required: false, description: 'Defaults to México' }),
    taxReceiptFileId: f.string({ required: false, description: 'An uploaded constancia de situación fiscal; kept when not given' }),
  }),
});

const TaxInfoPayload = builder.objectRef<{ houseId: number }>('HouseTaxInfoPayload').implement({
  fields: (t) => ({
    taxInfo: t.prismaField({
      type: 'HouseTaxInfo',
      resolve: (query, p, _a, ctx) => ctx.prisma.houseTaxInfo.findFirstOrThrow({ ...query, where: { houseId: p.houseId, neighborhoodId: communityOf(ctx) } }),
    }),
  }),
});

const TaxInfoDeletedPayload = builder.objectRef<{ houseId: number }>('HouseTaxInfoDeletedPayload').implement({
  fields: (t) => ({ houseDatabaseId: t.exposeInt('houseId') }),
});

builder.mutationField('updateHouseTaxInfo', (t) =>
  t.field({
    type: TaxInfoPayload,
    description: 'Creates or replaces the tax data of a house. Without houseId: the viewer’s own house.',
    ...grants(...TAX_WRITERS),
    errors: { types: [InputError, NotFoundError, ConflictError] },
    args: {
      input: t.arg({
        type: builder.inputType('UpdateHouseTaxInfoInput', {
          fields: (f) => ({ houseId: f.globalID({ required: false, for: HouseRef }), taxInfo: f.field({ type: TaxInfoFields, required: true }) }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ houseId: await saveTaxInfo(ctx, input.houseId?.id, input.taxInfo, input.taxInfo.taxReceiptFileId) }),
  }),
);

builder.mutationField('deleteHouseTaxInfo', (t) =>
  t.field({
    type: TaxInfoDeletedPayload,
    ...grants(...TAX_WRITERS),
    errors: { types: [NotFoundError, ConflictError] },
    args: {
      input: t.arg({
        type: builder.inputType('DeleteHouseTaxInfoInput', { fields: (f) => ({ houseId: f.globalID({ required: false, for: HouseRef }) }) }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ houseId: await deleteTaxInfo(ctx, input.houseId?.id) }),
  }),
);

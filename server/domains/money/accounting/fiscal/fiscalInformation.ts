// GraphQL of the community as invoice issuer: its tax data, the issuer's address (read-only, the
// community's address) and the CSD upload (GraphQL multipart, File scalar). Nothing here answers the
// private key or its password: only hasPrivateKey and the certificate's public data.
import { builder, grants, idempotencyKeyField } from '../../../../graphql/builder.js';
import { communityOf } from '../../../../kernel/context.js';
import { ConflictError, InputError } from '../../../../kernel/errors.js';
import { rowId } from '../../../../kernel/ids.js';
import { certificateStatus, DEFAULT_PRODUCT_CODE, isFiscalConfigured, type CertificateStatus } from '../../../../../core/fiscal.js';
import { regimeByCode, stateByCode } from '../../../../../core/tax.js';
import {
  FISCAL_READERS,
  FISCAL_WRITERS,
  readCertificate,
  readFiscalInformation,
  ADDRESS_SELECT,
  readIssuerAddress,
  saveFiscalInformation,
  uploadFiscalCertificate,
  type CertificateInfo,
  type SavedFiscalInformation,
} from './service.js';

const CertificateStatusEnum = builder.enumType('FiscalCertificateStatus', {
  description: 'Whether the certificate seals today: VALID, EXPIRED, or NOT_YET_VALID.',
  values: ['VALID', 'EXPIRED', 'NOT_YET_VALID'] as const,
});

type StoredCertificate = CertificateInfo & { status: CertificateStatus };

const FiscalCertificateRef = builder.objectRef<StoredCertificate>('FiscalCertificate').implement({
  description: 'The public part of the community’s CSD (certificado de sello digital).',
  fields: (t) => ({
    number: t.exposeString('number', { description: 'SAT’s 20-digit certificate number (NoCertificado)' }),
    rfc: t.exposeString('rfc'),
    legalName: t.exposeString('legalName', { description: 'Name of the taxpayer as the certificate states it' }),
    validFrom: t.expose('validFrom', { type: 'DateTime' }),
    validTo: t.expose('validTo', { type: 'DateTime' }),
    status: t.field({ type: CertificateStatusEnum, resolve: (c) => c.status }),
    base64: t.string({ description: 'The certificate (DER) in base64; it is public', resolve: (c) => c.der.toString('base64') }),
  }),
});

type IssuerAddress = Awaited<ReturnType<typeof readIssuerAddress>>;

const IssuerAddressRef = builder.objectRef<IssuerAddress>('FiscalIssuerAddress').implement({
  description: 'The issuer’s address of the community’s invoices: the community’s address, edited in general settings.',
  fields: (t) => ({
    postalCode: t.exposeString('postalCode', { nullable: true, description: 'Lugar de expedición; required to issue invoices' }),
    street: t.exposeString('street', { nullable: true }),
    exteriorNumber: t.exposeString('exteriorNumber', { nullable: true }),
    interiorNumber: t.exposeString('interiorNumber', { nullable: true }),
    colony: t.exposeString('colony', { nullable: true }),
    city: t.exposeString('city', { nullable: true }),
    state: t.exposeString('state', { nullable: true }),
    stateName: t.string({ nullable: true, resolve: (a) => (a.state ? (stateByCode(a.state)?.name ?? a.state) : null) }),
    country: t.exposeString('country'),
  }),
});

export const FiscalInformationRef = builder.prismaNode('FiscalInformation', {
  description: 'The community as invoice issuer: its tax data and its CSD (spec 3 Fiscal information).',
  id: { field: 'neighborhoodId' },
  nullable: true,
  findUnique: (id, ctx) => ({ neighborhoodId: rowId(id) === ctx.actor?.neighborhoodId ? rowId(id) : -1 }),
  authScopes: { grant: FISCAL_READERS },
  fields: (t) => ({
    fiscalName: t.exposeString('fiscalName', { description: 'Razón social, upper case as SAT writes it' }),
    rfc: t.exposeString('rfc'),
    regime: t.exposeString('regime', { description: 'Legacy regime code RF601...RF630' }),
    regimeSatCode: t.string({
      nullable: true,
      select: { regime: true },
      description: 'c_RegimenFiscal (601...)',
      resolve: (i) => regimeByCode(i.regime)?.satCode ?? null,
    }),
    regimeName: t.string({ nullable: true, select: { regime: true }, resolve: (i) => regimeByCode(i.regime)?.name ?? null }),
    productCode: t.string({
      description: 'SAT ClaveProdServ of the invoiced concepts',
      select: { productCode: true },
      resolve: (i) => i.productCode ?? DEFAULT_PRODUCT_CODE,
    }),
    invoiceSerie: t.exposeString('invoiceSerie', { nullable: true }),
    creditNoteSerie: t.exposeString('creditNoteSerie', { nullable: true }),
    certificate: t.field({
      type: FiscalCertificateRef,
      nullable: true,
      select: { certificate: true },
      resolve: (i) => {
        const info = i.certificate ? readCertificate(i.certificate) : null;
        return info ? { ...info, status: certificateStatus(info.validFrom, info.validTo) } : null;
      },
    }),
    hasPrivateKey: t.boolean({
      description: 'A private key and its password are stored (they are never answered)',
      select: { privateKeyEncrypted: true, privateKeyPasswordEncrypted: true },
      resolve: (i) => !!i.privateKeyEncrypted && !!i.privateKeyPasswordEncrypted,
    }),
    configured: t.boolean({
      description: 'Complete tax data, the community’s postal code and a CSD valid today with its key',
      select: {
        fiscalName: true,
        rfc: true,
        regime: true,
        productCode: true,
        invoiceSerie: true,
        creditNoteSerie: true,
        certificateValidFrom: true,
        certificateValidTo: true,
        privateKeyEncrypted: true,
        privateKeyPasswordEncrypted: true,
        neighborhood: { select: { postalCode: true } },
      },
      resolve: (i) => isFiscalConfigured({ ...i, hasPrivateKey: !!i.privateKeyEncrypted && !!i.privateKeyPasswordEncrypted }, i.neighborhood.postalCode),
    }),
    issuerAddress: t.field({
      type: IssuerAddressRef,
      description: 'The community’s address (general settings): the issuer’s address of its invoices',
      select: { neighborhood: { select: ADDRESS_SELECT } },
      resolve: (i) => i.neighborhood,
    }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

builder.queryField('fiscalInformation', (t) =>
  t.prismaField({
    type: 'FiscalInformation',
    nullable: true,
    description: 'The community’s fiscal information (null until its tax data is saved).',
    ...grants(...FISCAL_READERS),
    resolve: (query, _root, _args, ctx) => readFiscalInformation(ctx, query),
  }),
);

builder.queryField('fiscalIssuerAddress', (t) =>
  t.field({
    type: IssuerAddressRef,
    description: 'The community’s address as the issuer’s address of its invoices (read-only here).',
    ...grants(...FISCAL_READERS),
    resolve: (_root, _args, ctx) => readIssuerAddress(ctx),
  }),
);

const FiscalInformationPayload = builder.objectRef<SavedFiscalInformation>('FiscalInformationPayload').implement({
  fields: (t) => ({
    fiscalInformation: t.prismaField({
      type: 'FiscalInformation',
      resolve: (query, _p, _a, ctx) => ctx.prisma.fiscalInformation.findUniqueOrThrow({ ...query, where: { neighborhoodId: communityOf(ctx) } }),
    }),
    certificateRemoved: t.exposeBoolean('certificateRemoved', { description: 'The RFC changed: the CSD of the previous RFC was removed' }),
  }),
});

builder.mutationField('updateFiscalInformation', (t) =>
  t.field({
    type: FiscalInformationPayload,
    description: 'Creates or replaces the community’s tax data; a new RFC removes the CSD of the previous one.',
    ...grants(...FISCAL_WRITERS),
    errors: { types: [InputError, ConflictError] },
    args: {
      input: t.arg({
        type: builder.inputType('UpdateFiscalInformationInput', {
          fields: (f) => ({
            fiscalName: f.string({ required: true, description: 'Razón social (stored upper case)' }),
            rfc: f.string({ required: true }),
            regime: f.string({ required: true, description: 'RF601...RF630 or the SAT key 601...' }),
            productCode: f.string({ required: false, description: `SAT ClaveProdServ, 8 digits (default ${DEFAULT_PRODUCT_CODE})` }),
            invoiceSerie: f.string({ required: true }),
            creditNoteSerie: f.string({ required: true }),
            idempotencyKey: idempotencyKeyField(f),
          }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input: { idempotencyKey, ...input } }, ctx) => saveFiscalInformation(ctx, input, idempotencyKey),
  }),
);

const FiscalCertificatePayload = builder.objectRef<{ neighborhoodId: number }>('FiscalCertificatePayload').implement({
  fields: (t) => ({
    fiscalInformation: t.prismaField({
      type: 'FiscalInformation',
      resolve: (query, _p, _a, ctx) => ctx.prisma.fiscalInformation.findUniqueOrThrow({ ...query, where: { neighborhoodId: communityOf(ctx) } }),
    }),
  }),
});

builder.mutationField('uploadFiscalCertificate', (t) =>
  t.field({
    type: FiscalCertificatePayload,
    description:
      'Stores the community’s CSD: the certificate (.cer), its private key (.key, PKCS#8 encrypted) and the key’s password, sent as a GraphQL multipart request. ' +
      'Refused unless it is a CSD of the community’s RFC valid today whose key opens with the password.',
    ...grants(...FISCAL_WRITERS),
    errors: { types: [InputError, ConflictError] },
    args: {
      input: t.arg({
        type: builder.inputType('UploadFiscalCertificateInput', {
          fields: (f) => ({
            certificate: f.field({ type: 'File', required: true, description: 'The .cer file (DER), at most 100 KB' }),
            privateKey: f.field({ type: 'File', required: true, description: 'The .key file (DER, PKCS#8 encrypted), at most 100 KB' }),
            privateKeyPassword: f.string({ required: true, description: 'Kept encrypted; never answered' }),
          }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ neighborhoodId: await uploadFiscalCertificate(ctx, input) }),
  }),
);

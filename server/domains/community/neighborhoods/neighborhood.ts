import { rowId } from '../../../kernel/ids.js';
import { builder } from '../../../graphql/builder.js';
import { communityOf } from '../../../kernel/context.js';

export const NeighborhoodTypeEnum = builder.enumType('NeighborhoodType', { values: ['NEIGHBORHOOD', 'CONDOMINIUM', 'MALL'] as const });
export const ModuleEnum = builder.enumType('Module', {
  values: ['BASE', 'COBRANZA', 'PAGO_EN_LINEA', 'FACTURACION', 'ACCESO_VEHICULAR', 'VISITAS'] as const,
});

/** The name that titles the neighbourhood group of the menu. */
export const NEIGHBORHOOD_TYPE_NAMES = {
  NEIGHBORHOOD: 'Fraccionamiento',
  CONDOMINIUM: 'Condominio',
  MALL: 'Plaza comercial',
} as const;

export const NeighborhoodRef = builder.prismaNode('Neighborhood', {
  id: { field: 'id' },
  nullable: true,
  // Only the communities the viewer has an account in (any community for a super admin).
  findUnique: (id, ctx) => ({
    id: rowId(id),
    ...(ctx.actor?.superAdmin ? {} : { memberships: { some: { userId: ctx.actor?.userId ?? -1, active: true } } }),
  }),
  authScopes: { signedIn: true },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    name: t.exposeString('name'),
    domain: t.exposeString('domain'),
    neighborhoodType: t.expose('neighborhoodType', { type: NeighborhoodTypeEnum }),
    neighborhoodTypeName: t.string({
      select: { neighborhoodType: true },
      resolve: (n) => NEIGHBORHOOD_TYPE_NAMES[n.neighborhoodType],
    }),
    urlLogo: t.exposeString('urlLogo', { nullable: true }),
    postalCode: t.exposeString('postalCode', { nullable: true }),
    country: t.exposeString('country'),
    timeZone: t.exposeString('timeZone'),
    modules: t.expose('modules', { type: [ModuleEnum] }),
    restrictVehicles: t.exposeBoolean('restrictVehicles'),
    requiredTotalAmountDebts: t.exposeBoolean('requiredTotalAmountDebts'),
    visitorRequireVehicleInfo: t.exposeBoolean('visitorRequireVehicleInfo'),
    visitorEmailRequired: t.exposeBoolean('visitorEmailRequired'),
    visitorReasonRequired: t.exposeBoolean('visitorReasonRequired'),
    visitorPictureRequired: t.exposeBoolean('visitorPictureRequired'),
    visitorAllowPermanent: t.exposeBoolean('visitorAllowPermanent'),
    visitorAllowAdminSeeAll: t.exposeBoolean('visitorAllowAdminSeeAll'),
    requiredVehicleRevision: t.exposeBoolean('requiredVehicleRevision'),
    requiredVehicleTag: t.exposeBoolean('requiredVehicleTag'),
    requiredVehicleAuthorization: t.exposeBoolean('requiredVehicleAuthorization'),
  }),
});

builder.queryField('neighborhood', (t) =>
  t.prismaField({
    type: 'Neighborhood',
    nullable: true,
    description: 'The community of the current account.',
    authScopes: { signedIn: true },
    resolve: (query, _root, _args, ctx) =>
      ctx.actor?.neighborhoodId == null ? null : ctx.prisma.neighborhood.findUnique({ ...query, where: { id: communityOf(ctx) } }),
  }),
);

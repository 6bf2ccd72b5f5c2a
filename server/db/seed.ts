// Demo data for `npm start` on an empty database: two communities, their people and houses.
import { secretBox } from '../infra/secrets.js';
import type { Config } from '../config.js';
import type { Database } from './client.js';
import { demoActors } from './demoActors.js';
import { recordInitialBalance } from '../domains/money/receivables/ledger/service.js';
import { seedDemoModules } from './demoConfiguration.js';
import type { Prisma } from './client.js';
import type { Prisma as PrismaNS } from './generated/client.js';
import { hashPassword } from '../auth/passwords.js';
import { createCommunity } from '../domains/community/neighborhoods/service.js';
import { newSignupCode } from '../domains/property/houses/ownership.js';
import type { RoleKind } from './generated/enums.js';

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.mx', role: 'Administrador (Los Olivos y Torre Azul)' },
  { email: 'tesoreria@demo.mx', role: 'Administradora (tesorería de Los Olivos; aprueba egresos)' },
  { email: 'config@demo.mx', role: 'Administrador de configuración' },
  { email: 'propietario@demo.mx', role: 'Propietario (casa en Los Olivos y departamento en Torre Azul)' },
  { email: 'inquilino@demo.mx', role: 'Copropietario/Inquilino' },
  { email: 'residente@demo.mx', role: 'Residente' },
  { email: 'seguridad@demo.mx', role: 'Seguridad' },
] as const;

const STREETS = ['Av. de los Olivos', 'Calle Encino', 'Calle Fresno', 'Calle Nogal', 'Privada Sauce'];
const FIRST_NAMES = ['María', 'José', 'Guadalupe', 'Juan', 'Fernanda', 'Luis', 'Alejandra', 'Carlos', 'Sofía', 'Miguel'];
const LAST_NAMES = ['Hernández', 'García', 'Martínez', 'López', 'González', 'Pérez', 'Rodríguez', 'Sánchez', 'Ramírez', 'Flores'];
/** The `k`-th demo person's name: no two of a thousand consecutive people share one (each group of people takes its own k's). */
function demoName(k: number) {
  return {
    firstName: FIRST_NAMES[k % 10],
    lastName: `${LAST_NAMES[(3 * k + Math.floor(k / 10)) % 10]} ${LAST_NAMES[(7 * k + 1 + Math.floor(k / 100)) % 10]}`,
  };
}
const STATUSES = ['ACTIVE', 'ACTIVE', 'ACTIVE', 'ACTIVE', 'NEW', 'MISSING_BALANCE', 'INCOMPLETE', 'BLOCKED'] as const;

/** Accounts on a blocked or deleted house are suspended (Membership.active false). */
export function houseOpen(status: string): boolean {
  return status !== 'BLOCKED' && status !== 'DELETED';
}

export async function isEmpty(prisma: Prisma) {
  return (await prisma.neighborhood.count()) === 0;
}

export async function seedDemo(db: Database, config: Pick<Config, 'secretsKey' | 'dataDir'> & Partial<Config>) {
  const { prisma } = db;
  const secrets = secretBox(config);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const olivos = await createCommunity(prisma, {
    name: 'Residencial Los Olivos',
    domain: 'los_olivos',
    neighborhoodType: 'NEIGHBORHOOD',
    modules: ['BASE', 'COBRANZA', 'PAGO_EN_LINEA', 'FACTURACION', 'ACCESO_VEHICULAR', 'VISITAS'],
    postalCode: '76090',
  });
  const torre = await createCommunity(prisma, {
    name: 'Condominio Torre Azul',
    domain: 'torre_azul',
    neighborhoodType: 'CONDOMINIUM',
    modules: ['BASE', 'COBRANZA', 'VISITAS'],
    postalCode: '03100',
  });
  const role = (community: typeof olivos, kind: RoleKind) => community.roles.find((r) => r.kind === kind)!.id;

  const houseType = await prisma.houseType.create({
    data: {
      neighborhoodId: olivos.id,
      title: 'Propiedad en avenida',
      defaultName: 'Casa',
      requireBlock: true,
      requireLot: true,
      requireStreet: true,
      requireExteriorNumber: true,
      amount: 950,
    },
  });
  await prisma.maintenanceSettings.create({ data: { neighborhoodId: olivos.id, cutoffDay: 1, deadlineDay: 10, penaltyFee: 10 } });
  const departmentType = await prisma.houseType.create({
    data: { neighborhoodId: torre.id, title: 'Casa/Departamento', defaultName: 'Departamento', requireInteriorNumber: true },
  });
  const streets = await prisma.street.createManyAndReturn({
    data: STREETS.map((name) => ({ neighborhoodId: olivos.id, name })),
  });

  const people = await prisma.user.createManyAndReturn({
    data: [
      { email: 'admin@demo.mx', firstName: 'Adriana', lastName: 'Morales', passwordHash, emailVerified: true },
      { email: 'config@demo.mx', firstName: 'Carlos', lastName: 'Vega', passwordHash, emailVerified: true },
      { email: 'propietario@demo.mx', firstName: 'Patricia', lastName: 'Ruiz', passwordHash, emailVerified: true, mobile: '4421234567' },
      { email: 'inquilino@demo.mx', firstName: 'Iván', lastName: 'Castro', passwordHash, emailVerified: true },
      { email: 'residente@demo.mx', firstName: 'Rosa', lastName: 'Díaz', passwordHash, emailVerified: true },
      { email: 'seguridad@demo.mx', firstName: 'Samuel', lastName: 'Ortiz', passwordHash, emailVerified: true },
    ],
  });
  const user = (email: string) => people.find((p) => p.email === email)!.id;
  // An administration user invited but not registered yet (no password, sign-up code pending).
  const invited = await prisma.user.create({ data: { email: 'invitado@demo.mx', firstName: 'Iñaki', lastName: 'Torres', signupCode: newSignupCode() } });

  const houses = [];
  for (let i = 0; i < 40; i++) {
    const block = String(Math.floor(i / 10) + 1);
    const lot = String((i % 10) + 1);
    houses.push({
      neighborhoodId: olivos.id,
      houseTypeId: houseType.id,
      streetId: streets[i % streets.length].id,
      block,
      lot,
      exteriorNumber: String(100 + i * 2),
      catastral: `OLV-${block.padStart(2, '0')}-${lot.padStart(2, '0')}`,
      status: STATUSES[i % STATUSES.length],
      parkingSpots: 2,
    });
  }
  const olivosHouses = await prisma.house.createManyAndReturn({ data: houses });
  const owners = await prisma.user.createManyAndReturn({
    data: olivosHouses.slice(1).map((_h, i) => ({
      email: `vecino${i + 1}@demo.mx`,
      ...demoName(i),
      passwordHash,
      emailVerified: true,
    })),
  });
  const ownHouse = olivosHouses[0];
  const tower = await prisma.house.create({
    data: { neighborhoodId: torre.id, houseTypeId: departmentType.id, interiorNumber: 'A-302', catastral: 'TAZ-A-302', status: 'ACTIVE' },
  });

  await prisma.house.update({ where: { id: ownHouse.id }, data: { ownerUserId: user('propietario@demo.mx') } });
  await prisma.house.update({ where: { id: tower.id }, data: { ownerUserId: user('propietario@demo.mx') } });
  await Promise.all(olivosHouses.slice(1).map((h, i) => prisma.house.update({ where: { id: h.id }, data: { ownerUserId: owners[i].id } })));

  await prisma.membership.createMany({
    data: [
      { neighborhoodId: olivos.id, userId: user('admin@demo.mx'), roleId: role(olivos, 'ADMIN') },
      { neighborhoodId: torre.id, userId: user('admin@demo.mx'), roleId: role(torre, 'ADMIN') },
      { neighborhoodId: olivos.id, userId: user('config@demo.mx'), roleId: role(olivos, 'CONFIG_ADMIN') },
      { neighborhoodId: olivos.id, userId: user('propietario@demo.mx'), houseId: ownHouse.id, roleId: role(olivos, 'OWNER') },
      { neighborhoodId: torre.id, userId: user('propietario@demo.mx'), houseId: tower.id, roleId: role(torre, 'OWNER') },
      { neighborhoodId: olivos.id, userId: user('inquilino@demo.mx'), houseId: ownHouse.id, roleId: role(olivos, 'CO_OWNER') },
      { neighborhoodId: olivos.id, userId: user('residente@demo.mx'), houseId: ownHouse.id, roleId: role(olivos, 'RESIDENT') },
      { neighborhoodId: olivos.id, userId: user('seguridad@demo.mx'), roleId: role(olivos, 'SECURITY') },
      { neighborhoodId: olivos.id, userId: invited.id, roleId: role(olivos, 'SECURITY') },
      // Owners of blocked (or deleted) houses keep a suspended account: they cannot sign in to the house.
      ...olivosHouses
        .slice(1)
        .map((h, i) => ({ neighborhoodId: olivos.id, userId: owners[i].id, houseId: h.id, roleId: role(olivos, 'OWNER'), active: houseOpen(h.status) })),
    ],
  });
  await prisma.house.updateMany({ where: { neighborhoodId: olivos.id, status: { not: 'MISSING_BALANCE' } }, data: { initialBalance: 0 } });
  // Owners may register themselves with their house at /onboarding/torre_azul.
  await prisma.neighborhood.update({ where: { id: torre.id }, data: { onboarding: 'SIGN_UP' } });
  await seedMoreHouses(prisma, olivos.id, passwordHash, {
    owner: role(olivos, 'OWNER'),
    resident: role(olivos, 'RESIDENT'),
    coOwner: role(olivos, 'CO_OWNER'),
  });
  // The second administrator of Los Olivos, its treasurer: she and Adriana approve each other's expenses.
  // (Created after everyone else, so the ids the tests know stay put.)
  await prisma.user.create({
    data: {
      email: 'tesoreria@demo.mx',
      firstName: 'Teresa',
      lastName: 'Navarro',
      passwordHash,
      emailVerified: true,
      memberships: { create: { neighborhoodId: olivos.id, roleId: role(olivos, 'ADMIN') } },
    },
  });
  await recordInitialBalances(prisma, olivos.id, user('admin@demo.mx'));
  const demo = {
    prisma,
    secrets,
    neighborhoodId: olivos.id,
    adminUserId: user('admin@demo.mx'),
    actAs: demoActors(db, config as Config, olivos.id),
  };
  await seedDemoModules(demo);
  return { olivos, torre };
}

/**
 * The stated initial balances of the active houses are their wallets' first movements, as activation
 * records them (houses/service.ts), a year before today: the debts and credits the community started with.
 */
async function recordInitialBalances(prisma: Prisma, neighborhoodId: number, adminUserId: number) {
  const houses = await prisma.house.findMany({
    where: { neighborhoodId, status: 'ACTIVE', initialBalance: { not: 0 } },
    select: { id: true, initialBalance: true },
  });
  const at = new Date(Date.now() - 366 * 86_400_000);
  await prisma.$transaction(async (tx) => {
    for (const h of houses) await recordInitialBalance(tx, { neighborhoodId, houseId: h.id }, h.initialBalance?.toFixed(2), adminUserId, at);
  });
}

/**
 * A realistic community beyond the first 40 houses: 200 more across avenue houses, condominium
 * apartments and empty lots, in every status, most with owners (some still without an account),
 * some with residents and tax data.
 */
async function seedMoreHouses(prisma: Prisma, neighborhoodId: number, passwordHash: string, roles: { owner: number; resident: number; coOwner: number }) {
  const [avenue] = await prisma.houseType.findMany({ where: { neighborhoodId, title: 'Propiedad en avenida' } });
  const apartment = await prisma.houseType.create({
    data: { neighborhoodId, title: 'Propiedad en condominio', defaultName: 'Departamento', requireCondominium: true, requireInteriorNumber: true, amount: 750 },
  });
  const lotType = await prisma.houseType.create({ data: { neighborhoodId, title: 'Lote sin construir', requireStreet: true, amount: 400 } });
  const streets = await prisma.street.createManyAndReturn({
    data: ['Calle Álamo', 'Calle Laurel', 'Calle Olmo'].map((name) => ({ neighborhoodId, name })),
  });
  const allStreets = await prisma.street.findMany({ where: { neighborhoodId }, orderBy: { id: 'asc' } });
  const condos = await prisma.condominium.createManyAndReturn({ data: ['Privada Jacarandas', 'Torre Bugambilias'].map((name) => ({ neighborhoodId, name })) });

  type Draft = PrismaNS.HouseCreateManyInput & { withOwner: boolean; withAccount: boolean };
  const drafts: Draft[] = [];
  for (let i = 0; i < 200; i++) {
    const kind = i % 10 < 6 ? 'avenue' : i % 10 < 9 ? 'apartment' : 'lot';
    const status = (
      ['ACTIVE', 'ACTIVE', 'ACTIVE', 'ACTIVE', 'ACTIVE', 'ACTIVE', 'NEW', 'MISSING_BALANCE', 'INCOMPLETE', 'BLOCKED', 'ACTIVE', 'DELETED'] as const
    )[i % 12];
    const block = String(5 + Math.floor(i / 10));
    const lot = String((i % 10) + 1);
    const base = {
      neighborhoodId,
      status,
      initialBalance: status === 'MISSING_BALANCE' ? null : i % 7 === 0 ? -1250 : i % 11 === 0 ? 800 : 0,
      balanceReason: i % 7 === 0 ? 'Adeudo anterior a la administración actual' : null,
      withOwner: status !== 'INCOMPLETE',
      withAccount: status !== 'INCOMPLETE' && i % 5 !== 4,
    };
    if (kind === 'avenue') {
      drafts.push({
        ...base,
        houseTypeId: avenue.id,
        block,
        lot,
        streetId: allStreets[i % allStreets.length].id,
        exteriorNumber: String(200 + i * 2),
        catastral: `OLV-${block.padStart(2, '0')}-${lot.padStart(2, '0')}`,
        parkingSpots: 2,
        dimension: 160 + (i % 4) * 20,
      });
    } else if (kind === 'apartment') {
      const condo = condos[i % condos.length];
      const interior = `${condo.name === 'Privada Jacarandas' ? 'J' : 'B'}-${100 + i}`;
      drafts.push({
        ...base,
        houseTypeId: apartment.id,
        condominiumId: condo.id,
        interiorNumber: interior,
        catastral: `OLV-C-${interior}`,
        parkingSpots: 1,
        dimension: 85,
      });
    } else {
      drafts.push({
        ...base,
        houseTypeId: lotType.id,
        streetId: streets[i % streets.length].id,
        catastral: `OLV-L-${String(i).padStart(3, '0')}`,
        dimension: 250,
      });
    }
  }
  const ownerDrafts = drafts.filter((d) => d.withOwner);
  const owners = await prisma.user.createManyAndReturn({
    data: ownerDrafts.map((draft, i) => ({
      email: `propietario${i + 1}@demo.mx`,
      ...demoName(i + 100),
      mobile: `442${String(1000000 + i * 37).slice(0, 7)}`,
      passwordHash: draft.withAccount ? passwordHash : null,
      emailVerified: draft.withAccount,
    })),
  });
  let nextOwner = 0;
  const houses = await prisma.house.createManyAndReturn({
    data: drafts.map(({ withOwner, withAccount: _a, ...house }) =>
      withOwner ? { ...house, ownerUserId: owners[nextOwner++].id, signupCode: newSignupCode() } : house,
    ),
  });
  const owned = houses.filter((h) => h.ownerUserId != null).map((house, i) => ({ house, owner: owners[i] }));
  if (owned.some(({ house, owner }) => house.ownerUserId !== owner.id)) throw new Error('seed: owners out of order');
  await prisma.houseOwnerChange.createMany({ data: owned.map(({ house, owner }) => ({ neighborhoodId, houseId: house.id, toUserId: owner.id })) });
  const residentHouses = owned.filter((_x, i) => i % 4 === 0);
  const residents = await prisma.user.createManyAndReturn({
    data: residentHouses.map((_x, i) => ({
      email: `habitante${i + 1}@demo.mx`,
      ...demoName(i + 500),
      passwordHash,
      emailVerified: true,
    })),
  });
  await prisma.membership.createMany({
    data: [
      ...owned.map(({ house, owner }) => ({
        neighborhoodId,
        userId: owner.id,
        houseId: house.id,
        roleId: roles.owner,
        active: houseOpen(house.status),
      })),
      ...residentHouses.map(({ house }, i) => ({
        neighborhoodId,
        userId: residents[i].id,
        houseId: house.id,
        roleId: i % 2 ? roles.coOwner : roles.resident,
        active: houseOpen(house.status),
      })),
    ],
  });
  await prisma.houseTaxInfo.createMany({
    data: owned
      .filter((_x, i) => i % 6 === 0)
      .map(({ house }, i) => ({
        houseId: house.id,
        neighborhoodId,
        rfc: `${['MOHA', 'GALJ', 'RUPP', 'CAIV'][i % 4]}8${i % 10}0101${['AB1', 'XY2', 'K31', '9QA'][i % 4]}`,
        businessName: `${owned[i * 6].owner.firstName} ${owned[i * 6].owner.lastName}`,
        fiscalRegime: 'RF612',
        cfdiUse: 'G03',
        postalCode: '76090',
        state: 'QUE',
      })),
  });
}

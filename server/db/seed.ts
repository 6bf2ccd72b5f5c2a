// Demo data for `npm start` on an empty database: two communities, their people and houses.
import type { Prisma } from './client.js';
import { hashPassword } from '../auth/passwords.js';
import { createCommunity } from '../domains/neighborhoods/service.js';
import type { RoleKind } from './generated/enums.js';

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.mx', role: 'Administrador (Los Olivos y Torre Azul)' },
  { email: 'config@demo.mx', role: 'Administrador de configuración' },
  { email: 'propietario@demo.mx', role: 'Propietario (casa en Los Olivos y departamento en Torre Azul)' },
  { email: 'inquilino@demo.mx', role: 'Copropietario/Inquilino' },
  { email: 'residente@demo.mx', role: 'Residente' },
  { email: 'seguridad@demo.mx', role: 'Seguridad' },
] as const;

const STREETS = ['Av. de los Olivos', 'Calle Encino', 'Calle Fresno', 'Calle Nogal', 'Privada Sauce'];
const FIRST_NAMES = ['María', 'José', 'Guadalupe', 'Juan', 'Fernanda', 'Luis', 'Alejandra', 'Carlos', 'Sofía', 'Miguel'];
const LAST_NAMES = ['Hernández', 'García', 'Martínez', 'López', 'González', 'Pérez', 'Rodríguez', 'Sánchez', 'Ramírez', 'Flores'];
const STATUSES = ['ACTIVE', 'ACTIVE', 'ACTIVE', 'ACTIVE', 'NEW', 'MISSING_BALANCE', 'INCOMPLETE', 'BLOCKED'] as const;

export async function isEmpty(prisma: Prisma) {
  return (await prisma.neighborhood.count()) === 0;
}

export async function seedDemo(prisma: Prisma) {
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
    },
  });
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
    data: olivosHouses.slice(1).map((h, i) => ({
      email: `vecino${i + 1}@demo.mx`,
      firstName: FIRST_NAMES[i % FIRST_NAMES.length],
      lastName: `${LAST_NAMES[(i * 3) % LAST_NAMES.length]} ${LAST_NAMES[(i * 7 + 1) % LAST_NAMES.length]}`,
      passwordHash,
    })),
  });
  const ownHouse = olivosHouses[0];
  const tower = await prisma.house.create({
    data: { neighborhoodId: torre.id, houseTypeId: departmentType.id, interiorNumber: 'A-302', catastral: 'TAZ-A-302', status: 'ACTIVE' },
  });

  await prisma.house.update({ where: { id: ownHouse.id }, data: { ownerUserId: user('propietario@demo.mx') } });
  await prisma.house.update({ where: { id: tower.id }, data: { ownerUserId: user('propietario@demo.mx') } });
  await Promise.all(
    olivosHouses.slice(1).map((h, i) => prisma.house.update({ where: { id: h.id }, data: { ownerUserId: owners[i].id } })),
  );

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
      ...olivosHouses.slice(1).map((h, i) => ({ neighborhoodId: olivos.id, userId: owners[i].id, houseId: h.id, roleId: role(olivos, 'OWNER') })),
    ],
  });
  return { olivos, torre };
}

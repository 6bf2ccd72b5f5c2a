// A condominium or mall typed by name is found case-insensitively, but literally: '%' and '_' in the
// name are characters, not LIKE wildcards (Prisma's equals + insensitive is an ILIKE).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { startTestApp, type TestApp } from '../../../../tests/testApp.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('admin@demo.mx');
});
afterAll(() => t.close());

const CREATE = `mutation($input: HouseInput!) { createHouse(input: $input) { __typename ... on Error { code message }
  ... on MutationCreateHouseSuccess { data { house { databaseId condominiumId } } } } }`;

describe('a condominium typed by name', () => {
  it('with % or _ is a new condominium of that name, never an existing one it would match as a pattern', async () => {
    const prisma = t.app.db.prisma;
    const olivos = await prisma.neighborhood.findUniqueOrThrow({ where: { domain: 'los_olivos' } });
    const type = await prisma.houseType.findFirstOrThrow({ where: { neighborhoodId: olivos.id, title: 'Propiedad en condominio' } });
    const existing = await prisma.condominium.findMany({ where: { neighborhoodId: olivos.id }, select: { id: true } });
    expect(existing.length).toBeGreaterThan(0);
    let n = 0;
    for (const name of ['%', 'Privada Jacarand_s', 'torre%']) {
      const { body } = await t.gql(
        CREATE,
        {
          input: {
            houseTypeId: encodeGlobalID('HouseType', type.id),
            catastral: `PCT-${++n}`,
            interiorNumber: `P${n}`,
            condominiumName: name,
            parkingSpots: 1,
            initialBalance: '0',
          },
        },
        { token: admin },
      );
      expect(body.data.createHouse.__typename).toBe('MutationCreateHouseSuccess');
      const created = await prisma.condominium.findFirstOrThrow({ where: { neighborhoodId: olivos.id, name } });
      expect(body.data.createHouse.data.house.condominiumId).toBe(created.id);
      expect(existing.map((c) => c.id)).not.toContain(created.id);
    }
    // Case still does not matter for a plain name: the existing one is found.
    const { body } = await t.gql(
      CREATE,
      {
        input: {
          houseTypeId: encodeGlobalID('HouseType', type.id),
          catastral: 'PCT-9',
          interiorNumber: 'P9',
          condominiumName: 'privada jacarandas',
          parkingSpots: 1,
          initialBalance: '0',
        },
      },
      { token: admin },
    );
    const jacarandas = await prisma.condominium.findFirstOrThrow({ where: { neighborhoodId: olivos.id, name: 'Privada Jacarandas' } });
    expect(body.data.createHouse.data.house.condominiumId).toBe(jacarandas.id);
  });
});

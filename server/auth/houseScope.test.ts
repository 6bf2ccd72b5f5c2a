// The one house-scope rule (issue 8 item 5): administrators reach any house of their community,
// O/S/R roles only their own; refusals are ForbiddenError (403) and missing houses NotFoundError (404).
import { describe, expect, it } from 'vitest';
import { houseScopeFilter, reachesHouse, targetHouse } from './houseScope.js';
import { ForbiddenError, NotFoundError } from '../kernel/errors.js';
import { assertMayAddPeople } from './people.js';
import type { ServiceContext } from '../kernel/context.js';

const admin = { grants: new Set(['ATaxUpdate']), houseId: null };
const owner = { grants: new Set(['OTaxUpdate']), houseId: 7 };
const ADMIN = ['ATaxUpdate'];

function ctxFor(actor: { grants: Set<string>; houseId: number | null }, houses: { id: number; neighborhoodId: number; status: string }[]) {
  return {
    actor: { ...actor, neighborhoodId: 1, userId: 1 },
    prisma: {
      house: {
        findFirst: async ({ where }: { where: { id: number; neighborhoodId: number } }) =>
          houses.find((h) => h.id === where.id && h.neighborhoodId === where.neighborhoodId)
            ? { ...houses.find((h) => h.id === where.id)!, ownerUserId: null }
            : null,
      },
    },
  } as unknown as ServiceContext;
}

/** targetHouse reading through the fake client (as inside a write's transaction; outside one it reads with Kysely). */
const targetIn = (ctx: ReturnType<typeof ctxFor>, houseId: number | null, grants: string[], reason: 'FOREIGN_HOUSE') =>
  targetHouse(ctx, houseId, grants, reason, { tx: (ctx as unknown as { prisma: never }).prisma });

describe('house scope', () => {
  it('administrators reach any house; house users only their own', () => {
    expect(reachesHouse(admin, 99, ADMIN)).toBe(true);
    expect(reachesHouse(owner, 7, ADMIN)).toBe(true);
    expect(reachesHouse(owner, 8, ADMIN)).toBe(false);
    expect(reachesHouse({ grants: new Set(), houseId: null }, null, ADMIN)).toBe(false);
    expect(reachesHouse(null, 7, ADMIN)).toBe(false);
    expect(houseScopeFilter(admin, ADMIN)).toEqual({ not: null });
    expect(houseScopeFilter(owner, ADMIN)).toBe(7);
    expect(houseScopeFilter({ grants: new Set(), houseId: null }, ADMIN)).toBe(-1);
  });

  it('refuses another house with ForbiddenError and a house of another community with NotFoundError', async () => {
    const houses = [
      { id: 7, neighborhoodId: 1, status: 'ACTIVE' },
      { id: 8, neighborhoodId: 1, status: 'ACTIVE' },
      { id: 9, neighborhoodId: 2, status: 'ACTIVE' },
    ];
    await expect(targetIn(ctxFor(owner, houses), 8, ADMIN, 'FOREIGN_HOUSE')).rejects.toThrow(ForbiddenError);
    await expect(targetIn(ctxFor(owner, houses), 8, ADMIN, 'FOREIGN_HOUSE')).rejects.toMatchObject({
      status: 403,
      reason: 'FOREIGN_HOUSE',
      message: 'Solo puedes consultar tu propiedad',
    });
    await expect(targetIn(ctxFor(owner, houses), null, ADMIN, 'FOREIGN_HOUSE')).resolves.toMatchObject({ id: 7, asAdmin: false });
    await expect(targetIn(ctxFor(admin, houses), 8, ADMIN, 'FOREIGN_HOUSE')).resolves.toMatchObject({ id: 8, asAdmin: true });
    await expect(targetIn(ctxFor(admin, houses), 9, ADMIN, 'FOREIGN_HOUSE')).rejects.toThrow(NotFoundError);
    await expect(targetIn(ctxFor(admin, houses), null, ADMIN, 'FOREIGN_HOUSE')).rejects.toThrow(NotFoundError);
  });

  it('adding people needs a verified e-mail', () => {
    expect(() => assertMayAddPeople({ emailVerified: false })).toThrow(ForbiddenError);
    expect(() => assertMayAddPeople(null)).toThrow('Verifica tu correo electrónico antes de registrar personas');
    expect(() => assertMayAddPeople({ emailVerified: true })).not.toThrow();
  });
});

// A measured service for tests, written as the demo seed writes it (the measured-services domain owns
// these tables; tests only need a service to bill).
import type { Prisma } from '../../../../db/client.js';
import { insertWaterService, type SeededService } from './demoSeed.js';

export type TestService = SeededService;

export function makeWaterService(prisma: Prisma, neighborhoodId: number, options: Parameters<typeof insertWaterService>[2] = {}): Promise<TestService> {
  return insertWaterService(prisma as never, neighborhoodId, options);
}

import { DEFAULT_MOVING_SCHEDULE } from '../../../../core/communitySettings.js';
import type { DemoSeedContext } from '../../../db/demoConfiguration.js';
import { gatewayKeyContext } from './keys.js';

/** The demo gateway keys: the built-in sandbox gateway's test account (not a real merchant). */
export const DEMO_GATEWAY_KEYS = {
  accountId: 'mdemo0000000000000000',
  publicKey: 'pk_demo_4f1c2a9e8b7d6c5a4f3e2d1c0b9a8f7e',
  privateKey: 'sk_demo_9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b',
} as const;

/**
 * The demo community's general settings: its address in Querétaro (postal code 76090 is set when it is
 * created), a house-moving window, interest-free months 3, 6 and 12, sandbox gateway keys (the private
 * key sealed), vehicles inspected and authorized before they count as validated, and the modules' terms
 * accepted by the administrator.
 */
export async function seedCommunitySettings(demo: DemoSeedContext): Promise<void> {
  const { prisma, neighborhoodId } = demo;
  await prisma.neighborhood.update({
    where: { id: neighborhoodId },
    data: {
      street: 'Av. de los Olivos',
      exteriorNumber: '100',
      colony: 'Jardines de la Hacienda',
      city: 'Santiago de Querétaro',
      state: 'QUE',
      country: 'México',
      movingStartDays: 2,
      movingEndDays: 30,
      movingSchedule: DEFAULT_MOVING_SCHEDULE.map((d) => (d.day === 'SATURDAY' ? { ...d, lastTime: '14:00' } : { ...d })),
      gatewayAccountId: DEMO_GATEWAY_KEYS.accountId,
      gatewayPublicKey: DEMO_GATEWAY_KEYS.publicKey,
      gatewayPrivateKeyEncrypted: demo.secrets.seal(DEMO_GATEWAY_KEYS.privateKey, gatewayKeyContext(neighborhoodId)),
      gatewaySandbox: true,
      // Vehicles are inspected at the gate's revision point and then authorized by the administration.
      requiredVehicleRevision: true,
      requiredVehicleAuthorization: true,
      modulesTosAcceptedAt: new Date(),
      modulesTosAcceptedByUserId: demo.adminUserId,
    },
  });
  await prisma.msiSetting.createMany({
    data: [
      { neighborhoodId, months: 3, boundary: '300.00' },
      { neighborhoodId, months: 6, boundary: '600.00' },
      { neighborhoodId, months: 12, boundary: '1500.00' },
    ],
  });
}

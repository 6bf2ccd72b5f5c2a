// Where a community's sealed secrets belong (server/infra/secrets.ts binds each sealed value to it), and
// the community's gateway keys as infrastructure reads them (the GatewayKeys interface of
// server/infra/gateway/keys.ts; buildApp provides this implementation).
import type { CommunityGatewayKeys, GatewayKeys } from '../../../infra/gateway/keys.js';
import { secretBox } from '../../../infra/secrets.js';

/** The context of the payment gateway's private key of a community. */
export const gatewayKeyContext = (neighborhoodId: number) => `gateway-private-key:${neighborhoodId}`;

const KEY_COLUMNS = { id: true, gatewayAccountId: true, gatewayPublicKey: true, gatewayPrivateKeyEncrypted: true, gatewaySandbox: true } as const;

/** The gateway keys kept in each community's settings (Neighborhood), the private key sealed. */
export const communityGatewayKeys: GatewayKeys = {
  async ofCommunity(db, config, neighborhoodId) {
    const n = await db.neighborhood.findUnique({ where: { id: neighborhoodId }, select: KEY_COLUMNS });
    if (!n?.gatewayAccountId || !n.gatewayPublicKey || !n.gatewayPrivateKeyEncrypted) return null;
    return {
      neighborhoodId,
      merchantId: n.gatewayAccountId,
      publicKey: n.gatewayPublicKey,
      privateKey: secretBox(config).open(n.gatewayPrivateKeyEncrypted, gatewayKeyContext(neighborhoodId)),
      sandbox: n.gatewaySandbox,
    };
  },
  async ofMerchant(db, config, merchantId) {
    const candidates = await db.neighborhood.findMany({
      where: { gatewayAccountId: merchantId, gatewayPublicKey: { not: null }, gatewayPrivateKeyEncrypted: { not: null } },
      select: KEY_COLUMNS,
      orderBy: { id: 'asc' },
      take: 10,
    });
    const keys: CommunityGatewayKeys[] = [];
    for (const n of candidates) {
      let privateKey: string;
      try {
        privateKey = secretBox(config).open(n.gatewayPrivateKeyEncrypted!, gatewayKeyContext(n.id));
      } catch {
        continue;
      }
      keys.push({ neighborhoodId: n.id, merchantId, publicKey: n.gatewayPublicKey!, privateKey, sandbox: n.gatewaySandbox });
    }
    return keys;
  },
};

// A community's gateway account: its keys, with the private key unsealed (server/infra/secrets.ts).
import type { Config } from '../../config.js';
import { gatewayKeyContext } from '../../domains/community/neighborhoods/keys.js';
import type { Tx } from '../../kernel/context.js';
import { secretBox } from '../secrets.js';
import type { GatewayAccount } from './types.js';

/** The community's gateway account, or null while its keys are not all set. */
export async function gatewayAccount(tx: Pick<Tx, 'neighborhood'>, config: Config, neighborhoodId: number): Promise<GatewayAccount | null> {
  const n = await tx.neighborhood.findUnique({
    where: { id: neighborhoodId },
    select: { gatewayAccountId: true, gatewayPublicKey: true, gatewayPrivateKeyEncrypted: true, gatewaySandbox: true },
  });
  if (!n?.gatewayAccountId || !n.gatewayPublicKey || !n.gatewayPrivateKeyEncrypted) return null;
  return {
    neighborhoodId,
    merchantId: n.gatewayAccountId,
    publicKey: n.gatewayPublicKey,
    privateKey: secretBox(config).open(n.gatewayPrivateKeyEncrypted, gatewayKeyContext(neighborhoodId)),
    // The built-in sandbox is always a sandbox; with Openpay the community's keys say which API they open.
    sandbox: config.paymentGateway === 'sandbox' || n.gatewaySandbox,
  };
}

// A community's gateway account: its keys, as the community settings give them (./keys.ts).
import type { Config } from '../../config.js';
import { type GatewayKeysReader, gatewayKeys } from './keys.js';
import type { GatewayAccount } from './types.js';

/** The community's gateway account, or null while its keys are not all set. */
export async function gatewayAccount(tx: GatewayKeysReader, config: Config, neighborhoodId: number): Promise<GatewayAccount | null> {
  const keys = await gatewayKeys().ofCommunity(tx, config, neighborhoodId);
  if (!keys) return null;
  return {
    neighborhoodId,
    merchantId: keys.merchantId,
    publicKey: keys.publicKey,
    privateKey: keys.privateKey,
    // The built-in sandbox is always a sandbox; with Openpay the community's keys say which API they open.
    sandbox: config.paymentGateway === 'sandbox' || keys.sandbox,
  };
}

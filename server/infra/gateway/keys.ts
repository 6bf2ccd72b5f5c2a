// How infrastructure reaches a community's gateway keys: through this interface, which the community's
// settings implement (server/domains/community/neighborhoods/keys.ts) and buildApp provides. The gateway
// code (the account of a community, the sandbox's authentication) reads no domain's table and knows no
// domain's sealing rule.
import type { Config } from '../../config.js';
import type { Tx } from '../../kernel/context.js';

/** What the keys are read with: a transaction or the client. */
export type GatewayKeysReader = Pick<Tx, 'neighborhood'>;

/** A community's keys as the gateway needs them (the private key unsealed). */
export interface CommunityGatewayKeys {
  neighborhoodId: number;
  merchantId: string;
  publicKey: string;
  privateKey: string;
  /** The community's keys open Openpay's sandbox (its setting; the built-in sandbox is always one). */
  sandbox: boolean;
}

export interface GatewayKeys {
  /** The community's keys, or null while they are not all set. */
  ofCommunity(db: GatewayKeysReader, config: Config, neighborhoodId: number): Promise<CommunityGatewayKeys | null>;
  /**
   * The communities whose keys carry this merchant id (the first ten by id), each with its keys; a
   * community whose private key does not open is left out.
   */
  ofMerchant(db: GatewayKeysReader, config: Config, merchantId: string): Promise<CommunityGatewayKeys[]>;
}

let provided: GatewayKeys | undefined;

/** Called by buildApp with the implementation of the community settings. */
export function provideGatewayKeys(keys: GatewayKeys): void {
  provided = keys;
}

export function gatewayKeys(): GatewayKeys {
  if (!provided) throw new Error('No gateway keys are provided: buildApp provides them (provideGatewayKeys)');
  return provided;
}

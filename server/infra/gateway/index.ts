// The payment gateway of this deployment (PAYMENT_GATEWAY): Openpay's API, or the built-in sandbox
// gateway, which is the same Openpay adapter calling the sandbox's handler in-process (no port, no network).
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { OpenpayGateway } from './openpay.js';
import { handleSandboxGateway, SANDBOX_GATEWAY_PREFIX } from './sandbox/handler.js';
import type { PaymentGateway } from './types.js';

export { gatewayAccount } from './account.js';
export { webhookCredentials } from './openpay.js';
export * from './types.js';

/** Where the adapter reaches the built-in sandbox: any origin works, the in-process fetch ignores it. */
export const SANDBOX_INTERNAL_BASE = `http://sandbox.internal${SANDBOX_GATEWAY_PREFIX}`;

const gateways = new WeakMap<Database, PaymentGateway>();

export function gatewayFor(deps: { db: Database; config: Config }): PaymentGateway {
  if (deps.config.paymentGateway === 'openpay') {
    openpay ??= new OpenpayGateway();
    return openpay;
  }
  let gateway = gateways.get(deps.db);
  if (!gateway) {
    gateway = new OpenpayGateway({
      name: 'Openpay (sandbox)',
      baseUrl: SANDBOX_INTERNAL_BASE,
      tokenBaseUrl: SANDBOX_GATEWAY_PREFIX,
      fetch: (input, init) => handleSandboxGateway(deps, new Request(input, init)),
    });
    gateways.set(deps.db, gateway);
  }
  return gateway;
}

let openpay: OpenpayGateway | undefined;

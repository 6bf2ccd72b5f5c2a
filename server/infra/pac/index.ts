// The PAC of this deployment (PAC): the built-in sandbox (default), or SW Sapien's API.
import type { Config } from '../../config.js';
import { SandboxPac } from './sandbox.js';
import { SW_TEST_URL, SwPac } from './sw.js';
import type { Pac } from './types.js';

export { SandboxPac, SANDBOX_ERROR_RECEIVER, SANDBOX_PAC_RFC, sandboxSatKeys } from './sandbox.js';
export { SW_LIVE_URL, SW_TEST_URL, SwPac } from './sw.js';
export * from './types.js';

let sandbox: SandboxPac | undefined;
const sw = new Map<string, SwPac>();

export function pacFor(config: Pick<Config, 'pac' | 'pacUrl' | 'pacUser' | 'pacPassword'> & Partial<Pick<Config, 'pacToken'>>): Pac {
  if (config.pac === 'sw') {
    // One adapter per account, so its token is reused across requests.
    const key = JSON.stringify([config.pacUrl, config.pacUser, config.pacPassword, config.pacToken]);
    let pac = sw.get(key);
    if (!pac) {
      pac = new SwPac({ url: config.pacUrl ?? SW_TEST_URL, user: config.pacUser, password: config.pacPassword, token: config.pacToken });
      sw.set(key, pac);
    }
    return pac;
  }
  sandbox ??= new SandboxPac();
  return sandbox;
}

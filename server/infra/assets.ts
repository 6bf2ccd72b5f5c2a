// Files the server reads at run time that are not code (SAT's schemas, the sandbox PAC's keys, the demo CSD),
// named relative to the server folder, so they are found the same from server/ (tsx) and from dist/server/
// (npm start). The build copies every file named through serverAsset into dist (scripts/server-assets.mjs)
// and fails when one is missing; tests/runtimeFiles.test.ts and the smoke suite on the artifact (tests/smoke) check it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** server/ (tsx), dist/server/ (tsc's modules): this module's parent; dist/server/ too for the bundle (scripts/bundle-server.mjs), which is that folder's own. */
const serverDir = existsSync(path.join(here, 'infra', 'cfdi', 'sat')) ? here : path.resolve(here, '..');

/** The absolute path of a run-time file or folder under server/ (write the name as a literal: the build finds it). */
export function serverAsset(relativePath: string): string {
  return path.join(serverDir, relativePath);
}

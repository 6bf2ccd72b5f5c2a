// The server `npm start` runs: tsc's output (dist/server) bundled by esbuild into one module,
// dist/server/bundle.js, with the pure-JavaScript packages inside it. Loading some 1,800 modules one by
// one was a third of every start; the packages that find files beside themselves (WebAssembly, native
// addons) or are loaded on first use (server/infra/onFirstUse.ts) stay outside, loaded from node_modules.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Packages left in node_modules: WebAssembly or native code found beside their own files, and what loads on first use. */
export const EXTERNAL = [
  '@electric-sql/pglite',
  '@prisma/*',
  'pglite-prisma-adapter',
  '@node-rs/argon2',
  'kysely-pglite',
  'xmllint-wasm',
  'pg',
  'pg-native',
  'exceljs',
  'pdfkit',
  'qrcode',
  'jszip',
  'nodemailer',
  'ioredis',
  '@graphql-yoga/redis-event-target',
  'smtp-server',
];

export async function bundleServer() {
  await build({
    entryPoints: [path.join(root, 'dist/server/main.js')],
    outfile: path.join(root, 'dist/server/bundle.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external: EXTERNAL,
    // CommonJS packages inside the bundle call require (esbuild's ESM output has none of its own).
    banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
    logLevel: 'warning',
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await bundleServer();
  console.log('Server bundled into dist/server/bundle.js');
}

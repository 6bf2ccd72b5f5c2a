// npm start: builds what changed (the client with relay-compiler and Vite, the server with tsc, its
// run-time files and esbuild's bundle), then runs the bundled server in production mode. A start with nothing changed skips
// both builds (a hash of their inputs is kept beside each output), so it answers in about a second.
import { createHash } from 'node:crypto';
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const COMMON = ['core', 'package-lock.json', 'tsconfig.json'];
const BUILDS = [
  {
    name: 'client',
    stamp: path.join(process.env.CLIENT_DIST ?? path.join(root, 'client/dist'), '.build-hash'),
    inputs: [...COMMON, 'client', 'schema.graphql', 'relay.config.js'],
    command: 'npm run build',
  },
  {
    name: 'server',
    stamp: path.join(root, 'dist/.build-hash'),
    inputs: [...COMMON, 'server', 'tsconfig.server.json', 'prisma/schema.prisma', 'scripts/server-assets.mjs', 'scripts/bundle-server.mjs'],
    command: 'npm run build:server',
  },
];
const SKIP = new Set(['node_modules', 'dist', '__generated__']);

function hashInputs(inputs) {
  const hash = createHash('sha256');
  const add = (relative) => {
    const full = path.join(root, relative);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) {
      for (const entry of readdirSync(full).sort()) if (!SKIP.has(entry) && !entry.startsWith('.')) add(path.join(relative, entry));
    } else {
      hash.update(relative).update(readFileSync(full));
    }
  };
  for (const input of inputs) add(input);
  return hash.digest('hex');
}

for (const build of BUILDS) {
  const hash = hashInputs(build.inputs);
  if (existsSync(build.stamp) && readFileSync(build.stamp, 'utf8') === hash) continue;
  console.log(`Compilando ${build.name === 'client' ? 'el cliente' : 'el servidor'}…`);
  execSync(build.command, { cwd: root, stdio: 'inherit' });
  writeFileSync(build.stamp, hash);
}

process.env.NODE_ENV = 'production';
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, 'dist/server/bundle.js')).href);

// The server's run-time files (every serverAsset('…') literal under server/, server/infra/assets.ts), copied
// into dist/server by `npm run build:server`; a missing one fails the build. tests/smoke checks the artifact.
import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every path named through serverAsset in the server's code (relative to server/), sorted. */
export function serverAssets() {
  const names = new Set();
  const files = readdirSync(path.join(root, 'server'), { recursive: true }).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  for (const file of files) {
    const source = readFileSync(path.join(root, 'server', file), 'utf8');
    for (const call of source.matchAll(/serverAsset\(([^)]*)\)/g)) {
      if (file.endsWith(path.join('infra', 'assets.ts'))) continue;
      const literal = /^'([^'$`]+)'$/.exec(call[1].trim());
      if (!literal) throw new Error(`server/${file}: serverAsset takes a literal path (the build copies what it names), not ${call[1]}`);
      names.add(literal[1]);
    }
  }
  return [...names].sort();
}

/** Copies every run-time file into outDir/server; throws naming the first that is missing. */
export function copyServerAssets(outDir = path.join(root, 'dist')) {
  const assets = serverAssets();
  for (const asset of assets) {
    const source = path.join(root, 'server', asset);
    if (!existsSync(source)) throw new Error(`Missing run-time file server/${asset} (named by serverAsset)`);
    cpSync(source, path.join(outDir, 'server', asset), { recursive: true });
  }
  return assets;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const copied = copyServerAssets();
    console.log(`Run-time files copied into dist/server: ${copied.join(', ')}`);
  } catch (error) {
    console.error(`build:server: ${error.message}`);
    process.exit(1);
  }
}

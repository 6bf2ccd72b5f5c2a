// Infrastructure never imports a domain (DESIGN.md section 2b): server/kernel, server/infra, server/auth,
// server/http and server/db reach the domains only through what buildApp passes in (interfaces such as the
// gateway keys, the sandbox's webhook receiver). Left out: the demo seed (server/db/seed.ts,
// demoConfiguration.ts, demoActors.ts), which assembles the domains' demo data, Prisma's generated client, and
// test files, which run the assembled app.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server');
const LAYERS = ['kernel', 'infra', 'auth', 'http', 'db'];
const ASSEMBLERS = new Set(['db/seed.ts', 'db/demoConfiguration.ts', 'db/demoActors.ts']);
const DOMAINS = path.join(SERVER, 'domains') + path.sep;

/** Every module specifier of a source: static imports and re-exports, dynamic imports, require. */
function specifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\b(?:import|require)\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.push(match[1]);
  return found;
}

/** The infrastructure files (relative to server/) and the domain modules each imports. */
function domainImports(): Record<string, string[]> {
  const offenders: Record<string, string[]> = {};
  for (const layer of LAYERS) {
    const files = (readdirSync(path.join(SERVER, layer), { recursive: true }) as string[])
      .map((f) => path.join(layer, f).split(path.sep).join('/'))
      .filter((f) => /\.(ts|tsx|mts|js|mjs)$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.startsWith('db/generated/') && !ASSEMBLERS.has(f));
    for (const file of files) {
      const source = readFileSync(path.join(SERVER, file), 'utf8');
      const into = specifiers(source).filter((s) => s.startsWith('.') && path.resolve(path.dirname(path.join(SERVER, file)), s).startsWith(DOMAINS));
      if (into.length) offenders[file] = into;
    }
  }
  return offenders;
}

describe('layering', () => {
  it('kernel, infra, auth, http and db import no domain', () => {
    expect(domainImports()).toEqual({});
  });

  it('sees every way of importing a module', () => {
    const source = `import { a } from '../domains/x/a.js';
      import type { B } from "../domains/x/b.js";
      export { c } from '../domains/x/c.js';
      export * from '../domains/x/d.js';
      import '../domains/x/e.js';
      const f = await import('../domains/x/f.js');
      import {
        g,
      } from '../domains/x/g.js';`;
    expect(specifiers(source).sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((x) => `../domains/x/${x}.js`));
  });
});

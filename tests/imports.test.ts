// The import rules between domain modules (DESIGN.md section 2b): a module imports another only
// through the files of the other's public face (its module.ts `face`), and modules never import each
// other in a cycle. Type-only imports count for the face (they name another module's shapes) but not
// for cycles (they vanish at run time).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { modules } from '../server/modules.js';

interface Edge {
  from: string;
  to: string;
  file: string;
  target: string;
  typeOnly: boolean;
}

const moduleOf = (file: string) => /^server\/domains\/((?:money\/)?[^/]+\/[^/]+)\//.exec(file)?.[1];

/** Every import of one domain module's file by another module's code (tests excluded). */
function crossModuleImports(files = domainFiles()): Edge[] {
  const edges: Edge[] = [];
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/^(?:import|export)\s+(type\s+)?[^'";]*?from\s+'(\.[^']+)'|^import\s+'(\.[^']+)'/gm)) {
      const target = path.normalize(path.join(path.dirname(file), m[2] ?? m[3])).replace(/\.js$/, '.ts');
      const from = moduleOf(file);
      const to = moduleOf(target);
      if (from && to && from !== to) edges.push({ from, to, file, target, typeOnly: !!m[1] });
    }
  }
  return edges;
}

function domainFiles(): string[] {
  return (readdirSync('server/domains', { recursive: true }) as string[])
    .map((f) => `server/domains/${f}`)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
}

/** The groups of modules that import each other in a cycle (strongly connected components of more than one). */
function importCycles(edges: Edge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const e of edges) if (!e.typeOnly) (next.get(e.from) ?? next.set(e.from, new Set()).get(e.from)!).add(e.to);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) cycles.push(group.sort());
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return cycles.sort((a, b) => a[0].localeCompare(b[0]));
}

const faces = new Map(modules.map((m) => [`${m.context}/${m.name}`, new Set(m.face ?? [])]));

function outsideFace(edges: Edge[]): string[] {
  return edges.filter((e) => !faces.get(e.to)?.has(path.relative(`server/domains/${e.to}`, e.target))).map((e) => `${e.file} -> ${e.target}`);
}

describe('imports between modules', () => {
  const edges = crossModuleImports();

  it('go only to the public face the imported module declares', () => {
    expect(outsideFace(edges)).toEqual([]);
  });

  it('form no cycle (the two at the start of issue 26 were broken by the receivables door and domain events)', () => {
    expect(importCycles(edges).map((cycle) => cycle.join(' ⇄ '))).toEqual([]);
  });

  it('catch an import of internals and a new cycle', () => {
    const internal: Edge = {
      from: 'property/streets',
      to: 'money/payables/expenses',
      file: 'server/domains/property/streets/service.ts',
      target: 'server/domains/money/payables/expenses/rows.ts',
      typeOnly: false,
    };
    expect(outsideFace([internal])).toHaveLength(1);
    const back: Edge = { ...internal, from: 'money/payables/expenses', to: 'property/streets', file: 'x', target: 'y' };
    expect(importCycles([...edges, internal, back]).some((c) => c.includes('property/streets') && c.includes('money/payables/expenses'))).toBe(true);
  });
});

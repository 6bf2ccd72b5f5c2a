import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { startFlags } from './startFlags.js';

function start(env: Record<string, string>) {
  const result = spawnSync('npx', ['tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: '0', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stderr: result.stderr.split('\n').filter((l) => l.trim() && !l.includes('npm warn')) };
}

describe('startup failures', () => {
  it('a malformed DATABASE_URL gives one clear line and exit 1', () => {
    const { status, stderr } = start({ DATABASE_URL: 'mysql://nope' });
    expect(status).toBe(1);
    expect(stderr).toEqual(['Error: DATABASE_URL: DATABASE_URL debe ser una URL postgresql://usuario@servidor:puerto/base']);
  });

  it('an unreachable database gives one clear line and exit 1', () => {
    const { status, stderr } = start({ DATABASE_URL: 'postgresql://postgres:secreto@127.0.0.1:1/nada' });
    expect(status).toBe(1);
    expect(stderr).toHaveLength(1);
    expect(stderr[0]).toMatch(/^Error: No se pudo conectar a PostgreSQL en postgresql:\/\/postgres@127\.0\.0\.1:1\/nada/);
    expect(stderr[0]).not.toMatch(/secreto/);
  });
});

describe('npm start flags', () => {
  it("node accepts the flags of package.json's start script (a mistyped one stops it: bad option)", () => {
    const flags = startFlags();
    expect(flags).toContain('--max-semi-space-size=64');
    // A mistyped flag makes node exit with "bad option" before the server starts.
    const probe = spawnSync(process.execPath, [...flags, '-e', '0'], { encoding: 'utf8' });
    expect(probe.stderr).toBe('');
    expect(probe.status).toBe(0);
  });
});

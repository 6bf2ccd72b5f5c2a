import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SECRETS_KEY_FILE, secretBox } from './secrets.js';

describe('secretBox', () => {
  it('seals and opens a value bound to its context, never showing the plain text', () => {
    const box = secretBox({ dataDir: 'memory://', secretsKey: undefined });
    const sealed = box.seal('sk_private_123', 'gateway:1');
    expect(sealed).not.toContain('sk_private_123');
    expect(box.seal('sk_private_123', 'gateway:1')).not.toBe(sealed);
    expect(box.open(sealed, 'gateway:1')).toBe('sk_private_123');
    expect(() => box.open(sealed, 'gateway:2')).toThrow();
    const [v, iv, tag, body] = sealed.split('.');
    const altered = [v, iv, tag, `${body.slice(0, -2)}AA`].join('.');
    expect(() => box.open(altered, 'gateway:1')).toThrow();
  });

  it('generates a key file once in the data directory, readable only by its owner', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'secrets-'));
    const sealed = secretBox({ dataDir, secretsKey: undefined }).seal('x', 'c');
    const file = path.join(dataDir, SECRETS_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const key = readFileSync(file, 'utf8');
    expect(secretBox({ dataDir, secretsKey: undefined }).open(sealed, 'c')).toBe('x');
    expect(readFileSync(file, 'utf8')).toBe(key);
  });

  it('uses SECRETS_KEY when configured, so every instance opens what another sealed', () => {
    const secretsKey = 'k'.repeat(40);
    const a = secretBox({ dataDir: mkdtempSync(path.join(tmpdir(), 'a-')), secretsKey });
    const sealed = a.seal('shared', 'c');
    expect(secretBox({ dataDir: mkdtempSync(path.join(tmpdir(), 'b-')), secretsKey }).open(sealed, 'c')).toBe('shared');
    expect(() => secretBox({ dataDir: 'memory://', secretsKey: undefined }).open(sealed, 'c')).toThrow();
  });
});

// Secrets kept in the database (gateway private keys, CSD private keys and their passwords) are sealed
// with AES-256-GCM under one key: SECRETS_KEY when configured (every instance of a deployment shares it),
// else a key generated on the first run into <DATA_DIR>/secrets.key, else (an in-memory database) a key
// that lives as long as the process. `context` binds a sealed value to where it belongs (the community
// and the field), so a value copied into another row or field does not open.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';

export interface SecretBox {
  seal(plain: string, context: string): string;
  /** Throws when the value was sealed under another key or context, or was altered. */
  open(sealed: string, context: string): string;
}

const VERSION = 'v1';
const boxes = new Map<string, SecretBox>();
let processKey: Buffer | null = null;

export const SECRETS_KEY_FILE = 'secrets.key';

function keyFor(config: Pick<Config, 'secretsKey' | 'dataDir'>): { id: string; key: Buffer } {
  if (config.secretsKey) return { id: `env:${config.secretsKey}`, key: createHash('sha256').update(config.secretsKey).digest() };
  if (config.dataDir.startsWith('memory://')) {
    processKey ??= randomBytes(32);
    return { id: 'process', key: processKey };
  }
  const file = path.join(config.dataDir, SECRETS_KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    chmodSync(file, 0o600);
  }
  const text = readFileSync(file, 'utf8').trim();
  return { id: `file:${file}`, key: createHash('sha256').update(text).digest() };
}

export function secretBox(config: Pick<Config, 'secretsKey' | 'dataDir'>): SecretBox {
  const { id, key } = keyFor(config);
  let box = boxes.get(id);
  if (box) return box;
  box = {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed, context) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Secreto con formato desconocido');
      // A full 16-byte tag only: a truncated one would make forging far easier.
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: 16 });
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
  boxes.set(id, box);
  return box;
}

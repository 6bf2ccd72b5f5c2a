import type { Config } from '../../config.js';

/** Absolute address of a client path for e-mails: PUBLIC_URL, else this server on localhost. */
export function appLink(config: Pick<Config, 'publicUrl' | 'port'>, path: string): string {
  const base = (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}

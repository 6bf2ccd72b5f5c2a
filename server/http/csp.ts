// The Content-Security-Policy of the client's page: its own scripts only, its styles (Mantine writes style tags),
// the map's tiles, the card gateway's tokenization endpoint, and frames only from the video hosts a post may embed
// (core/feed.ts) and the communities' welcome pages (their origins, read from the database).
import { EMBED_FRAME_SOURCES } from '../../core/feed.js';

const CARD_GATEWAYS = ['https://api.openpay.mx', 'https://sandbox-api.openpay.mx'];
const MAP_TILES = ['https://tile.openstreetmap.org'];

export function contentSecurityPolicy(welcomeOrigins: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${MAP_TILES.join(' ')}`,
    "font-src 'self' data:",
    `connect-src 'self' ws: wss: ${CARD_GATEWAYS.join(' ')}`,
    `frame-src 'self' ${[...EMBED_FRAME_SOURCES, ...welcomeOrigins].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** The https origins of welcome addresses (anything else is left out of the policy). */
export function originsOf(urls: readonly (string | null)[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    try {
      const parsed = new URL(url ?? '');
      if (parsed.protocol === 'https:' && /^[a-z0-9.-]+(:\d+)?$/i.test(parsed.host)) origins.add(parsed.origin);
    } catch {}
  }
  return [...origins].sort();
}

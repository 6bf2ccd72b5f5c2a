import { builder } from '../../../graphql/builder.js';
import type { DownloadLink } from './service.js';

export const DownloadLinkRef = builder.objectRef<DownloadLink>('DownloadLink').implement({
  description: 'A large file streamed from its own address (GET, no session needed) for a short while',
  fields: (t) => ({
    url: t.exposeString('url', { description: 'Path of the file on this server (/downloads/…)' }),
    fileName: t.exposeString('fileName'),
    expiresAt: t.field({ type: 'DateTime', resolve: (l) => l.expiresAt }),
  }),
});

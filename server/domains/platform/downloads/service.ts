// Large files (a year of movements, the incomes report) are streamed, never built in memory nor sent as
// base64 through GraphQL. The GraphQL field checks the grant and resolves its parameters, then answers a
// link: /downloads/{token}, where the token seals (AES-GCM, the instance's secrets key, so every
// instance opens it) the kind of file, the resolved parameters, the community, the membership and an expiry.
// GET on the link streams the file; /api/1.0 routes serve the same token in-process (no redirect).
import { Readable } from 'node:stream';
import { actorOf, communityOf, type ServiceContext, systemContext } from '../../../kernel/context.js';
import { logError } from '../../../http/requestLog.js';
import { secretBox } from '../../../infra/secrets.js';
import { Response } from '../../../http/response.js';

export const DOWNLOADS_PATH = '/downloads';
/** A link works this long after it is issued (enough to start the download, short enough not to leak). */
export const DOWNLOAD_TTL_MS = 2 * 60_000;
const SEAL_CONTEXT = 'download';

export interface StreamedFile {
  fileName: string;
  contentType: string;
  /** The bytes as they are produced; an error mid-way destroys it (the client sees a failed download). */
  body: Readable;
  /** Open in the browser (PDF) rather than save. */
  inline?: boolean;
}

export interface DownloadLink {
  url: string;
  fileName: string;
  expiresAt: Date;
}

type Producer = (ctx: ServiceContext, params: any) => Promise<StreamedFile>;
const producers = new Map<string, Producer>();

/** Declares a kind of streamed file; its producer reads with a system context, scoped by the sealed parameters. */
export function registerDownload<P>(kind: string, producer: (ctx: ServiceContext, params: P) => Promise<StreamedFile>) {
  producers.set(kind, producer);
}

interface Sealed {
  /** Kind of file. */
  k: string;
  /** The community and the membership that asked (null for a super administrator's session). */
  n: number;
  m: number | null;
  /** Expiry (epoch ms). */
  x: number;
  /** The resolved parameters. */
  p: unknown;
}

/** A link to the file `kind` with `params` (already checked and scoped by the caller's grant). */
export function downloadLink(ctx: ServiceContext, kind: string, params: unknown, fileName: string): DownloadLink {
  if (!producers.has(kind)) throw new Error(`Unknown download ${kind}`);
  const expiresAt = new Date(Date.now() + DOWNLOAD_TTL_MS);
  const sealed: Sealed = { k: kind, n: communityOf(ctx), m: actorOf(ctx).membershipId, x: expiresAt.getTime(), p: params };
  const token = secretBox(ctx.config).seal(JSON.stringify(sealed), SEAL_CONTEXT);
  return { url: `${DOWNLOADS_PATH}/${token}`, fileName, expiresAt };
}

const READER_GONE = new Set(['ECONNRESET', 'ABORT_ERR', 'ERR_STREAM_DESTROYED', 'ERR_STREAM_PREMATURE_CLOSE']);
const GONE = 'El enlace de descarga no es válido o ya expiró; vuelve a descargar el archivo';

/** GET /downloads/{token}: the file streamed, or 404 for a token that does not open or has expired. */
export async function serveDownload(deps: Pick<ServiceContext, 'db' | 'pubsub' | 'config'>, token: string): Promise<Response> {
  let sealed: Sealed;
  try {
    sealed = JSON.parse(secretBox(deps.config).open(token, SEAL_CONTEXT));
  } catch {
    return Response.json({ code: 404, description: GONE }, { status: 404 });
  }
  const producer = producers.get(sealed.k);
  if (!producer || !(sealed.x > Date.now())) return Response.json({ code: 404, description: GONE }, { status: 404 });
  // An account deactivated since the link was issued does not download with it.
  if (sealed.m != null) {
    const member = await deps.db.prisma.membership.findFirst({ where: { id: sealed.m, neighborhoodId: sealed.n, active: true }, select: { id: true } });
    if (!member) return Response.json({ code: 404, description: GONE }, { status: 404 });
  }
  const file = await producer(systemContext(deps), sealed.p);
  file.body.on('error', (error: NodeJS.ErrnoException) => {
    // A reader that went away is not a failure of ours.
    if (!READER_GONE.has(error.code ?? '')) logError(error);
  });
  return new Response(Readable.toWeb(file.body) as ReadableStream, {
    headers: {
      'content-type': file.contentType,
      'content-disposition': `${file.inline ? 'inline' : 'attachment'}; filename="${file.fileName}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}

/** A file built in memory (a bounded PDF) as a streamed file. */
export function bufferedFile(file: { fileName: string; contentType: string; bytes: Buffer }, inline = false): StreamedFile {
  return { fileName: file.fileName, contentType: file.contentType, body: Readable.from([file.bytes]), inline };
}

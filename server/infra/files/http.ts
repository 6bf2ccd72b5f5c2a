// POST /api/1.0/files (multipart `file`) and GET /api/1.0/files/{id}: binary bodies, outside the JSON
// route table, with the same session and legacy error envelope.
import type { Database } from '../../db/client.js';
import { loadViewer } from '../../auth/viewer.js';
import { tokenFromHeaders } from '../../auth/cookies.js';
import { legacyError } from '../../rest/router.js';
import { CSRF_MESSAGE, hasCsrfHeader } from '../../http/csrf.js';
import { MAX_FILE_BYTES, readableFile, sniffFileType, storeFile } from './service.js';
import { Response } from '../../http/response.js';

export const FILES_PATH = '/api/1.0/files';

export async function handleFiles(db: Database, request: Request, path: string, ip: string): Promise<Response> {
  const { token, viaCookie } = tokenFromHeaders(request.headers);
  const viewer = token ? await loadViewer(db, token, 'session') : null;
  if (!viewer) return legacyError(401, 401, 'Tu sesión ha terminado. Inicia sesión de nuevo');
  if (viewer.neighborhoodId == null) return legacyError(403, 403, 'No tienes permiso para realizar esta acción');

  if (path === FILES_PATH) {
    if (request.method !== 'POST') return legacyError(405, 405, `El método ${request.method} no está permitido en ${path}`);
    // A multipart form can be posted from any site with the browser's cookie: the app adds this header.
    if (viaCookie && !hasCsrfHeader(request)) return legacyError(403, 403, CSRF_MESSAGE);
    const length = Number(request.headers.get('content-length') ?? 0);
    if (length > MAX_FILE_BYTES + 64 * 1024) return legacyError(413, 413, 'El archivo debe pesar como máximo 10 MB');
    let file: FormDataEntryValue | null;
    try {
      file = (await request.formData()).get('file');
    } catch {
      return legacyError(400, 400, 'Envía el archivo como multipart/form-data en el campo file');
    }
    if (!file || typeof file === 'string') return legacyError(400, 400, 'Envía el archivo como multipart/form-data en el campo file');
    if (file.size > MAX_FILE_BYTES) return legacyError(413, 413, 'El archivo debe pesar como máximo 10 MB');
    if (file.size === 0) return legacyError(400, 400, 'El archivo está vacío');
    const bytes = new Uint8Array(await file.arrayBuffer());
    // The type comes from the content, never from the name: a PNG named .pdf is stored as a PNG; an
    // executable renamed .pdf is refused.
    const type = await sniffFileType(bytes);
    if (!type) return legacyError(400, 400, 'El archivo debe ser PDF, PNG, JPG o WEBP');
    const stored = await storeFile(db, viewer, ip, { name: file.name, type, bytes });
    return Response.json({ id: stored.id, name: stored.name, size: stored.size, content_type: stored.contentType }, { status: 201 });
  }

  const id = path.slice(FILES_PATH.length + 1);
  if (request.method !== 'GET') return legacyError(405, 405, `El método ${request.method} no está permitido en ${path}`);
  const file = await readableFile(db, viewer, id);
  if (!file) return legacyError(404, 404, 'El archivo no existe');
  return new Response(new Uint8Array(file.data), {
    headers: {
      'content-type': file.contentType,
      // XML (providers' CFDI) could carry XHTML scripts: always a download, never rendered on our origin.
      'content-disposition': `${file.contentType === 'application/xml' ? 'attachment' : 'inline'}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      'cache-control': 'private, max-age=3600',
      'x-content-type-options': 'nosniff',
    },
  });
}

// Files the API answers (exports, templates): saved through a temporary link, a 401 closing the session.
import { broadcastSessionClosed } from '../relay/request.js';

/** Saves a download through a temporary blob link. */
export async function downloadFile(url: string, fallbackName: string): Promise<{ ok: true } | { ok: false; status: number; data: unknown }> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) {
    if (response.status === 401) broadcastSessionClosed();
    return { ok: false, status: response.status, data: await response.json().catch(() => undefined) };
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  return { ok: true };
}

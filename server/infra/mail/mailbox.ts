// /dev/mailbox: the outbox read as a mailbox, for development and for installations without SMTP.
import type { Config } from '../../config.js';
import type { Prisma } from '../../db/client.js';
import { Response } from '../../http/response.js';

export const MAILBOX_PATH = '/dev/mailbox';
const LATEST = 100;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** Escaped text with its http(s) links (and bare /paths of this site) made clickable. */
export function linkify(text: string): string {
  return escapeHtml(text).replace(/(https?:\/\/[^\s<>"']+[^\s<>"'.,;:)]|(?<=^|\s)\/[\w\-/]+[\w])/g, (url) => `<a href="${url}">${url}</a>`);
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * Who may read the mailbox: the mailbox holds sign-up and password links, so a public page would hand
 * out every account. Only requests from this machine with no proxy in between (loopback address, no
 * X-Forwarded-For/Forwarded), in every environment but 'test' (the in-process tests have no socket);
 * never in production once an SMTP server delivers the mail. NODE_ENV defaults to development, so a
 * server started without it is covered too.
 */
export function mailboxAllowed(config: Pick<Config, 'env' | 'smtpUrl'>, request: Request, remoteAddress: string | undefined): boolean {
  if (config.env === 'test') return true;
  if (config.env === 'production' && config.smtpUrl) return false;
  const forwarded = request.headers.has('x-forwarded-for') || request.headers.has('forwarded');
  return !forwarded && !!remoteAddress && LOOPBACK.test(remoteAddress);
}

export async function mailboxPage(prisma: Prisma, smtp: boolean): Promise<Response> {
  const mails = await prisma.emailOutbox.findMany({ orderBy: { id: 'desc' }, take: LATEST });
  const items = mails
    .map((m) => {
      const state = m.sentAt
        ? `enviado ${m.sentAt.toISOString()}`
        : m.error
          ? `no entregado (${m.attempts} intentos): ${m.error}`
          : smtp
            ? 'pendiente'
            : 'en el buzón';
      return `<article data-email-id="${m.id}">
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">Para <strong>${escapeHtml(m.to)}</strong> · ${m.createdAt.toISOString()} · ${escapeHtml(state)}</p>
  <pre>${linkify(m.text)}</pre>
</article>`;
    })
    .join('\n');
  const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Buzón de desarrollo</title>
<style>body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem;color:#222}
article{border:1px solid #ddd;border-radius:6px;padding:0 1rem;margin:1rem 0}h2{font-size:1.1rem}
.meta{color:#666;font-size:.9rem}pre{white-space:pre-wrap;font-family:inherit}</style></head>
<body><h1>Buzón de desarrollo</h1>
<p>Los últimos ${LATEST} correos de la bandeja de salida, del más reciente al más antiguo.${smtp ? '' : ' No hay servidor SMTP configurado (SMTP_URL): los correos no salen de aquí.'}</p>
${items || '<p>No hay correos.</p>'}
</body></html>`;
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}

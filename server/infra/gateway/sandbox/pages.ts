// The sandbox's pages: the 3-D Secure authentication page and a store reference's barcode (Code 39).
import { formatPesos } from '../../../../core/money.js';
import type { Json } from './records.js';

const escapeHtml = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

type PageState = { state: 'missing' } | { state: 'done'; charge: Json } | { state: 'pending'; charge: Json; action: string };

export function threeDSecurePage(page: PageState): string {
  let main: string;
  if (page.state === 'missing') main = '<p>El cargo no existe.</p>';
  else if (page.state === 'done') {
    const status = page.charge.status === 'completed' ? 'autorizado' : page.charge.status === 'failed' ? 'rechazado' : 'en proceso';
    main = `<p>Este cargo ya fue procesado: <strong>${status}</strong>. Puedes cerrar esta ventana.</p>`;
  } else {
    const c = page.charge;
    main = `<dl>
  <dt>Monto</dt><dd>${escapeHtml(formatPesos(c.amount))} MXN</dd>
  <dt>Descripción</dt><dd>${escapeHtml(c.description)}</dd>
  <dt>Tarjeta</dt><dd>${escapeHtml(c.card?.card_number)} (${escapeHtml(c.card?.brand)})</dd>
</dl>
<p>Este es el banco emisor de pruebas. Elige el resultado de la autenticación.</p>
<form method="post" action="${escapeHtml(page.action)}">
  <button type="submit" name="decision" value="authorize">Autorizar</button>
  <button type="submit" name="decision" value="reject" class="secondary">Rechazar</button>
</form>`;
  }
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Autenticación 3-D Secure</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1f2937}
h1{font-size:1.4rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}dt{color:#6b7280}dd{margin:0}
form{display:flex;gap:.75rem;margin-top:1.5rem}button{flex:1;padding:.75rem;border:0;border-radius:.5rem;background:#1d4ed8;color:#fff;font-size:1rem;cursor:pointer}
button.secondary{background:#e5e7eb;color:#111827}.note{color:#6b7280;font-size:.85rem}</style></head>
<body><h1>Autenticación 3-D Secure</h1>${main}<p class="note">Pasarela de pruebas: no se realiza ningún cargo real.</p></body></html>`;
}

// Code 39: each symbol is nine elements (bar, space, …), n narrow and w wide; * starts and ends.
const CODE39: Record<string, string> = {
  '0': 'nnnwwnwnn',
  '1': 'wnnwnnnnw',
  '2': 'nnwwnnnnw',
  '3': 'wnwwnnnnn',
  '4': 'nnnwwnnnw',
  '5': 'wnnwwnnnn',
  '6': 'nnwwwnnnn',
  '7': 'nnnwnnwnw',
  '8': 'wnnwnnwnn',
  '9': 'nnwwnnwnn',
  '*': 'nwnnwnwnn',
};

/** A digits-only reference as a Code 39 barcode in SVG. */
export function barcodeSvg(reference: string): string {
  const height = 60;
  let x = 10;
  const bars: string[] = [];
  for (const symbol of `*${reference}*`) {
    const pattern = CODE39[symbol];
    for (let i = 0; i < 9; i++) {
      const width = pattern[i] === 'w' ? 3 : 1;
      if (i % 2 === 0) bars.push(`<rect x="${x}" y="0" width="${width}" height="${height}"/>`);
      x += width;
    }
    x += 1;
  }
  const total = x + 9;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${total}" height="${height + 18}" viewBox="0 0 ${total} ${height + 18}"><rect width="100%" height="100%" fill="#fff"/><g fill="#000">${bars.join('')}</g><text x="${total / 2}" y="${height + 14}" font-family="monospace" font-size="12" text-anchor="middle">${reference}</text></svg>`;
}

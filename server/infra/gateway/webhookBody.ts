// What a gateway's webhook body may carry before anything stores it. The receiver records the event id in
// a text column and the whole body as jsonb: PostgreSQL refuses a NUL byte in text and "\u0000" or a lone
// surrogate in jsonb, and a body nested thousands deep overflows the serializer's stack. Each was a 500,
// which the gateway retries forever; refused here, it is a 400 the gateway gives up on.

/** Levels of objects and lists a webhook body may nest (Openpay's nest three or four). */
export const MAX_WEBHOOK_DEPTH = 32;

const FORBIDDEN = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The problem of a parsed webhook body (a NUL byte or lone surrogate in a key or a string, nesting too deep), or null. */
export function webhookBodyProblem(body: unknown): string | null {
  const pending: [unknown, number][] = [[body, 0]];
  while (pending.length) {
    const [value, depth] = pending.pop()!;
    if (typeof value === 'string') {
      if (FORBIDDEN.test(value)) return 'The webhook body contains a NUL byte or a lone surrogate';
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_WEBHOOK_DEPTH) return `The webhook body nests deeper than ${MAX_WEBHOOK_DEPTH} levels`;
    if (Array.isArray(value)) {
      for (const item of value) pending.push([item, depth + 1]);
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      if (FORBIDDEN.test(key)) return 'The webhook body contains a NUL byte or a lone surrogate';
      pending.push([item, depth + 1]);
    }
  }
  return null;
}

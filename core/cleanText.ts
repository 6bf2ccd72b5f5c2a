// The clean-text rule without zod: the light pages' zod/mini schemas and core/input.ts's full ones use it.

/** No NUL bytes, other control characters than tab and line breaks, or lone UTF-16 surrogates. */
export function isCleanText(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u0008\u000b\u000c\u000e-\u001f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value);
}

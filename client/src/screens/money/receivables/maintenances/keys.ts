/** A fresh idempotency key for one attempt of a write (a retry of the same attempt repeats it). */
export function newIdempotencyKey(): string {
  // randomUUID exists only in secure contexts (https, localhost); elsewhere random hex of the same length.
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

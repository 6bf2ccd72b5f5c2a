// The export form's period: by default the month after the last export's end (or the previous month).
const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

export function suggestedPeriod(lastTo: string | null, now: Date = new Date()): { from: string; to: string } {
  if (lastTo && /^\d{4}-\d{2}-\d{2}$/.test(lastTo)) {
    const next = new Date(Date.parse(`${lastTo}T00:00:00Z`) + 86_400_000);
    const y = next.getUTCFullYear();
    const m = next.getUTCMonth() + 1;
    return { from: next.toISOString().slice(0, 10), to: `${y}-${pad(m)}-${pad(lastDay(y, m))}` };
  }
  const y = now.getMonth() === 0 ? now.getFullYear() - 1 : now.getFullYear();
  const m = now.getMonth() === 0 ? 12 : now.getMonth();
  return { from: `${y}-${pad(m)}-01`, to: `${y}-${pad(m)}-${pad(lastDay(y, m))}` };
}

/** Whether the range breaks the spec's rule (from ≤ to). */
export function checkRange(from: string, to: string): boolean {
  return !from || !to || from > to;
}

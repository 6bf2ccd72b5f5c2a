/** Prisma's unique-constraint failure (P2002), optionally on a field (the adapter puts it in meta). */
export function isUniqueViolation(error: unknown, field?: string): boolean {
  const e = error as { code?: string; meta?: unknown };
  if (e?.code !== 'P2002') return false;
  return !field || JSON.stringify(e.meta ?? {}).includes(field);
}

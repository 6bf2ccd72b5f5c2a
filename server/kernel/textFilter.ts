// The pieces of a list's text filters, for Prisma wheres and for SQL built with Kysely.

/** A filter value that was typed: not absent, not only spaces. */
export const given = (value: string | null | undefined): value is string => !!value && value.trim() !== '';

/** A LIKE pattern that matches `text` literally (its %, _ and \ escaped). */
export function likeLiteral(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

// Prisma passes contains/startsWith to ILIKE as they are: % and _ typed in a filter are escaped to stay literal.
export const containsText = (value: string) => ({ contains: likeLiteral(value.trim()), mode: 'insensitive' as const });
// equals + insensitive is an ILIKE too: escaped the same way, so '%' matches only '%'.
export const sameText = (value: string) => ({ equals: likeLiteral(value.trim()), mode: 'insensitive' as const });

/** The ILIKE pattern of a contains-search in SQL. */
export const containingPattern = (value: string) => `%${likeLiteral(value.trim())}%`;

import { InputError } from './errors.js';

/** Prisma's unique-constraint failure (P2002), optionally on a field (the adapter puts it in meta). */
export function isUniqueViolation(error: unknown, field?: string): boolean {
  const e = error as { code?: string; meta?: unknown };
  if (e?.code !== 'P2002') return false;
  return !field || JSON.stringify(e.meta ?? {}).includes(field);
}

/**
 * SQLSTATEs of values PostgreSQL refuses as data: a date or time out of its range (22008, e.g. year 0000)
 * or unreadable (22007), text that is not a number or a date of its column (22P02), a number out of range
 * (22003), text too long for its column (22001), a NUL byte or bytes that are not UTF-8 (22021), a
 * \u0000 in JSON (22P05).
 */
const DATA_EXCEPTIONS = new Set(['22008', '22007', '22P02', '22003', '22001', '22021', '22P05']);

/**
 * The SQLSTATE and PostgreSQL's message when `error` is a data exception caused by a value of the request:
 * from Prisma (through the driver adapter: meta.driverAdapterError.cause), from Kysely (pg's or PGlite's
 * error itself) or wrapped as another error's cause; null for anything else.
 */
export function databaseDataError(error: unknown): { code: string; detail: string } | null {
  let current = error as DriverError | undefined;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const adapter = current.meta?.driverAdapterError?.cause;
    for (const candidate of [adapter, current]) {
      const code = candidate?.originalCode ?? candidate?.code;
      if (typeof code === 'string' && DATA_EXCEPTIONS.has(code)) {
        return { code, detail: String(candidate?.originalMessage ?? candidate?.message ?? '').slice(0, 300) };
      }
    }
    current = current.cause as DriverError | undefined;
  }
  return null;
}

interface DriverError {
  code?: unknown;
  originalCode?: unknown;
  message?: unknown;
  originalMessage?: unknown;
  meta?: { driverAdapterError?: { cause?: DriverError } };
  cause?: unknown;
}

const DATA_MESSAGES: Record<string, string> = {
  '22007': 'Una fecha de la solicitud no es válida',
  '22008': 'Una fecha de la solicitud está fuera del rango permitido',
  '22003': 'Un número de la solicitud está fuera del rango permitido',
  '22001': 'Un texto de la solicitud es demasiado largo',
};

/**
 * A value PostgreSQL refused as data: bad input that a validator should have caught first (or a value the
 * server built wrongly), answered as a 400 rather than a 500 and logged as an error with its stack.
 * `detail` (PostgreSQL's message, with the value) is for the log only.
 */
export class DatabaseDataError extends InputError {
  constructor(
    readonly sqlState: string,
    readonly detail: string,
    /** The database's error, whose stack shows the statement a validator should have preceded. */
    readonly original?: unknown,
  ) {
    super([{ field: 'value', message: DATA_MESSAGES[sqlState] ?? 'Un valor de la solicitud no es válido' }]);
  }
}

/** The DatabaseDataError of a data exception (databaseDataError), or null. */
export function asDatabaseDataError(error: unknown): DatabaseDataError | null {
  const refused = databaseDataError(error);
  return refused ? new DatabaseDataError(refused.code, refused.detail, error) : null;
}

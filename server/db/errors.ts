/**
 * PostgreSQL error codes we act on. Drizzle wraps driver errors (DrizzleQueryError), so the code may sit on a cause;
 * pg and PGlite both carry it as `code`.
 */
const pgErrorCodes = { uniqueViolation: '23505' } as const;

function pgCode(error: unknown): string | undefined {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** True when `error` is a unique violation, optionally of one named constraint (index). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (pgCode(error) !== pgErrorCodes.uniqueViolation) return false;
  if (!constraint) return true;
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    if ((e as { constraint?: unknown }).constraint === constraint) return true;
  }
  return false;
}

/**
 * True for PostgreSQL's data exceptions (SQLSTATE class 22: a value out of range, malformed, untranslatable): the
 * input was wrong, not the server. Input checks should refuse such values first; this is the backstop that keeps
 * them a 400.
 */
export function isDataException(error: unknown): boolean {
  return pgCode(error)?.startsWith('22') ?? false;
}

/** Messages pg and pg-pool give when the server does not answer in time or the connection broke. */
const unavailableMessages = [
  'Query read timeout',
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
];
const unavailableSocketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

/**
 * True when the database could not be reached or did not answer in time: no connection within the connect timeout,
 * a statement past its timeout (SQLSTATE 57014), a server shutting down or refusing connections (57P01-57P03, class
 * 08), a socket that broke. The request then answers 503 (docs/architecture.md, "When the database goes away").
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = pgCode(error);
  if (code && (code === '57014' || code.startsWith('57P') || code.startsWith('08'))) return true;
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { message, code: socketCode } = e as { message?: unknown; code?: unknown };
    if (typeof message === 'string' && unavailableMessages.includes(message)) return true;
    if (typeof socketCode === 'string' && unavailableSocketCodes.has(socketCode)) return true;
  }
  return false;
}

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

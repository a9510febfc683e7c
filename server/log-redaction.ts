import { stdSerializers } from 'pino';

/**
 * The logger's `err` serializer: a failed query's parameters are the customer's data (card numbers, e-mails,
 * payment details), and so is a driver error's `detail` ("Key (email)=(…) already exists"). They are dropped from
 * every logged error and its causes; the query text and the SQLSTATE stay, which is what a fix needs.
 */
export function redactedError(error: Error): Record<string, unknown> {
  const out = scrub(stdSerializers.err(error) as unknown as Record<string, unknown>, 0);
  // pino folds a cause into the stack text; its SQLSTATE is worth keeping as a field.
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as Error).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      out.sqlstate = code;
      break;
    }
  }
  return out;
}

// Drizzle writes "Failed query: <sql>\nparams: <values>" into the message, so into the stack too.
const paramsInText = /\nparams: [\s\S]*?(?=\n\s+at |$)/;
// PostgreSQL quotes the value it refused at the end of a data exception's message ('invalid input syntax for type
// date: "…"', 'date/time field value out of range: "…"'): a parameter too, in the cause's message and the stack.
const valueInText = /: "[^\n]*"$/gm;

function scrub(value: Record<string, unknown>, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = { ...value };
  for (const key of ['message', 'stack'] as const) {
    if (typeof out[key] === 'string')
      out[key] = (out[key] as string)
        .replace(paramsInText, '\nparams: [redacted]')
        .replace(valueInText, ': "[redacted]"');
  }
  if ('params' in out) out.params = '[redacted]';
  if (typeof out.detail === 'string') out.detail = '[redacted]';
  if (out.cause && typeof out.cause === 'object' && depth < 5) {
    const cause = out.cause instanceof Error ? stdSerializers.err(out.cause) : out.cause;
    out.cause = scrub(cause as unknown as Record<string, unknown>, depth + 1);
  }
  return out;
}

/**
 * What went wrong with a rate source, in words an operator can act on. The server keeps the technical text of the
 * last attempt (server/modules/admin/rates/service.ts: "fetch failed" or "timeout" when nothing came back, "HTTP 500",
 * "missing USDTRUB" when the answer lacks a symbol, a parser's message when it could not be read); the console says
 * which of these it was and keeps the text itself beside it for diagnosis.
 */
type RateSourceProblem =
  | { key: 'noAnswer' }
  | { key: 'httpStatus'; status: string }
  | { key: 'missing'; symbols: string }
  | { key: 'unreadable' };

export function rateSourceProblem(error: string): RateSourceProblem {
  const text = error.trim();
  if (/^(fetch failed|timeout)$/i.test(text)) return { key: 'noAnswer' };
  const http = /^HTTP (\d{3})$/.exec(text);
  if (http) return { key: 'httpStatus', status: http[1]! };
  const missing = /^missing (.+)$/.exec(text);
  if (missing) return { key: 'missing', symbols: missing[1]! };
  return { key: 'unreadable' };
}

import type { ZodType } from 'zod';

/** Pure pieces of the account lists: page numbers from the URL, the page links to show, addresses with new params. */

/** `?page=` as the lists read it: a positive integer, anything else is the first page (the link was mangled). */
export function pageParam(value: string | null | undefined): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

export function pageCount(count: number, size: number): number {
  return Math.max(1, Math.ceil(count / size));
}

/**
 * The page links of a list of `total` pages around `current`: always the first and the last, two either side of the
 * current one, and a gap where pages are left out ([1, 'gap', 4, 5, 6, 7, 8, 'gap', 20]). A gap of one page shows
 * the page itself: a link takes no more room than the ellipsis.
 */
export function pageItems(current: number, total: number, around = 2): (number | 'gap')[] {
  const shown = new Set<number>([1, total]);
  for (let p = current - around; p <= current + around; p++) if (p >= 1 && p <= total) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (typeof last === 'number' && p - last === 2) out.push(last + 1);
    else if (typeof last === 'number' && p - last > 2) out.push('gap');
    out.push(p);
  }
  return out;
}

/**
 * `search` with `changes` applied ('' or null removes a parameter), as '?a=1' or ''. Changing a filter sends the
 * list back to its first page: callers pass `page: null` with it.
 */
export function withParams(search: string | URLSearchParams, changes: Record<string, string | number | null>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    // The first page is the default: its address carries no page number, so there is one address per page.
    if (value === null || value === '' || (key.endsWith('page') && String(value) === '1')) params.delete(key);
    else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * A list's query from its address, as far as it is valid: a parameter the schema refuses (a search past its length,
 * an unknown status) is left out and named with its issue (a catalogue code, shared/field-issues.ts), so the rest of
 * the query still applies and the page says what it left out, instead of showing the whole list as if nothing had
 * been asked. `fallback` is what is left when the page size itself is refused (the caller's own value: never).
 */
export function readListQuery<T>(
  schema: ZodType<T>,
  raw: Record<string, string | undefined>,
  fallback: T,
): { query: T; refused: Record<string, string> } {
  const values = { ...raw };
  const refused: Record<string, string> = {};
  for (;;) {
    const parsed = schema.safeParse(values);
    if (parsed.success) return { query: parsed.data, refused };
    const keys = [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? '')))].filter((k) => k in values);
    if (!keys.length || keys.some((k) => k in refused)) return { query: fallback, refused };
    for (const issue of parsed.error.issues) refused[String(issue.path[0])] ??= issue.message;
    for (const key of keys) delete values[key];
  }
}

/** Minimum password length the forms ask for (the server has the final word). */
export const minPasswordLength = 8;

/** A deliberately loose e-mail check: something@something.tld, no spaces. The server validates for real. */
export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

/** A `next` target after login, only when it is a path on this site ('/x', not '//evil.com' or 'https://...'). */
export function safeNext(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//')) return null;
  // Browsers drop tabs and newlines from URLs and read '\\' as '/': '/\t/evil.com' and '/\\evil.com' leave the site.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return null;
  return next;
}

import { redirect } from 'react-router';
import { href, paths } from '../../shared/paths.ts';
import type { Locale } from '../../shared/locales.ts';

/**
 * Where the 'auth' guard (SPEC §4) sends a guest: the login page of their locale, with `next` set to the address they
 * asked for (path and query, locale prefix included) so that logging in brings them back.
 */
export function loginRedirectTarget(locale: Locale, requestUrl: string): string {
  const url = new URL(requestUrl);
  return `${href(locale, paths.login)}?next=${encodeURIComponent(url.pathname + url.search)}`;
}

/** Throws the guard's redirect for a guest; a logged-in user passes. */
export function requireUser<U>(user: U | null, locale: Locale, requestUrl: string): U {
  if (!user) throw redirect(loginRedirectTarget(locale, requestUrl));
  return user;
}

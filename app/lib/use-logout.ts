import { useRef, useState } from 'react';
import { paths } from '../../shared/paths.ts';
import { useLocale, useLocalizedHref } from './locale.ts';

/**
 * Logging out (docs/product/site.md), for the site's header and the console's bar: the cookie alone ends the session,
 * then a full load of the home page, so nothing of the session stays in memory. One logout at a time.
 */
export function useLogout() {
  const locale = useLocale();
  const to = useLocalizedHref();
  const [loggingOut, setLoggingOut] = useState(false);
  const busy = useRef(false);
  const logout = async () => {
    if (busy.current) return;
    busy.current = true;
    setLoggingOut(true);
    // Loaded on use: guests, most of the home page's visitors, never need it.
    const { apiUrl, postJson } = await import('./api.ts');
    // No token needed, so none is fetched (that would rotate the cookie first).
    await postJson(apiUrl(locale, '/front-api/auth/logout/'), {}, { anonymous: true });
    window.location.assign(to(paths.home));
  };
  return { logout, loggingOut };
}

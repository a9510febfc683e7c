import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { buildCheckIntervalMs } from '../../shared/client-timing.ts';
import { stripLocale } from '../../shared/locales.ts';

/** The build manifest the server answers with the id of the build it serves. */
export const latestBuildUrl = '/builds/latest.json';

/** Asks the server which build it serves; true when it is not `buildId`. Network trouble is not a new build. */
export async function isBuildStale(buildId: string, fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetcher(latestBuildUrl, { cache: 'no-store' });
    if (!response.ok) return false;
    const body = (await response.json()) as { id?: unknown };
    return typeof body.id === 'string' && body.id !== buildId;
  } catch {
    return false;
  }
}

/**
 * Every hour (docs/product/behaviour.md), check whether a new build was deployed. The page keeps working on the old one
 * (its chunks may be gone from the server), so the next client-side navigation becomes a full page load of the new
 * address instead.
 */
export function useBuildCheck(buildId: string | undefined): void {
  const stale = useRef(false);
  const { key } = useLocation();
  const lastKey = useRef(key);

  useEffect(() => {
    if (!buildId) return;
    const timer = setInterval(() => {
      void isBuildStale(buildId).then((result) => {
        if (result) stale.current = true;
      });
    }, buildCheckIntervalMs);
    return () => clearInterval(timer);
  }, [buildId]);

  useEffect(() => {
    if (key === lastKey.current) return;
    lastKey.current = key;
    if (stale.current) window.location.reload();
  }, [key]);
}

/**
 * Claim pages carry payment details: no third-party script runs there (docs/product/site.md lists them for every other
 * page).
 */
export function allowsThirdPartyScripts(pathname: string): boolean {
  const bare = stripLocale(pathname);
  return !(bare === '/claim' || bare.startsWith('/claim/'));
}

/**
 * Live chat and analytics (docs/product/site.md): injected after hydration as external scripts (their origins are in
 * the CSP, server/plugins/security.ts), once per page life, on the first page that allows them. A visitor who opens a
 * claim page first never loads them; one who navigates to a claim page later keeps what already runs (a script cannot
 * be unloaded) — claim pages themselves never trigger the load.
 */
export function useThirdPartyScripts(scripts: { src: string | null; id?: string | null }[]): void {
  const { pathname } = useLocation();
  const key = scripts.map((s) => `${s.src}|${s.id ?? ''}`).join(',');
  useEffect(() => {
    if (!allowsThirdPartyScripts(pathname)) return;
    for (const { src, id } of scripts) {
      if (!src || document.querySelector(`script[data-third-party="${CSS.escape(src)}"]`)) continue;
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.dataset.thirdParty = src;
      if (id) script.dataset.id = id;
      document.body.appendChild(script);
    }
    // `key` stands for `scripts` (a new array every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, key]);
}

/** The value of cookie `name` in a `Cookie` request header, or null. */
export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/**
 * Remembers that the visitor closed the contest banner. A cookie rather than localStorage: the root loader reads it,
 * so the server renders the page without the banner and it never flashes before hydration (and never pops in late,
 * shifting the layout, for everyone who did not close it). A cache of anonymous HTML must key on this cookie.
 */
export const contestBannerCookie = { name: 'contest_banner', value: 'dismissed', maxAgeSeconds: 30 * 24 * 60 * 60 };

export function dismissContestBanner(): void {
  const c = contestBannerCookie;
  document.cookie = `${c.name}=${c.value}; max-age=${c.maxAgeSeconds}; path=/; SameSite=Lax`;
}

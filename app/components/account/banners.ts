import type { Locale } from '../../../shared/locales.ts';

/**
 * Partner banners (public/banners/{locale}/{w}x{h}.svg): self-contained SVG files served by the site itself, so an
 * embedding page loads nothing from third parties. Common sizes: full banner, leaderboard, medium rectangle, wide
 * skyscraper variant and the classic 88x31 button.
 */
export const bannerSizes = [
  { width: 468, height: 60 },
  { width: 728, height: 90 },
  { width: 300, height: 250 },
  { width: 240, height: 400 },
  { width: 88, height: 31 },
] as const;

export type BannerSize = (typeof bannerSizes)[number];

export const sizeName = (s: BannerSize) => `${s.width}×${s.height}`;

/** The banner's path on this site. */
export const bannerPath = (locale: Locale, s: BannerSize) => `/banners/${locale}/${s.width}x${s.height}.svg`;

/** Text for an HTML attribute or element: the five characters that could end it or start markup, escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * The code a partner pastes: a link carrying their referral link around the banner, both addresses absolute and on
 * the site's public origin (the one in the referral link), so the snippet works on any other site.
 */
export function bannerCode(link: string, locale: Locale, size: BannerSize, alt: string): string {
  const src = new URL(bannerPath(locale, size), new URL(link).origin).href;
  return (
    `<a href="${escapeHtml(link)}" target="_blank" rel="noopener">` +
    `<img src="${escapeHtml(src)}" width="${size.width}" height="${size.height}" alt="${escapeHtml(alt)}"></a>`
  );
}

export function textLinkCode(link: string, text: string): string {
  return `<a href="${escapeHtml(link)}" target="_blank" rel="noopener">${escapeHtml(text)}</a>`;
}

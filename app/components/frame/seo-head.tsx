import { useTranslation } from '../../i18n/use-translation.ts';
import { useLocation, useRouteLoaderData } from 'react-router';
import { localeFromPath, locales, stripLocale } from '../../../shared/locales.ts';
import { absoluteUrl, alternates, canonicalPath, ogImage, ogLocale, pageIndexing } from '../../../shared/seo.ts';
import type { RootData } from '../../root.tsx';

/**
 * The head tags a page's address decides (docs/product/seo.md): on an indexed page the absolute canonical link, the
 * hreflang alternates, and the Open Graph and Twitter card tags that do not depend on the page's text; on any other
 * page `robots: noindex`. The title and description tags come from the page itself (PageTitle). React 19 hoists these
 * elements into <head> and swaps them on client navigations.
 */
export function SeoHead() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const publicUrl = useRouteLoaderData<RootData>('root')?.site.publicUrl;
  const locale = localeFromPath(pathname);
  const indexing = pageIndexing(stripLocale(pathname));
  if ('robots' in indexing) return <meta name="robots" content={indexing.robots} />;
  if (!publicUrl) return null;
  const bare = canonicalPath(stripLocale(pathname), search);
  const url = absoluteUrl(publicUrl, locale, bare);
  const image = `${publicUrl}${ogImage.path}`;
  return (
    <>
      <link rel="canonical" href={url} />
      {alternates(publicUrl, bare, indexing.locales).map((a) => (
        <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={a.href} />
      ))}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={t('siteName')} />
      <meta property="og:url" content={url} />
      <meta property="og:locale" content={ogLocale[locale]} />
      {locales
        .filter((l) => l !== locale && indexing.locales.includes(l))
        .map((l) => (
          <meta key={l} property="og:locale:alternate" content={ogLocale[l]} />
        ))}
      <meta property="og:image" content={image} />
      <meta property="og:image:width" content={String(ogImage.width)} />
      <meta property="og:image:height" content={String(ogImage.height)} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:image" content={image} />
    </>
  );
}

import { useTranslation } from '../i18n/use-translation.ts';

/**
 * The document <title> of a page, '<title> — Obmen', and its description, each also as the Open Graph and Twitter
 * card text (React 19 hoists them into <head>). Every indexed page passes a description of its own
 * (docs/product/seo.md); the address-bound tags (canonical, hreflang, og:url) come from SeoHead.
 */
export function PageTitle({ title, description }: { title: string; description?: string | undefined }) {
  const { t } = useTranslation();
  const full = t('pageTitle', { title });
  return (
    <>
      <title>{full}</title>
      <meta property="og:title" content={full} />
      <meta name="twitter:title" content={full} />
      {description && (
        <>
          <meta name="description" content={description} />
          <meta property="og:description" content={description} />
          <meta name="twitter:description" content={description} />
        </>
      )}
    </>
  );
}

import { data, Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ArrowLeft } from '../../components/icons/arrow-left.tsx';
import { paths } from '../../../shared/paths.ts';
import { ShareLinks } from '../../components/share-links.tsx';
import { appContext } from '../../context.ts';
import { useLocalizedHref } from '../../lib/locale.ts';
import { useCalendarDate } from '../../lib/time-zone.ts';
import { PageHeader, Prose } from '../content/parts.tsx';
import type { Route } from './+types/article';

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const { locale, services } = context.get(appContext);
  const article = await services.content.article(locale, params.slug);
  if (!article) throw data(null, { status: 404 });
  // Share links need the page's absolute address; the request's own (behind the proxy's Host) is the one people see.
  return { article, shareUrl: `${url.origin}${url.pathname}` };
}

export default function ArticleRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('news');
  const to = useLocalizedHref();
  const day = useCalendarDate();
  const { article, shareUrl } = loaderData;
  const archive = article.kind === 'update' ? paths.newsArchiveUpdates : paths.newsArchiveNews;
  return (
    <article className="max-w-3xl">
      <PageHeader
        title={article.title}
        description={article.summary}
        crumbs={[
          { label: t('title'), to: paths.news },
          { label: article.kind === 'update' ? t('archiveUpdates') : t('archiveNews'), to: archive },
        ]}
      >
        <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-500">
          <span className="rounded-full bg-brand-50 px-2.5 py-0.5 font-medium text-brand-700">
            {t(`kind.${article.kind}`)}
          </span>
          <time dateTime={article.publishedAt}>{day(article.publishedAt)}</time>
        </p>
      </PageHeader>
      <p className="text-lg text-slate-700">{article.summary}</p>
      <Prose html={article.html} className="mt-2" />
      <footer className="mt-8 flex flex-col gap-6 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
        <ShareLinks url={shareUrl} title={article.title} />
        <Link to={to(paths.news)} className="link inline-flex items-center gap-1.5">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('backToNews')}
        </Link>
      </footer>
    </article>
  );
}

import { data } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { stripLocale } from '../../../shared/locales.ts';
import { paths } from '../../../shared/paths.ts';
import { newsPageSize } from '../../../shared/schemas/content.ts';
import { paginationQuery } from '../../../shared/schemas/pagination.ts';
import { appContext } from '../../context.ts';
import { EmptyState, PageHeader } from '../content/parts.tsx';
import type { Route } from './+types/archive';
import { NewsList, Pagination } from './parts.tsx';

/** /news/archive/news and /news/archive/updates, paginated with ?page= (a page that does not exist is a 404). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { locale, services } = context.get(appContext);
  const kind = stripLocale(url.pathname).replace(/\/+$/, '') === paths.newsArchiveUpdates ? 'update' : 'news';
  const query = paginationQuery(newsPageSize).safeParse({ page: url.searchParams.get('page') ?? undefined });
  if (!query.success) throw data(null, { status: 404 });
  const found = await services.content.news(locale, { kind, page: query.data.page, size: newsPageSize });
  if (!found) throw data(null, { status: 404 });
  return { kind, page: query.data.page, pages: found.pages, items: found.results };
}

export default function ArchiveRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('news');
  const { kind, page, pages, items } = loaderData;
  const title = kind === 'update' ? t('archiveUpdates') : t('archiveNews');
  const path = kind === 'update' ? paths.newsArchiveUpdates : paths.newsArchiveNews;
  // Page 2 and later get their own <title>, so browser history and search results tell the pages apart.
  const fullTitle = page > 1 ? `${title}. ${t('pagination.page', { page })}` : title;
  return (
    <div>
      <PageHeader
        title={fullTitle}
        lead={pages > 1 ? t('pagination.pageOf', { page, pages }) : undefined}
        description={kind === 'update' ? t('archiveUpdatesDescription') : t('archiveNewsDescription')}
        crumbs={[{ label: t('title'), to: paths.news }]}
      />
      {items.length === 0 ? (
        <EmptyState>{kind === 'update' ? t('emptyUpdates') : t('emptyNews')}</EmptyState>
      ) : (
        <NewsList items={items} headingLevel={2} />
      )}
      <Pagination page={page} pages={pages} path={path} />
    </div>
  );
}

import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { paths } from '../../../shared/paths.ts';
import type { NewsItem } from '../../../shared/schemas/content.ts';
import { useLocalizedHref } from '../../lib/locale.ts';
import { useCalendarDate } from '../../lib/time-zone.ts';

/** One news item in a list: the title links to the article, the date is machine-readable. */
function NewsCard({ item, headingLevel = 3 }: { item: NewsItem; headingLevel?: 2 | 3 }) {
  const to = useLocalizedHref();
  const day = useCalendarDate();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className="card relative p-5 transition focus-within:ring-2 focus-within:ring-brand-600 hover:border-brand-600/40 hover:shadow-md">
      <time dateTime={item.publishedAt} className="text-sm text-slate-500">
        {day(item.publishedAt)}
      </time>
      <Heading className="mt-1 text-lg font-semibold text-ink">
        {/* The whole card is the link's target area; the link text stays the title. */}
        <Link
          to={to(paths.newsArticle(item.slug))}
          className="outline-none after:absolute after:inset-0 after:rounded-2xl hover:text-brand-700"
        >
          {item.title}
        </Link>
      </Heading>
      <p className="mt-2 text-slate-600">{item.summary}</p>
    </li>
  );
}

export function NewsList({ items, headingLevel }: { items: NewsItem[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {items.map((item) => (
        <NewsCard key={item.slug} item={item} headingLevel={headingLevel} />
      ))}
    </ul>
  );
}

/** Archive pages: previous/next and every page number (archives stay short), the current one marked. */
export function Pagination({ page, pages, path }: { page: number; pages: number; path: string }) {
  const { t } = useTranslation('news');
  const to = useLocalizedHref();
  if (pages <= 1) return null;
  const hrefOf = (n: number) => (n === 1 ? to(path) : `${to(path)}?page=${n}`);
  const item =
    'focus-ring inline-flex min-w-11 items-center justify-center rounded-xl border px-3 py-2 text-sm font-semibold';
  const idle = `${item} border-slate-300 bg-white text-ink hover:border-brand-600 hover:text-brand-700`;
  return (
    <nav aria-label={t('pagination.label')} className="mt-8">
      <ul className="flex flex-wrap items-center gap-2">
        {page > 1 && (
          <li>
            <Link to={hrefOf(page - 1)} rel="prev" className={idle}>
              {t('pagination.previous')}
            </Link>
          </li>
        )}
        {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <Link
              to={hrefOf(n)}
              aria-current={n === page ? 'page' : undefined}
              aria-label={t('pagination.page', { page: n })}
              className={n === page ? `${item} border-brand-600 bg-brand-600 text-white` : idle}
            >
              {n}
            </Link>
          </li>
        ))}
        {page < pages && (
          <li>
            <Link to={hrefOf(page + 1)} rel="next" className={idle}>
              {t('pagination.next')}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

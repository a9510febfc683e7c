import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ArrowRight } from '../../components/icons/arrow-right.tsx';
import { paths } from '../../../shared/paths.ts';
import { appContext } from '../../context.ts';
import { useLocalizedHref } from '../../lib/locale.ts';
import { EmptyState, PageHeader } from '../content/parts.tsx';
import type { Route } from './+types/list';
import { NewsList } from './parts.tsx';

const latest = 4;

export async function loader({ context }: Route.LoaderArgs) {
  const { locale, services } = context.get(appContext);
  const [news, updates] = await Promise.all([
    services.content.news(locale, { kind: 'news', page: 1, size: latest }),
    services.content.news(locale, { kind: 'update', page: 1, size: latest }),
  ]);
  return { news: news?.results ?? [], updates: updates?.results ?? [] };
}

function Section({
  id,
  title,
  archive,
  archiveLabel,
  empty,
  children,
}: {
  id: string;
  title: string;
  archive: string;
  archiveLabel: string;
  empty: string | null;
  children: ReactNode;
}) {
  const to = useLocalizedHref();
  return (
    <section aria-labelledby={id} className="mt-10 first:mt-0">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-xl font-semibold sm:text-2xl">
          {title}
        </h2>
        <Link to={to(archive)} className="link inline-flex items-center gap-1 text-sm">
          {archiveLabel}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      {empty ? <EmptyState>{empty}</EmptyState> : children}
    </section>
  );
}

export default function NewsListRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('news');
  const { news, updates } = loaderData;
  return (
    <div>
      <PageHeader title={t('title')} lead={t('lead')} />
      <Section
        id="latest-news"
        title={t('latestNews')}
        archive={paths.newsArchiveNews}
        archiveLabel={t('allNews')}
        empty={news.length ? null : t('emptyNews')}
      >
        <NewsList items={news} />
      </Section>
      <Section
        id="latest-updates"
        title={t('latestUpdates')}
        archive={paths.newsArchiveUpdates}
        archiveLabel={t('allUpdates')}
        empty={updates.length ? null : t('emptyUpdates')}
      >
        <NewsList items={updates} />
      </Section>
    </div>
  );
}

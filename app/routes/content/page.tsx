import { data, Link, useRouteLoaderData } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ChevronRight } from '../../components/icons/chevron-right.tsx';
import { Mail } from '../../components/icons/mail.tsx';
import { stripLocale } from '../../../shared/locales.ts';
import { paths } from '../../../shared/paths.ts';
import { appContext } from '../../context.ts';
import { useBarePath, useLocalizedHref } from '../../lib/locale.ts';
import { useCalendarDate } from '../../lib/time-zone.ts';
import type { RootData } from '../../root.tsx';
import type { Route } from './+types/page';
import { PageHeader, Prose } from './parts.tsx';
import { contentCatalogue } from '../../i18n/catalogue-content.ts';
import { useLazyCatalogue } from '../../i18n/lazy-catalogue.ts';

/** /rules, /aml, /contacts, /concurs, /sales: one module, the page's slug is its path. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { locale, services } = context.get(appContext);
  const slug = stripLocale(url.pathname).replace(/^\/+|\/+$/g, '');
  const page = await services.content.page(slug, locale);
  if (!page) throw data(null, { status: 404 });
  return { page };
}

const related = [
  { key: 'rules', path: paths.rules },
  { key: 'aml', path: paths.aml },
  { key: 'faq', path: paths.faq },
  { key: 'contacts', path: paths.contacts },
  { key: 'sales', path: paths.sales },
  { key: 'concurs', path: paths.concurs },
] as const;

/** Beside the text on wide screens, below it on phones: the other service pages and the way to support. */
function Aside() {
  const { t } = useTranslation('content');
  const to = useLocalizedHref();
  const current = useBarePath();
  const supportEmail = useRouteLoaderData<RootData>('root')?.site.supportEmail;
  return (
    <aside className="space-y-4 lg:sticky lg:top-24">
      <nav aria-labelledby="related-pages" className="card p-5">
        <h2 id="related-pages" className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
          {t('aside.title')}
        </h2>
        <ul className="mt-3 space-y-1">
          {related
            .filter((r) => r.path !== current)
            .map((r) => (
              <li key={r.key}>
                <Link
                  to={to(r.path)}
                  className="focus-ring flex items-center justify-between rounded-lg px-2 py-1.5 text-ink hover:bg-brand-50 hover:text-brand-700"
                >
                  {t(`aside.links.${r.key}`)}
                  <ChevronRight aria-hidden="true" className="size-4 text-slate-400" />
                </Link>
              </li>
            ))}
        </ul>
      </nav>
      {supportEmail && (
        <section aria-labelledby="aside-support" className="card bg-brand-50 p-5">
          <h2 id="aside-support" className="font-semibold text-ink">
            {t('aside.support')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t('aside.supportText')}</p>
          <a href={`mailto:${supportEmail}`} className="link mt-3 inline-flex items-center gap-1.5 text-sm">
            <Mail aria-hidden="true" className="size-4" />
            {supportEmail}
          </a>
        </section>
      )}
    </aside>
  );
}

export default function ContentPageRoute({ loaderData }: Route.ComponentProps) {
  useLazyCatalogue(contentCatalogue);
  const { page } = loaderData;
  const { t } = useTranslation('content');
  const day = useCalendarDate();
  return (
    <div>
      <PageHeader title={page.title} lead={page.description} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start lg:gap-8">
        <article className="min-w-0">
          <div className="card px-5 py-2 sm:px-8 sm:py-4">
            <Prose html={page.html} />
          </div>
          <p className="mt-4 text-sm text-slate-500">{t('updated', { date: day(page.updatedAt) })}</p>
        </article>
        <Aside />
      </div>
    </div>
  );
}

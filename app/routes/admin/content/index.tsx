import { useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { supportEmailPlaceholder } from '../../../../shared/content-placeholders.ts';
import { contentPagePath, paths, href } from '../../../../shared/paths.ts';
import { localesWithNews } from '../../../../shared/navigation.ts';
import type { AdminNewsItem, AdminPage } from '../../../../shared/schemas/admin-content.ts';
import { FilterTabs } from '../../../components/admin/content/filter-tabs.tsx';
import { NewsForm } from '../../../components/admin/content/news-form.tsx';
import { PageForm } from '../../../components/admin/content/page-form.tsx';
import { ConfirmRemove, Notice } from '../../../components/admin/page-parts.tsx';
import { useConsoleForm } from '../../../components/admin/use-console-form.ts';
import { useEditorToggle } from '../../../components/admin/unsaved-changes.tsx';
import { staffReader } from '../../../components/admin/staff-reader.server.ts';
import { Pagination } from '../../../components/account/pagination.tsx';
import { pageParam } from '../../../components/account/list-query.ts';
import { useLocale } from '../../../lib/locale.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { useCalendarDate } from '../../../lib/time-zone.ts';
import type { Route } from './+types/index';

const pageSize = 20;
const kinds = ['news', 'update'] as const;

/** Content (issue 6 §6): posts and pages read in-process; publishing and edits go through /api/v1/admin/... */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = await staffReader(context, request);
  const params = new URL(request.url).searchParams;
  const page = pageParam(params.get('page'));
  // `?kind=` news or update; anything else lists both.
  const kind = kinds.find((k) => k === params.get('kind')) ?? null;
  const news = await services.admin.content.news({ page, size: pageSize, kind: kind ?? undefined });
  return { page, kind, count: news.count, news: news.results, pages: await services.admin.content.pages() };
}

function NewsRow({ item }: { item: AdminNewsItem }) {
  const { t } = useTranslation('adminContent');
  const { t: tAdmin } = useTranslation('admin');
  // The day the site shows for the item (the exchange's, as on the news pages), not the form's UTC one.
  const day = useCalendarDate();
  const [open, setOpen] = useState(false);
  const editorRef = useRef<HTMLDivElement>(null);
  const toggleEditor = useEditorToggle(editorRef, open, setOpen);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const remove = useConsoleForm();
  return (
    <li className="rounded-2xl bg-white p-4 ring-1 ring-slate-200" data-testid="news-item">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
          {t(`news.kinds.${item.kind}`)} · {item.locale.toUpperCase()}
        </span>
        <p className="font-semibold text-ink">{item.title}</p>
        <time dateTime={item.publishedAt} className="text-sm text-slate-500">
          {day(item.publishedAt)}
        </time>
        {/* News pages exist in Russian only (docs/i18n.md): a link to an English one led to the English home page. */}
        {localesWithNews.includes(item.locale) ? (
          <a href={href(item.locale, paths.newsArticle(item.slug))} className="text-sm text-brand-700 hover:underline">
            {t('news.open')}
          </a>
        ) : (
          <span className="text-sm text-slate-600" data-testid="news-not-on-site">
            {t('news.notOnSite')}
          </span>
        )}
        <div className="ml-auto flex gap-2">
          <button type="button" className="btn-secondary" aria-expanded={open} onClick={toggleEditor}>
            {tAdmin('common.edit')}
          </button>
          <button
            type="button"
            className="btn-ghost"
            aria-expanded={confirming}
            onClick={() => setConfirming(!confirming)}
          >
            {t('news.remove')}
          </button>
        </div>
      </div>
      {confirming && (
        <ConfirmRemove
          message={t('news.confirmRemove', { title: item.title })}
          yes={t('news.removeYes')}
          busy={remove.busy}
          errors={remove.general}
          onYes={() => void remove.send('DELETE', `/api/v1/admin/news/${item.id}/`)}
          onCancel={() => setConfirming(false)}
        />
      )}
      <Notice text={notice} />
      <div ref={editorRef}>
        {open && (
          <NewsForm
            item={item}
            onDone={(m) => {
              setOpen(false);
              setNotice(m);
            }}
          />
        )}
      </div>
    </li>
  );
}

/** Where the page is on the site, as a visitor reaches it (a link to it), in both languages. */
function PagePath({ slug }: { slug: string }) {
  const { t } = useTranslation('adminContent');
  const path = contentPagePath(slug);
  if (!path) return <span className="text-sm text-slate-500">{t('pages.noPath', { slug })}</span>;
  // The two addresses wrap, and a long one breaks anywhere (it has no spaces): side by side on one line they made a
  // 412 px phone's page scroll sideways ("/partners/monitoring /en/partners/monitoring").
  const link = 'min-w-0 font-mono text-brand-700 [overflow-wrap:anywhere] hover:underline';
  return (
    <span className="flex min-w-0 flex-wrap gap-x-2 text-sm" data-testid="content-page-path">
      <a href={href('ru', path)} className={link}>
        {href('ru', path)}
      </a>
      <a href={href('en', path)} className={link}>
        {href('en', path)}
      </a>
    </span>
  );
}

function PageRow({ page }: { page: AdminPage }) {
  const { t } = useTranslation('adminContent');
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const editorRef = useRef<HTMLDivElement>(null);
  const toggleEditor = useEditorToggle(editorRef, open, setOpen);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <li className="rounded-2xl bg-white p-4 ring-1 ring-slate-200" data-testid="content-page" data-slug={page.slug}>
      <div className="flex flex-wrap items-center gap-3">
        {/* In the console's language, as the FAQ list does; a page without an English title shows its Russian one. */}
        <p className="font-semibold text-ink">{(locale === 'en' && page.title.en) || page.title.ru}</p>
        <PagePath slug={page.slug} />
        <button type="button" className="btn-secondary ml-auto" aria-expanded={open} onClick={toggleEditor}>
          {t('pages.edit')}
        </button>
      </div>
      <Notice text={notice} />
      <div ref={editorRef}>
        {open && (
          <PageForm
            page={page}
            onDone={(m) => {
              setOpen(false);
              setNotice(m);
            }}
          />
        )}
      </div>
    </li>
  );
}

export default function ContentPage({ loaderData: { page, kind, count, news, pages } }: Route.ComponentProps) {
  const { t } = useTranslation('adminContent');
  const { t: tAdmin } = useTranslation('admin');
  const [creating, setCreating] = useState(false);
  const createRef = useRef<HTMLDivElement>(null);
  const toggleCreate = useEditorToggle(createRef, creating, setCreating);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <div className="space-y-6">
      <section className="card p-4 sm:p-6">
        <PageTitle title={t('title')} />
        <h1 className="text-2xl font-bold text-ink">{t('title')}</h1>
        <p className="mt-1 text-slate-600">{t('text', { placeholder: supportEmailPlaceholder })}</p>
        <div className="mt-5 flex flex-wrap items-center gap-3">
          <h2 className="text-lg font-semibold text-ink">{t('news.title')}</h2>
          <span className="text-sm text-slate-500">{tAdmin('common.total', { count })}</span>
          <button type="button" className="btn-primary ml-auto" aria-expanded={creating} onClick={toggleCreate}>
            {t('news.create')}
          </button>
        </div>
        <FilterTabs
          param="kind"
          current={kind}
          label={t('news.filter')}
          options={[
            { value: null, label: tAdmin('common.all') },
            ...kinds.map((k) => ({ value: k, label: t(`news.kindsPlural.${k}`) })),
          ]}
        />
        <Notice text={notice} />
        <div ref={createRef}>
          {creating && (
            <NewsForm
              kind={kind}
              onDone={(m) => {
                setCreating(false);
                setNotice(m);
              }}
            />
          )}
        </div>
        {news.length ? (
          <ul className="mt-4 space-y-3">
            {news.map((item) => (
              <NewsRow key={item.id} item={item} />
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-slate-600">{t('news.empty')}</p>
        )}
        <Pagination page={page} count={count} size={pageSize} />
      </section>
      <section className="card p-4 sm:p-6">
        <h2 className="text-lg font-semibold text-ink">{t('pages.title')}</h2>
        <ul className="mt-4 space-y-3">
          {pages.map((p) => (
            <PageRow key={p.slug} page={p} />
          ))}
        </ul>
      </section>
    </div>
  );
}

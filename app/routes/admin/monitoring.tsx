import { useTranslation } from 'react-i18next';
import { staffReader } from '../../components/admin/staff-reader.server.ts';
import { pageParam } from '../../components/account/list-query.ts';
import { Pagination } from '../../components/account/pagination.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import type { Route } from './+types/monitoring';

const pageSize = 20;

/** The monitoring registrations inbox (issue 6 §6): GET /api/v1/admin/monitoring/ read in-process. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = await staffReader(context, request);
  const page = pageParam(new URL(request.url).searchParams.get('page'));
  const found = await services.admin.content.monitoring({ page, size: pageSize });
  return { page, count: found.count, items: found.results };
}

export default function MonitoringInbox({ loaderData: { page, count, items } }: Route.ComponentProps) {
  const { t, i18n } = useTranslation('adminContent');
  const { t: tAdmin } = useTranslation('admin');
  return (
    <section className="card p-4 sm:p-6">
      <PageTitle title={t('monitoring.title')} />
      <h1 className="text-2xl font-bold text-ink">{t('monitoring.title')}</h1>
      <p className="mt-1 text-slate-600">{t('monitoring.text')}</p>
      <p className="mt-4 text-sm text-slate-600">{tAdmin('common.total', { count })}</p>
      {items.length ? (
        <ul className="mt-2 space-y-3">
          {items.map((m) => (
            <li key={m.id} className="rounded-2xl bg-white p-4 ring-1 ring-slate-200" data-testid="monitoring-item">
              <div className="flex flex-wrap items-baseline gap-x-3">
                <p className="font-semibold text-ink">{m.name}</p>
                <a
                  href={m.url}
                  rel="noopener noreferrer nofollow"
                  target="_blank"
                  className="text-sm break-all text-brand-700 hover:underline"
                >
                  {m.url}
                </a>
                <time dateTime={m.createdAt} className="ml-auto text-sm text-slate-500">
                  {new Date(m.createdAt).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' })}
                </time>
              </div>
              <p className="mt-1 text-sm text-slate-700">
                {t('monitoring.email')}:{' '}
                <a href={`mailto:${m.email}`} className="text-brand-700 hover:underline">
                  {m.email}
                </a>
              </p>
              {m.comment && <p className="mt-1 text-sm text-slate-700">{m.comment}</p>}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-slate-600">{t('monitoring.empty')}</p>
      )}
      <Pagination page={page} count={count} size={pageSize} />
    </section>
  );
}

import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useRevalidator } from 'react-router';
import { monitoringStatuses, type MonitoringItem } from '../../../shared/schemas/admin-content.ts';
import { FilterTabs } from '../../components/admin/content/filter-tabs.tsx';
import { MonitorBanners } from '../../components/admin/content/monitor-banners.tsx';
import { MonitorSite } from '../../components/admin/content/monitor-site.tsx';
import { staffReader } from '../../components/admin/staff-reader.server.ts';
import { pageParam } from '../../components/account/list-query.ts';
import { Pagination } from '../../components/account/pagination.tsx';
import { FormAlert } from '../../components/form/form-alert.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { apiUrl, requestJson } from '../../lib/api.ts';
import { useLocale } from '../../lib/locale.ts';
import type { Route } from './+types/monitoring';
import { useConsoleTime } from '../../lib/time-zone.ts';

const pageSize = 20;
type Status = (typeof monitoringStatuses)[number];

/** `?status=` as the inbox reads it: one of the statuses, anything else (or nothing) is every request. */
function statusParam(value: string | null): Status | null {
  return monitoringStatuses.find((s) => s === value) ?? null;
}

/** The monitoring requests inbox (issue 6 §6): GET /api/v1/admin/monitoring/ read in-process; decisions by the API. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = await staffReader(context, request);
  const params = new URL(request.url).searchParams;
  const page = pageParam(params.get('page'));
  const status = statusParam(params.get('status'));
  const [found, monitors] = await Promise.all([
    services.admin.content.monitoring({ page, size: pageSize, status: status ?? undefined }),
    services.admin.monitors.list(),
  ]);
  return { page, status, count: found.count, items: found.results, monitors };
}

const badge: Record<Status, string> = {
  new: 'bg-amber-100 text-amber-900 ring-amber-300',
  accepted: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  rejected: 'bg-slate-200 text-slate-800 ring-slate-300',
};

function Registration({ m }: { m: MonitoringItem }) {
  const { t } = useTranslation('adminContent');
  const locale = useLocale();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<'accept' | 'reject' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const when = useConsoleTime();

  async function decide(decision: 'accept' | 'reject') {
    if (busy) return;
    setBusy(decision);
    setError(null);
    const res = await requestJson<MonitoringItem>(apiUrl(locale, `/api/v1/admin/monitoring/${m.id}/${decision}/`), {
      method: 'POST',
    });
    setBusy(null);
    // A 409 (someone decided first) carries its own message; the list is reloaded either way to show the outcome.
    if (!res.ok) setError(res.errors.general[0] ?? t('failed'));
    void revalidator.revalidate();
  }

  return (
    <li className="rounded-2xl bg-white p-4 ring-1 ring-slate-200" data-testid="monitoring-item" data-status={m.status}>
      <MonitorSite name={m.name} url={m.url} nofollow>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${badge[m.status]}`}>
          {t(`monitoring.statuses.${m.status}`)}
        </span>
        <time dateTime={m.createdAt} className="text-sm text-slate-500 sm:ml-auto">
          {when(m.createdAt)}
        </time>
      </MonitorSite>
      <p className="mt-1 text-sm text-slate-700">
        {t('monitoring.email')}:{' '}
        <a href={`mailto:${m.email}`} className="break-all text-brand-700 hover:underline">
          {m.email}
        </a>
      </p>
      {m.comment && <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{m.comment}</p>}
      {m.status === 'new' ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-primary"
            disabled={!!busy}
            aria-busy={busy === 'accept' || undefined}
            onClick={() => void decide('accept')}
          >
            {t('monitoring.accept')}
          </button>
          <button
            type="button"
            className="btn-secondary"
            disabled={!!busy}
            aria-busy={busy === 'reject' || undefined}
            onClick={() => void decide('reject')}
          >
            {t('monitoring.reject')}
          </button>
        </div>
      ) : (
        m.decidedAt && (
          <p className="mt-2 text-sm text-slate-600">
            {t('monitoring.decidedAt', { when: when(m.decidedAt) })}
            {m.status === 'accepted' && ` ${t('monitoring.listed')}`}
          </p>
        )
      )}
      {error && (
        <div className="mt-2">
          <FormAlert messages={[error]} />
        </div>
      )}
    </li>
  );
}

export default function MonitoringInbox({
  loaderData: { page, status, count, items, monitors },
}: Route.ComponentProps) {
  const { t } = useTranslation('adminContent');
  const { t: tAdmin } = useTranslation('admin');
  return (
    <>
      <MonitorBanners monitors={monitors} />
      <section className="card p-4 sm:p-6">
        <PageTitle title={t('monitoring.title')} />
        <h1 className="text-2xl font-bold text-ink">{t('monitoring.title')}</h1>
        <p className="mt-1 text-slate-600">{t('monitoring.text')}</p>
        <FilterTabs
          param="status"
          current={status}
          label={t('monitoring.filter')}
          options={[
            { value: null, label: tAdmin('common.all') },
            ...monitoringStatuses.map((s) => ({ value: s, label: t(`monitoring.statuses.${s}`) })),
          ]}
        />
        <p className="mt-4 text-sm text-slate-600">{tAdmin('common.total', { count })}</p>
        {items.length ? (
          <ul className="mt-2 space-y-3">
            {items.map((m) => (
              <Registration key={m.id} m={m} />
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-slate-600">{t('monitoring.empty')}</p>
        )}
        <Pagination page={page} count={count} size={pageSize} />
      </section>
    </>
  );
}

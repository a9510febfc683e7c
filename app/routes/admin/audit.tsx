import { useTranslation } from '../../i18n/use-translation.ts';
import { Form, useLocation } from 'react-router';
import { RotateCcwClock as History } from '../../components/icons/rotate-ccw-clock.tsx';
import { auditQuery, type AuditEntry } from '../../../shared/schemas/admin.ts';
import { staffReader } from '../../components/admin/staff-reader.server.ts';
import { EmptyState } from '../../components/account/states.tsx';
import { Pagination } from '../../components/account/pagination.tsx';
import { readListQuery, withParams } from '../../components/account/list-query.ts';
import { useLeftOut } from '../../components/admin/left-out.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import type { Route } from './+types/audit';
import { useConsoleTime } from '../../lib/time-zone.ts';

const pageSize = 50;

/**
 * The audit log (issue 6 §7), the same list as GET /api/v1/admin/audit/; the filter lives in the address. A part of
 * it the log cannot take (a value past its length) is left out and said under the filter, the rest still applied
 * (readListQuery), rather than the whole log shown as if nothing had been asked.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = await staffReader(context, request);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const { query: q, refused } = readListQuery(
    auditQuery,
    { ...params, size: String(pageSize) },
    { page: 1, size: pageSize, entity: undefined, entity_id: undefined, actor: undefined },
  );
  const filter = { entity: q.entity || undefined, entityId: q.entity_id || undefined, actor: q.actor || undefined };
  const found = await services.admin.audit.list(filter, q);
  // The fields show what was asked for, even when refused: the notice says why beside them.
  const typed = (name: string) => (name in refused ? params[name] : undefined);
  const shown = {
    entity: filter.entity ?? typed('entity'),
    entityId: filter.entityId ?? typed('entity_id'),
    actor: filter.actor ?? typed('actor'),
  };
  return { page: q.page, count: found.count, entries: found.results, filter: shown, refused };
}

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="text-slate-400">—</span>;
  return (
    <pre className="max-h-48 overflow-auto rounded-lg bg-slate-50 p-2 text-xs break-all whitespace-pre-wrap text-slate-700">
      {JSON.stringify(value, null, 1)}
    </pre>
  );
}

function Entry({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('admin');
  const when = useConsoleTime();
  return (
    <li className="rounded-2xl bg-white p-4 ring-1 ring-slate-200" data-testid="audit-entry">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
        <time dateTime={entry.at} className="text-slate-500">
          {when(entry.at, true)}
        </time>
        <span className="font-mono font-semibold text-ink">{entry.action}</span>
        <span className="text-slate-600">
          {entry.entity} #{entry.entityId}
        </span>
        <span className="ml-auto text-slate-600">{entry.actor.email}</span>
      </div>
      {(entry.before !== null || entry.after !== null) && (
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <div>
            <p className="mb-1 text-xs font-semibold text-slate-500">{t('audit.before')}</p>
            <Json value={entry.before} />
          </div>
          <div>
            <p className="mb-1 text-xs font-semibold text-slate-500">{t('audit.after')}</p>
            <Json value={entry.after} />
          </div>
        </div>
      )}
    </li>
  );
}

export default function AuditPage({ loaderData: { page, count, entries, filter, refused } }: Route.ComponentProps) {
  const { t } = useTranslation('admin');
  const { search } = useLocation();
  const { notice, invalid } = useLeftOut(refused, {
    entity: t('audit.filterEntity'),
    entity_id: t('audit.filterEntityId'),
    actor: t('audit.filterActor'),
  });
  const field = 'w-full rounded-xl border border-slate-300 px-3 py-2 text-sm';
  return (
    <section className="card p-6">
      <PageTitle title={t('audit.title')} />
      <h1 className="text-2xl font-bold text-ink">{t('audit.title')}</h1>
      <p className="mt-1 text-slate-600">{t('audit.text')}</p>
      <Form method="get" className="mt-5 grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto_auto] sm:items-end">
        <label className="text-sm font-medium text-slate-700">
          {t('audit.filterEntity')}
          <input name="entity" defaultValue={filter.entity ?? ''} className={field} {...invalid('entity')} />
        </label>
        <label className="text-sm font-medium text-slate-700">
          {t('audit.filterEntityId')}
          <input name="entity_id" defaultValue={filter.entityId ?? ''} className={field} {...invalid('entity_id')} />
        </label>
        <label className="text-sm font-medium text-slate-700">
          {t('audit.filterActor')}
          <input name="actor" defaultValue={filter.actor ?? ''} className={field} {...invalid('actor')} />
        </label>
        <button type="submit" className="btn-primary">
          {t('common.search')}
        </button>
        <a
          href={withParams(search, { entity: null, entity_id: null, actor: null, page: null }) || '?'}
          className="btn-ghost text-center"
        >
          {t('common.reset')}
        </a>
      </Form>
      {notice}
      <p className="mt-4 text-sm text-slate-500">{t('common.total', { count })}</p>
      {entries.length ? (
        <ul className="mt-3 space-y-3">
          {entries.map((e) => (
            <Entry key={e.id} entry={e} />
          ))}
        </ul>
      ) : (
        <div className="mt-3">
          {/* A page past the last one (an old link, a typed address): its entries are on the pages before it, not
              hidden by a filter, so the way back is the first page. */}
          <EmptyState
            icon={<History className="size-6" />}
            title={t(count > 0 ? 'audit.pastEndTitle' : 'audit.emptyTitle')}
            text={t(count > 0 ? 'audit.pastEndText' : 'audit.emptyText')}
            action={
              count > 0 && (
                <a href={withParams(search, { page: null }) || '?'} className="btn-secondary">
                  {t('audit.firstPage')}
                </a>
              )
            }
          />
        </div>
      )}
      <Pagination page={page} count={count} size={pageSize} />
    </section>
  );
}

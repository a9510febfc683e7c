import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Form, useRevalidator } from 'react-router';
import { RefreshCw } from '../../components/icons/refresh-cw.tsx';
import { rateSourceNames } from '../../../shared/rate-sources.ts';
import {
  rateHistoryQuery,
  type RateDirection,
  type RateSource,
  type RateSourceProblem,
  type RefreshResult,
} from '../../../shared/schemas/admin-rates.ts';
import { Pagination } from '../../components/account/pagination.tsx';
import { readListQuery } from '../../components/account/list-query.ts';
import { useLeftOut } from '../../components/admin/left-out.tsx';
import { staffReader } from '../../components/admin/staff-reader.server.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { apiUrl, requestJson } from '../../lib/api.ts';
import { useLocale } from '../../lib/locale.ts';
import type { Route } from './+types/rates';
import { useConsoleTime } from '../../lib/time-zone.ts';
import { formatPercent } from '../../../shared/format.ts';
import { RateFigure } from '../../components/admin/rates/rate-figure.tsx';

const pageSize = 20;

/**
 * Rates (issue 6 §4): each source's last fetch, the directions priced from it (source rate, markup, the customer's
 * course, age, STALE) and the rate history; read in-process from the same service as GET /api/v1/admin/rates/.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = await staffReader(context, request);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  // A part of the history's filter it cannot take (an unknown source, a symbol past its length) is left out and said
  // under the filter, the rest still applied (readListQuery), rather than the whole history as if nothing was asked.
  const { query: q, refused } = readListQuery(
    rateHistoryQuery,
    { ...params, size: String(pageSize) },
    { page: 1, size: pageSize, source: undefined, symbol: undefined },
  );
  const [status, first] = await Promise.all([services.admin.rates.status(), services.admin.rates.history(q)]);
  let history = first;
  if (q.page > 1 && history.results.length === 0) {
    q.page = 1;
    history = await services.admin.rates.history(q);
  }
  // The symbol field shows what was asked for, even when refused: the notice says why beside it.
  const symbol = q.symbol ?? (refused.symbol ? (params.symbol ?? '') : '');
  return { status, history, page: q.page, source: q.source ?? '', symbol, refused };
}

function useWhen() {
  const time = useConsoleTime();
  return (iso: string) => time(iso, true);
}

/**
 * The directions priced from a source: a table on a wide screen, stacked rows on a phone (the same markup, each cell
 * naming itself there, as the claims queue does), so the markup, the customer's course and the age are never off the
 * screen's edge.
 */
function DirectionsTable({ rows, label }: { rows: RateDirection[]; label: string }) {
  const { t } = useTranslation('adminRates');
  const locale = useLocale();
  const th = 'px-3 py-2 text-left font-medium';
  const cell = 'block px-3 py-1 md:table-cell md:py-2';
  // slate-600, not 500: legible on a stale row's red-50 too (axe color-contrast).
  const name = 'mr-2 text-xs font-semibold text-slate-600 md:hidden';
  return (
    // A narrow desktop window may still scroll it sideways, so keyboard users must be able to focus it (axe
    // scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label={label}>
      <table className="w-full text-sm md:min-w-[40rem]">
        <thead className="bg-slate-50 text-slate-600 max-md:sr-only">
          <tr>
            <th className={th}>{t('dir.direction')}</th>
            <th className={th}>{t('dir.symbol')}</th>
            <th className={th}>{t('dir.rate')}</th>
            <th className={th}>{t('dir.markup')}</th>
            <th className={th}>{t('dir.course')}</th>
            <th className={th}>{t('dir.age')}</th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-slate-100 md:table-row-group">
          {rows.map((d) => (
            <tr
              key={d.id}
              className={`block py-2 md:table-row md:py-0 ${d.stale ? 'bg-red-50' : ''}`}
              data-testid={`rate-direction-${d.id}`}
            >
              <td className={`${cell} font-medium text-ink`}>
                {d.from} → {d.to}
                {!d.active && <span className="ml-2 text-xs text-slate-500">({t('dir.inactive')})</span>}
              </td>
              <td className={`${cell} font-mono`}>
                <span className={`${name} font-sans`} data-cell-name>
                  {t('dir.symbol')}
                </span>
                {d.symbol}
              </td>
              <td className={cell}>
                <span className={name} data-cell-name>
                  {t('dir.rate')}
                </span>
                {d.sourceRate ? <RateFigure value={d.sourceRate} from={d.fromSymbol} to={d.toSymbol} /> : t('dir.none')}
              </td>
              <td className={`${cell} tabular-nums`}>
                <span className={name} data-cell-name>
                  {t('dir.markup')}
                </span>
                {formatPercent(d.markupPercent, locale)}
              </td>
              <td className={cell}>
                <span className={name} data-cell-name>
                  {t('dir.course')}
                </span>
                {d.course ? <RateFigure value={d.course} from={d.fromSymbol} to={d.toSymbol} /> : t('dir.none')}
              </td>
              <td className={cell}>
                <span className={name} data-cell-name>
                  {t('dir.age')}
                </span>
                {d.ageMinutes === null ? t('dir.none') : t('dir.ageValue', { minutes: d.ageMinutes })}
                {d.rateOrigin === 'seed' && (
                  <span className="block text-xs font-medium text-amber-800" data-testid="rate-seeded">
                    {t('dir.seeded')}
                  </span>
                )}
                <span className={`block text-xs ${d.stale ? 'text-slate-700' : 'text-slate-500'}`}>
                  {t(d.maxRateAgeMinutes === null ? 'dir.limitDefault' : 'dir.limit', {
                    minutes: d.rateAgeLimitMinutes,
                  })}
                </span>
                {d.stale && (
                  <span
                    className="mt-1 inline-block rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white"
                    title={t('dir.staleHint')}
                  >
                    {t('dir.stale')}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A source's last failure as an operator reads it, by the kind the server gave it; the raw text is shown beside it. */
function useProblemText() {
  const { t } = useTranslation('adminRates');
  return (problem: RateSourceProblem) =>
    problem.kind === 'missing'
      ? t('problem.missing', { symbols: problem.symbols.join(', ') })
      : t(`problem.${problem.kind}`, problem);
}

/**
 * A failed last fetch explained in the operator's language: what happened, what it means for the directions, and the
 * raw technical text (English, as the runtime wrote it: "fetch failed", "HTTP 500") folded away under its own label,
 * for whoever diagnoses it; never as the message itself.
 */
function SourceProblem({ problem, error }: { problem: RateSourceProblem; error: string | null }) {
  const { t } = useTranslation('adminRates');
  const problemText = useProblemText();
  return (
    <div className="mt-2 rounded-xl bg-red-50 p-3 text-sm text-red-900" data-testid="rate-source-problem">
      <p className="font-medium">{t('source.failed', { problem: problemText(problem) })}</p>
      <p className="mt-1">{t(`problemHint.${problem.kind}`)}</p>
      {error && (
        <details className="mt-1 text-xs text-slate-600">
          <summary className="focus-ring cursor-pointer rounded">{t('source.errorDetail')}</summary>
          <code lang="en" className="mt-1 block break-all" data-testid="rate-source-technical">
            {error}
          </code>
        </details>
      )}
    </div>
  );
}

function SourceCard({ source }: { source: RateSource }) {
  const { t } = useTranslation('adminRates');
  const problemText = useProblemText();
  const when = useWhen();
  const stale = source.directions.filter((d) => d.stale).length;
  const seeded = source.directions.filter((d) => d.rateOrigin === 'seed').length;
  return (
    <section
      className="card p-4 sm:p-6"
      aria-labelledby={`source-${source.source}`}
      data-testid={`rate-source-${source.source}`}
    >
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id={`source-${source.source}`} className="text-lg font-semibold text-ink">
          {t(`source.${source.source}`)}
        </h2>
        {source.lastProblem ? (
          <span
            // The words start in lower case to sit inside the refresh notice's sentence; a badge starts with a capital.
            className="inline-block rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800 first-letter:uppercase"
            data-testid="rate-source-error"
          >
            {problemText(source.lastProblem)}
          </span>
        ) : source.lastSuccessAt ? (
          <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">
            {t('source.ok')}
          </span>
        ) : null}
        {stale > 0 && (
          <span className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white">
            {t('dir.stale')} × {stale}
          </span>
        )}
      </div>
      <p className="mt-1 break-all text-xs text-slate-500">{source.url}</p>
      {source.lastProblem && <SourceProblem problem={source.lastProblem} error={source.lastError} />}
      <dl className="mt-2 grid gap-1 text-sm text-slate-700 sm:grid-cols-2">
        <div>
          <dt className="inline text-slate-500">{t('source.lastAttempt')}: </dt>
          <dd className="inline">{source.lastAttemptAt ? when(source.lastAttemptAt) : t('source.never')}</dd>
        </div>
        <div>
          <dt className="inline text-slate-500">{t('source.lastSuccess')}: </dt>
          <dd className="inline">{source.lastSuccessAt ? when(source.lastSuccessAt) : t('source.never')}</dd>
        </div>
      </dl>
      {seeded > 0 && (
        // The demo data fills an empty database with rates of that moment, read from no source: said here, so that
        // "never succeeded" above and an empty history below do not contradict the rates in the table.
        <p className="mt-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900" data-testid="rate-source-seeded">
          {t('source.seeded', { n: seeded, source: t(`source.${source.source}`) })}
        </p>
      )}
      {source.directions.length ? (
        <DirectionsTable
          rows={source.directions}
          label={t('source.directions', { source: t(`source.${source.source}`) })}
        />
      ) : (
        <p className="mt-3 text-sm text-slate-500">{t('source.unused')}</p>
      )}
    </section>
  );
}

function RefreshButton() {
  const { t } = useTranslation('adminRates');
  const { t: tAdmin } = useTranslation('admin');
  const problemText = useProblemText();
  const locale = useLocale();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  async function refresh() {
    setBusy(true);
    setNotice(null);
    const res = await requestJson<RefreshResult>(apiUrl(locale, '/api/v1/admin/rates/refresh/'), {
      method: 'POST',
      body: {},
    });
    setBusy(false);
    if (!res.ok) {
      setNotice({ ok: false, text: tAdmin('common.errorTitle') });
      return;
    }
    const failed = res.data.results.flatMap((r) =>
      r.problem ? [`${t(`source.${r.source}`)} — ${problemText(r.problem)}`] : [],
    );
    setNotice(
      failed.length
        ? { ok: false, text: t('refreshFailed', { sources: failed.join(', ') }) }
        : { ok: true, text: t('refreshDone') },
    );
    await revalidator.revalidate();
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        className="btn-primary inline-flex items-center gap-2"
        disabled={busy}
        onClick={() => void refresh()}
      >
        <RefreshCw aria-hidden="true" className={`size-4 ${busy ? 'animate-spin' : ''}`} />
        {busy ? t('refreshing') : t('refresh')}
      </button>
      {notice && (
        <p role="status" className={`text-sm ${notice.ok ? 'text-emerald-700' : 'text-red-700'}`}>
          {notice.text}
        </p>
      )}
    </div>
  );
}

export default function Rates({
  loaderData: { status, history, page, source, symbol, refused },
}: Route.ComponentProps) {
  const { t } = useTranslation('adminRates');
  const { t: tAdmin } = useTranslation('admin');
  const { notice, invalid } = useLeftOut(refused, { source: t('history.source'), symbol: t('history.symbol') });
  const when = useWhen();
  const anySeeded = status.sources.some((s) => s.directions.some((d) => d.rateOrigin === 'seed'));
  // A history row's symbol is a direction's: its tickers write the rate as that direction's course line.
  const pairs = new Map<string, RateDirection>(
    status.sources.flatMap((s) => s.directions.map((d) => [`${s.source}:${d.symbol}`, d] as const)),
  );
  const field =
    'focus-ring mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-ink shadow-sm';
  return (
    <div className="space-y-4">
      <section className="card p-4 sm:p-6">
        <PageTitle title={t('title')} />
        <h1 className="text-2xl font-bold text-ink">{t('title')}</h1>
        <p className="mt-1 text-slate-600">{t('text')}</p>
        <p className="mt-1 text-sm text-slate-500">
          {status.refreshMinutes ? t('schedule', { count: status.refreshMinutes }) : t('scheduleOff')}
        </p>
        <div className="mt-4">
          <RefreshButton />
        </div>
      </section>
      {status.sources.map((s) => (
        <SourceCard key={s.source} source={s} />
      ))}
      {status.unknown.length > 0 && (
        <section className="card p-4 sm:p-6">
          <h2 className="text-lg font-semibold text-ink">{t('unknownTitle')}</h2>
          <p className="mt-1 text-sm text-slate-600">{t('unknownText')}</p>
          <DirectionsTable rows={status.unknown} label={t('unknownTitle')} />
        </section>
      )}
      <section className="card p-4 sm:p-6" aria-labelledby="rate-history">
        <h2 id="rate-history" className="text-lg font-semibold text-ink">
          {t('history.title')}
        </h2>
        <Form method="get" className="mt-3 grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
          <label className="text-sm font-medium text-slate-700">
            {t('history.source')}
            <select name="source" defaultValue={source} className={field} {...invalid('source')}>
              <option value="">{t('history.all')}</option>
              {rateSourceNames.map((s) => (
                <option key={s} value={s}>
                  {t(`source.${s}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium text-slate-700">
            {t('history.symbol')}
            <input
              name="symbol"
              defaultValue={symbol}
              key={symbol}
              placeholder="USDTRUB"
              className={field}
              {...invalid('symbol')}
            />
          </label>
          <button type="submit" className="btn-secondary">
            {tAdmin('common.search')}
          </button>
        </Form>
        {notice}
        {history.results.length ? (
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label={t('history.title')}>
            <table className="w-full text-sm">
              <thead className="bg-slate-50 text-slate-600">
                <tr>
                  <th className="px-3 py-2 text-left font-medium">{t('history.at')}</th>
                  <th className="px-3 py-2 text-left font-medium">{t('history.source')}</th>
                  <th className="px-3 py-2 text-left font-medium">{t('history.symbol')}</th>
                  <th className="px-3 py-2 text-right font-medium">{t('history.rate')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {history.results.map((h) => (
                  <tr key={h.id}>
                    <td className="px-3 py-2">
                      <time dateTime={h.fetchedAt}>{when(h.fetchedAt)}</time>
                    </td>
                    <td className="px-3 py-2">{h.source}</td>
                    <td className="px-3 py-2 font-mono">{h.symbol}</td>
                    <td className="px-3 py-2 text-right">
                      <RateFigure
                        value={h.rate}
                        from={pairs.get(`${h.source}:${h.symbol}`)?.fromSymbol}
                        to={pairs.get(`${h.source}:${h.symbol}`)?.toSymbol}
                        align="right"
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="mt-3 text-sm text-slate-500" data-testid="rate-history-empty">
            {t(anySeeded && !source && !symbol ? 'history.emptySeeded' : 'history.empty')}
          </p>
        )}
        <Pagination page={page} count={history.count} size={pageSize} />
      </section>
    </div>
  );
}

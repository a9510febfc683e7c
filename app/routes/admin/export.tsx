import { useTranslation } from '../../i18n/use-translation.ts';
import { staffReader } from '../../components/admin/staff-reader.server.ts';
import { PageTitle } from '../../components/page-title.tsx';
import type { Route } from './+types/export';
import { useConsoleTime } from '../../lib/time-zone.ts';

/**
 * The monitors' rates export (issue 14): when it was built, how many directions it carries, which were left out and
 * why, and its addresses; read in-process from the same service as GET /api/v1/admin/export/.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = await staffReader(context, request);
  return { status: (await services.ratesExport.current()).status };
}

export default function RatesExport({ loaderData: { status } }: Route.ComponentProps) {
  const { t } = useTranslation('adminRates');
  const time = useConsoleTime();
  const when = (iso: string) => time(iso, true);
  const th = 'px-3 py-2 text-left font-medium';
  return (
    <div className="space-y-4">
      <section className="card p-4 sm:p-6">
        <PageTitle title={t('export.title')} />
        <h1 className="text-2xl font-bold text-ink">{t('export.title')}</h1>
        <p className="mt-1 text-slate-600">{t('export.text')}</p>
        {status.maintenance && (
          <p role="status" className="mt-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-300">
            {t('export.maintenance')}
          </p>
        )}
        <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-500">{t('export.carried')}</dt>
            <dd className="text-2xl font-semibold text-ink" data-testid="export-carried">
              {status.carried}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">{t('export.builtAt')}</dt>
            <dd className="text-ink">
              <time dateTime={status.builtAt}>{when(status.builtAt)}</time>
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">{t('export.lastModified')}</dt>
            <dd className="text-ink">
              <time dateTime={status.lastModified}>{when(status.lastModified)}</time>
            </dd>
          </div>
        </dl>
        <h2 className="mt-5 text-sm font-semibold text-slate-700">{t('export.files')}</h2>
        <ul className="mt-1 space-y-1 text-sm">
          {[status.urls.xml, status.urls.json].map((url) => (
            <li key={url}>
              <a href={url} className="font-mono break-all text-brand-700 hover:underline">
                {url}
              </a>
            </li>
          ))}
        </ul>
      </section>
      <section className="card p-4 sm:p-6" aria-labelledby="export-left-out">
        <h2 id="export-left-out" className="text-lg font-semibold text-ink">
          {t('export.leftOutTitle')} ({status.leftOut.length})
        </h2>
        {status.leftOut.length ? (
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label={t('export.leftOutTitle')}>
            <table className="w-full text-sm">
              <thead className="bg-slate-50 text-slate-600">
                <tr>
                  <th className={th}>{t('export.direction')}</th>
                  <th className={th}>{t('export.reason')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {status.leftOut.map((d) => (
                  <tr key={d.id} data-testid="export-left-out" data-reason={d.reason}>
                    <td className="px-3 py-2 font-medium whitespace-nowrap text-ink">
                      {d.from} → {d.to}
                    </td>
                    <td className="px-3 py-2 text-slate-700">{t(`export.reasons.${d.reason}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="mt-2 text-sm text-slate-600">{t('export.leftOutEmpty')}</p>
        )}
      </section>
    </div>
  );
}

import { useTranslation } from '../../../i18n/use-translation.ts';
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths.ts';
import type { AdminDirection } from '../../../../shared/schemas/admin-directions.ts';
import { ListHeader } from '../../../components/admin/directions/list-header.tsx';
import { staffReader } from '../../../components/admin/staff-reader.server.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { CourseFigure } from '../../../components/admin/figures.tsx';
import { formatPercent } from '../../../../shared/format.ts';
import { splitRateSource } from '../../../../shared/rate-sources.ts';
import { useLocale, useLocalizedHref } from '../../../lib/locale.ts';
import type { Route } from './+types/list';

/** Directions (issue 6 §3): the same list as GET /api/v1/admin/directions/, read in-process; each has its own page. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, locale } = await staffReader(context, request);
  return { directions: await services.admin.directions.directions(locale) };
}

function Row({ d }: { d: AdminDirection }) {
  const { t } = useTranslation('adminDirections');
  const to = useLocalizedHref();
  const locale = useLocale();
  const pair = `${d.from.code} → ${d.to.code}`;
  // The source by the name the form's picker and the customer's breakdown give it, then its symbol ("Binance
  // USDTRUB"), not the stored 'binance:USDTRUB'; a stored value no source reads is shown as it is.
  const sourceText = (rateSource: string) => {
    const parsed = splitRateSource(rateSource);
    return parsed ? `${t(`sourceNames.${parsed[0]}`)} ${parsed[1]}` : rateSource;
  };
  return (
    <li className="rounded-2xl bg-white p-4 ring-1 ring-slate-200" data-testid="direction" data-id={d.id}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="min-w-48 font-semibold text-ink">{pair}</p>
        <p className="text-sm text-slate-600">
          {t('course')}:{' '}
          {d.course ? (
            <CourseFigure course={d.course} from={d.from} to={d.to} testId="direction-course" />
          ) : (
            <span className="font-medium text-ink" data-testid="direction-course">
              {t('notPriced')}
            </span>
          )}{' '}
          · {t(`mode.${d.courseMode}`)}
          {d.courseMode === 'source' && d.rateSource
            ? ` ${sourceText(d.rateSource)}, ${t('markupValue', { percent: formatPercent(d.markupPercent, locale) })}`
            : ''}
        </p>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ${
            d.active ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-slate-100 text-slate-700 ring-slate-200'
          }`}
        >
          {d.active ? t('on') : t('off')}
        </span>
        {d.stale && (
          <span className="rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-medium text-red-800 ring-1 ring-red-200">
            {t('stale')}
          </span>
        )}
        <Link
          to={to(paths.adminDirection(d.id))}
          className="btn-secondary ml-auto"
          aria-label={`${t('edit')}: ${pair}`}
        >
          {t('edit')}
        </Link>
      </div>
    </li>
  );
}

export default function DirectionsPage({ loaderData: { directions } }: Route.ComponentProps) {
  const { t } = useTranslation('adminDirections');
  return (
    <section className="card p-4 sm:p-6">
      <PageTitle title={t('title')} />
      <ListHeader
        title={t('title')}
        text={t('text')}
        newLabel={t('newDirection')}
        newPath={paths.adminDirection('new')}
      />
      <ul className="mt-5 space-y-3">
        {directions.map((d) => (
          <Row key={d.id} d={d} />
        ))}
      </ul>
    </section>
  );
}

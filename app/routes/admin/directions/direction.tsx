import { useTranslation } from '../../../i18n/use-translation.ts';
import { data, useLocation } from 'react-router';
import { paths } from '../../../../shared/paths.ts';
import { DirectionForm } from '../../../components/admin/directions/direction-form.tsx';
import { CourseFigure } from '../../../components/admin/figures.tsx';
import { staffReader } from '../../../components/admin/staff-reader.server.ts';
import { Breadcrumb } from '../../../components/breadcrumb.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import type { Route } from './+types/direction';

/**
 * A direction's page (issue 6 §3), `new` or an id: read in-process through the same service as
 * GET /api/v1/admin/directions/{id}/; saved through POST or PUT /api/v1/admin/directions/.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services, locale } = await staffReader(context, request);
  const admin = services.admin.directions;
  // The rate source is picked from the known sources and their symbols, not typed.
  const symbols = await services.admin.rates.knownSymbols();
  if (params.id === 'new') {
    const currencies = (await admin.currencies(locale)).map(({ id, code, name }) => ({ id, code, name }));
    return { direction: null, currencies, symbols };
  }
  const direction = /^\d{1,9}$/.test(params.id) ? await admin.direction(Number(params.id), locale) : null;
  if (!direction) throw data(null, { status: 404 });
  return { direction, currencies: [], symbols };
}

export default function DirectionPage({ loaderData: { direction, currencies, symbols } }: Route.ComponentProps) {
  const { t } = useTranslation('adminDirections');
  const { t: tAdmin } = useTranslation('admin');
  const created = (useLocation().state as { created?: boolean } | null)?.created;
  const title = direction ? t('titleEdit', { pair: `${direction.from.code} → ${direction.to.code}` }) : t('titleNew');
  return (
    <div>
      <PageTitle title={title} />
      <Breadcrumb
        items={[
          { label: tAdmin('title'), to: paths.admin },
          { label: t('title'), to: paths.adminDirections },
        ]}
        title={title}
      />
      <h1 className="mb-1 text-2xl font-bold text-ink">{title}</h1>
      {direction && (
        <p className="mb-4 text-slate-600">
          {direction.from.name} → {direction.to.name} · {t('course')}:{' '}
          {direction.course ? (
            <CourseFigure course={direction.course} from={direction.from} to={direction.to} testId="direction-course" />
          ) : (
            <span className="font-medium text-ink" data-testid="direction-course">
              {t('notPriced')}
            </span>
          )}
        </p>
      )}
      {created && (
        <p role="status" className="mb-4 rounded-xl bg-emerald-50 px-3.5 py-3 text-sm text-emerald-800">
          {t('created')}
        </p>
      )}
      {/* A new key per record: a created direction's page starts from its saved values, not the new form's state. */}
      <DirectionForm key={direction?.id ?? 'new'} direction={direction} currencies={currencies} symbols={symbols} />
    </div>
  );
}

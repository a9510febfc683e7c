import { useTranslation } from '../../../i18n/use-translation.ts';
import { data, useLocation } from 'react-router';
import { paths } from '../../../../shared/paths.ts';
import { CurrencyForm } from '../../../components/admin/directions/currency-form.tsx';
import { ReservePanel } from '../../../components/admin/directions/reserve-panel.tsx';
import { staffReader } from '../../../components/admin/staff-reader.server.ts';
import { Breadcrumb } from '../../../components/breadcrumb.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { formatMoney } from '../../../../shared/format.ts';
import { useLocale } from '../../../lib/locale.ts';
import type { Route } from './+types/currency';

/**
 * A currency's page (issue 6 §3), `new` or an id: its fields, both sides' requisite inputs and, for an existing one,
 * its reserve. Read in-process as GET /api/v1/admin/currencies/{id}/ answers; saved through POST or PUT.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services } = await staffReader(context, request);
  if (params.id === 'new') return { currency: null };
  const currency = /^\d{1,9}$/.test(params.id) ? await services.admin.directions.currency(Number(params.id)) : null;
  if (!currency) throw data(null, { status: 404 });
  return { currency };
}

export default function CurrencyPage({ loaderData: { currency } }: Route.ComponentProps) {
  const { t } = useTranslation('adminDirections');
  const { t: tAdmin } = useTranslation('admin');
  const locale = useLocale();
  const created = (useLocation().state as { created?: boolean } | null)?.created;
  const title = currency ? `${currency.name[locale] || currency.name.ru} · ${currency.code}` : t('currency.titleNew');
  return (
    <div className="space-y-4">
      <PageTitle title={title} />
      <Breadcrumb
        items={[
          { label: tAdmin('title'), to: paths.admin },
          { label: t('currencies.title'), to: paths.adminCurrencies },
        ]}
        title={title}
      />
      <h1 className="text-2xl font-bold text-ink">{title}</h1>
      {created && (
        <p role="status" className="rounded-xl bg-emerald-50 px-3.5 py-3 text-sm text-emerald-800">
          {t('currency.created')}
        </p>
      )}
      {currency && (
        <section aria-labelledby="currency-reserve" className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
          <h2 id="currency-reserve" className="text-lg font-semibold text-ink">
            {t('currency.reserveTitle')}:{' '}
            <span className="tabular-nums" data-testid="currency-reserve">
              {formatMoney(currency.reserve, currency, locale)}
            </span>
          </h2>
          <ReservePanel currency={currency} />
        </section>
      )}
      <CurrencyForm key={currency?.id ?? 'new'} currency={currency} />
    </div>
  );
}

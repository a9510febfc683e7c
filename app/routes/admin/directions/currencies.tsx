import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths.ts';
import type { AdminCurrency } from '../../../../shared/schemas/admin-directions.ts';
import { ReservePanel } from '../../../components/admin/directions/reserve-panel.tsx';
import { ListHeader } from '../../../components/admin/directions/list-header.tsx';
import { namedOnce } from '../../../components/admin/figures.tsx';
import { staffReader } from '../../../components/admin/staff-reader.server.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { formatMoney } from '../../../../shared/format.ts';
import { useLocale, useLocalizedHref } from '../../../lib/locale.ts';
import type { Route } from './+types/currencies';

/** Currencies and their reserves (issue 6 §3): GET /api/v1/admin/currencies/ read in-process; each has its own page. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, locale } = await staffReader(context, request);
  return { currencies: await services.admin.directions.currencies(locale) };
}

function Row({ c }: { c: AdminCurrency }) {
  const { t } = useTranslation('adminDirections');
  const to = useLocalizedHref();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const [name, ...more] = namedOnce(c.name, c.code, c.network);
  return (
    <li className="rounded-2xl bg-white p-4 ring-1 ring-slate-200" data-testid="currency" data-code={c.code}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="flex min-w-48 items-center gap-2">
          <img src={c.logo} alt="" width={24} height={24} className="shrink-0 rounded-full bg-white" loading="lazy" />
          <span>
            <span className="font-semibold text-ink">{name}</span>{' '}
            <span className="text-sm text-slate-500" data-testid="currency-names">
              {more.join(' · ')}
            </span>
          </span>
        </p>
        <p className="text-sm text-slate-600">
          {t('currencies.reserve')}:{' '}
          <span className="font-medium text-ink tabular-nums" data-testid="currency-reserve">
            {formatMoney(c.reserve, c, locale)}
          </span>
        </p>
        {!c.sendVisible && !c.receiveVisible && (
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-200">
            {t('currencies.hidden')}
          </span>
        )}
        <div className="ml-auto flex flex-wrap gap-2">
          <button type="button" className="btn-secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? t('close') : t('currencies.change')}
          </button>
          <Link to={to(paths.adminCurrency(c.id))} className="btn-secondary" aria-label={`${t('edit')}: ${c.code}`}>
            {t('edit')}
          </Link>
        </div>
      </div>
      {open && <ReservePanel currency={c} />}
    </li>
  );
}

export default function CurrenciesPage({ loaderData: { currencies } }: Route.ComponentProps) {
  const { t } = useTranslation('adminDirections');
  return (
    <section className="card p-4 sm:p-6">
      <PageTitle title={t('currencies.title')} />
      <ListHeader
        title={t('currencies.title')}
        text={t('currencies.text')}
        newLabel={t('currency.newCurrency')}
        newPath={paths.adminCurrency('new')}
      />
      <ul className="mt-5 space-y-3">
        {currencies.map((c) => (
          <Row key={c.id} c={c} />
        ))}
      </ul>
    </section>
  );
}

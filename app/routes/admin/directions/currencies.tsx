import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCurrency } from '../../../../shared/schemas/admin-directions.ts';
import { ReservePanel } from '../../../components/admin/directions/reserve-panel.tsx';
import { staffReader } from '../../../components/admin/staff-reader.server.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import type { Route } from './+types/currencies';

/** Currencies and their reserves (issue 6 §3): GET /api/v1/admin/currencies/ read in-process; changes through POST. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, locale } = await staffReader(context, request);
  return { currencies: await services.admin.directions.currencies(locale) };
}

function Row({ c }: { c: AdminCurrency }) {
  const { t } = useTranslation('adminDirections');
  const [open, setOpen] = useState(false);
  return (
    <li className="rounded-2xl bg-white p-4 ring-1 ring-slate-200" data-testid="currency" data-code={c.code}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="min-w-48">
          <span className="font-semibold text-ink">{c.name}</span>{' '}
          <span className="text-sm text-slate-500">
            {c.code}
            {c.network ? ` · ${c.network}` : ''}
          </span>
        </p>
        <p className="text-sm text-slate-600">
          {t('currencies.reserve')}:{' '}
          <span className="font-medium text-ink tabular-nums" data-testid="currency-reserve">
            {c.reserve} {c.symbol}
          </span>
        </p>
        <button type="button" className="btn-secondary ml-auto" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? t('close') : t('currencies.change')}
        </button>
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
      <h1 className="text-2xl font-bold text-ink">{t('currencies.title')}</h1>
      <p className="mt-1 text-slate-600">{t('currencies.text')}</p>
      <ul className="mt-5 space-y-3">
        {currencies.map((c) => (
          <Row key={c.id} c={c} />
        ))}
      </ul>
    </section>
  );
}

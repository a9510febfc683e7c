import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { AdminCurrency, ReserveChange } from '../../../../shared/schemas/admin-directions.ts';
import { formatMoney } from '../../../../shared/format.ts';
import { apiUrl, getJson } from '../../../lib/api.ts';
import { useLocale } from '../../../lib/locale.ts';
import { TextField } from '../../form/fields.tsx';
import { FormAlert } from '../../form/form-alert.tsx';
import { useConsoleForm } from '../use-console-form.ts';
import { useConsoleTime } from '../../../lib/time-zone.ts';

/** A currency's reserve change (signed amount + reason) and the last changes made by hand. */
export function ReservePanel({ currency }: { currency: Pick<AdminCurrency, 'id' | 'symbol' | 'decimals'> }) {
  const { t } = useTranslation('adminDirections');
  const when = useConsoleTime();
  const locale = useLocale();
  const form = useConsoleForm<{ reserve: string }>();
  const [applied, setApplied] = useState<string | null>(null);
  const [history, setHistory] = useState<ReserveChange[] | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    getJson<{ results: ReserveChange[] }>(
      apiUrl(locale, `/api/v1/admin/currencies/${currency.id}/reserve-history/?size=10`),
      { signal: abort.signal },
    ).then(
      (res) => setHistory(res.ok ? res.data.results : []),
      () => {},
    );
    return () => abort.abort();
  }, [currency.id, locale, version]);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const formEl = e.currentTarget;
    const data = new FormData(formEl);
    setApplied(null);
    const res = await form.send('POST', `/api/v1/admin/currencies/${currency.id}/reserve/`, {
      delta: String(data.get('delta') ?? '').trim(),
      reason: String(data.get('reason') ?? ''),
    });
    if (res?.ok) {
      setApplied(res.data.reserve);
      formEl.reset();
      setVersion((v) => v + 1);
    }
  }

  return (
    <div className="mt-3 grid gap-4 rounded-xl bg-slate-50 p-4 lg:grid-cols-2">
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="reserve-form">
        <FormAlert messages={form.general} />
        <TextField name="delta" label={t('currencies.delta')} inputMode="decimal" errors={form.field('delta')} />
        <TextField
          name="reason"
          label={t('currencies.reason')}
          className="mt-3"
          maxLength={500}
          errors={form.field('reason')}
        />
        <button type="submit" className="btn-primary mt-3" aria-busy={form.busy || undefined} disabled={form.busy}>
          {t('currencies.apply')}
        </button>
        {applied && (
          <p role="status" className="mt-2 text-sm text-emerald-700">
            {t('currencies.applied', { reserve: formatMoney(applied, currency, locale) })}
          </p>
        )}
      </form>
      <div>
        <h3 className="text-sm font-semibold text-slate-700">{t('currencies.history')}</h3>
        {history === null ? null : history.length ? (
          <ul className="mt-2 space-y-2 text-sm" data-testid="reserve-history">
            {history.map((h) => (
              <li key={h.id} className="rounded-lg bg-white p-2 ring-1 ring-slate-200">
                <span
                  className={`font-medium tabular-nums ${h.delta.startsWith('-') ? 'text-red-700' : 'text-emerald-700'}`}
                >
                  {formatMoney(h.delta.startsWith('-') ? h.delta : `+${h.delta}`, currency, locale)}
                </span>{' '}
                → {formatMoney(h.reserveAfter, currency, locale)} · {h.reason}
                <span className="block text-xs text-slate-500">
                  {when(h.at)} · {t('currencies.by')} {h.actor}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-600">{t('currencies.historyEmpty')}</p>
        )}
      </div>
    </div>
  );
}

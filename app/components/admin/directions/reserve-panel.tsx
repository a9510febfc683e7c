import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import type { AdminCurrency, ReserveChange } from '../../../../shared/schemas/admin-directions.ts';
import { apiUrl, getJson, requestJson, type DrfErrors } from '../../../lib/api.ts';
import { useLocale } from '../../../lib/locale.ts';
import { FormAlert, TextField } from '../../form/fields.tsx';

/** A currency's reserve change (signed amount + reason) and the last changes made by hand. */
export function ReservePanel({ currency }: { currency: AdminCurrency }) {
  const { t, i18n } = useTranslation('adminDirections');
  const locale = useLocale();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<DrfErrors | null>(null);
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
    if (busy) return;
    const formEl = e.currentTarget;
    const form = new FormData(formEl);
    setBusy(true);
    setErrors(null);
    setApplied(null);
    const res = await requestJson<{ reserve: string }>(
      apiUrl(locale, `/api/v1/admin/currencies/${currency.id}/reserve/`),
      {
        method: 'POST',
        body: { delta: String(form.get('delta') ?? '').trim(), reason: String(form.get('reason') ?? '') },
      },
    );
    setBusy(false);
    if (res.ok) {
      setApplied(res.data.reserve);
      formEl.reset();
      setVersion((v) => v + 1);
      void revalidator.revalidate();
    } else if (res.errors.general.length || Object.keys(res.errors.fields).length) setErrors(res.errors);
    else setErrors({ general: [t('failed')], fields: {} });
  }

  return (
    <div className="mt-3 grid gap-4 rounded-xl bg-slate-50 p-4 lg:grid-cols-2">
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="reserve-form">
        <FormAlert messages={errors?.general ?? []} />
        <TextField name="delta" label={t('currencies.delta')} inputMode="decimal" errors={errors?.fields.delta} />
        <TextField
          name="reason"
          label={t('currencies.reason')}
          className="mt-3"
          maxLength={500}
          errors={errors?.fields.reason}
        />
        <button type="submit" className="btn-primary mt-3" aria-busy={busy || undefined} disabled={busy}>
          {t('currencies.apply')}
        </button>
        {applied && (
          <p role="status" className="mt-2 text-sm text-emerald-700">
            {t('currencies.applied', { reserve: `${applied} ${currency.symbol}` })}
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
                  {h.delta.startsWith('-') ? h.delta : `+${h.delta}`}
                </span>{' '}
                → {h.reserveAfter} · {h.reason}
                <span className="block text-xs text-slate-500">
                  {new Date(h.at).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' })} ·{' '}
                  {t('currencies.by')} {h.actor}
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

import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useRevalidator } from 'react-router';
import { bannerTypes, type AdminMonitor } from '../../../../shared/schemas/admin-monitors.ts';
import { apiUrl, requestJson } from '../../../lib/api.ts';
import { useLocale } from '../../../lib/locale.ts';
import { FormAlert } from '../../form/form-alert.tsx';
import { MonitorSite } from './monitor-site.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';

const field = 'w-full rounded-xl border border-slate-300 px-3 py-2 text-sm';

/** One monitor: its banner (upload, remove) and its review page, each saved through the admin API on its own. */
function MonitorRow({ monitor }: { monitor: AdminMonitor }) {
  const { t } = useTranslation('adminContent');
  const locale = useLocale();
  const revalidator = useRevalidator();
  const id = useId();
  const [busy, setBusy] = useState(false);
  // Its form is sent by script: the buttons wait for hydration (app/lib/use-hydrated.ts).
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<string[]>([]);
  const [review, setReview] = useState(monitor.reviewUrl ?? '');
  const [saved, setSaved] = useState(false);
  const url = (tail: string) => apiUrl(locale, `/api/v1/admin/monitors/${monitor.id}/${tail}`);

  async function run(call: () => ReturnType<typeof requestJson<AdminMonitor>>) {
    if (busy) return;
    setBusy(true);
    setErrors([]);
    setSaved(false);
    const res = await call();
    setBusy(false);
    if (!res.ok) {
      setErrors([...res.errors.general, ...Object.values(res.errors.fields).flat()].filter(Boolean));
      if (!res.errors.general.length && !Object.keys(res.errors.fields).length) setErrors([t('failed')]);
      return;
    }
    setSaved(true);
    void revalidator.revalidate();
  }

  return (
    <li className="rounded-2xl bg-white p-4 ring-1 ring-slate-200" data-testid="monitor-item">
      <MonitorSite name={monitor.name} url={monitor.url} />
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <span className="text-sm font-medium text-slate-700">{t('monitors.banner')}:</span>
        {monitor.banner ? (
          <span className="inline-flex rounded-lg bg-ink p-2">
            <img src={monitor.banner} alt={monitor.name} className="h-8 w-auto" />
          </span>
        ) : (
          <span className="text-sm text-slate-600">{t('monitors.noBanner')}</span>
        )}
        <label className="btn-secondary cursor-pointer px-4 py-2 text-sm has-[:focus-visible]:ring-2">
          {t('monitors.upload')}
          <input
            type="file"
            accept={bannerTypes.join(',')}
            className="sr-only"
            disabled={busy}
            aria-describedby={`${id}-hint`}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (file) void run(() => requestJson<AdminMonitor>(url('banner/'), { method: 'PUT', body: file }));
            }}
          />
        </label>
        {monitor.banner && (
          <button
            type="button"
            className="btn-secondary px-4 py-2 text-sm"
            disabled={busy}
            onClick={() => void run(() => requestJson<AdminMonitor>(url('banner/'), { method: 'DELETE' }))}
          >
            {t('monitors.remove')}
          </button>
        )}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        {t('monitors.uploadHint')}
      </p>
      <form
        className="mt-3 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void run(() => requestJson<AdminMonitor>(url('review/'), { method: 'PUT', body: { reviewUrl: review } }));
        }}
      >
        <label className="min-w-64 flex-1 text-sm font-medium text-slate-700">
          {t('monitors.review')}
          <input
            type="url"
            inputMode="url"
            value={review}
            onChange={(e) => setReview(e.currentTarget.value)}
            placeholder="https://"
            aria-describedby={`${id}-review-hint`}
            className={`mt-1 ${field}`}
          />
        </label>
        <button
          type="submit"
          className="btn-primary px-4 py-2 text-sm"
          disabled={busy || !hydrated}
          aria-busy={busy || undefined}
        >
          {t('monitors.save')}
        </button>
      </form>
      <p id={`${id}-review-hint`} className="mt-1 text-xs text-slate-600">
        {t('monitors.reviewHint')}
      </p>
      <div className="mt-2">
        <FormAlert messages={errors} className="" />
        <p role="status" className={saved ? 'text-sm text-emerald-700' : 'sr-only'}>
          {saved ? t('monitors.saved') : ''}
        </p>
      </div>
    </li>
  );
}

/** The console's monitors (issue 14): banners for the footer and review pages for completed claims. */
export function MonitorBanners({ monitors }: { monitors: AdminMonitor[] }) {
  const { t } = useTranslation('adminContent');
  return (
    <section className="card mb-6 p-4 sm:p-6" aria-labelledby="monitors-title">
      <h2 id="monitors-title" className="text-xl font-bold text-ink">
        {t('monitors.title')}
      </h2>
      <p className="mt-1 text-slate-600">{t('monitors.text')}</p>
      <ul className="mt-4 space-y-3">
        {monitors.map((m) => (
          <MonitorRow key={m.id} monitor={m} />
        ))}
      </ul>
    </section>
  );
}

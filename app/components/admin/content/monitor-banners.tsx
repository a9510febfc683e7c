import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { bannerTypes, type AdminMonitor } from '../../../../shared/schemas/admin-monitors.ts';
import { TextField } from '../../form/fields.tsx';
import { FormAlert } from '../../form/form-alert.tsx';
import { useConsoleForm, useFocusOnRefusal } from '../use-console-form.ts';
import { MonitorSite } from './monitor-site.tsx';

/**
 * One monitor: its banner (upload, remove) and its review page, each saved through the admin API on its own. Its
 * form is the console's (useConsoleForm): sent by script with the browser's own checks off, so a mistyped address
 * gets the API's message under the field in the page's language, not the browser's bubble in the browser's.
 */
function MonitorRow({ monitor }: { monitor: AdminMonitor }) {
  const { t } = useTranslation('adminContent');
  const id = useId();
  // Its buttons wait for hydration (`busy` until then, app/lib/use-hydrated.ts).
  const { busy, saved, general, errors, field, send } = useConsoleForm<AdminMonitor>();
  const formRef = useRef<HTMLFormElement>(null);
  // Only a refused review address takes the keyboard to its field: a refused banner leaves it on the upload control.
  useFocusOnRefusal(formRef, errors && Object.keys(errors.fields).length ? errors : null);
  const [review, setReview] = useState(monitor.reviewUrl ?? '');
  const path = (tail: string) => `/api/v1/admin/monitors/${monitor.id}/${tail}`;

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
              if (file) void send('PUT', path('banner/'), file);
            }}
          />
        </label>
        {monitor.banner && (
          <button
            type="button"
            className="btn-secondary px-4 py-2 text-sm"
            disabled={busy}
            onClick={() => void send('DELETE', path('banner/'))}
          >
            {t('monitors.remove')}
          </button>
        )}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        {t('monitors.uploadHint')}
      </p>
      <form
        ref={formRef}
        className="mt-3 space-y-2"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void send('PUT', path('review/'), { reviewUrl: review });
        }}
      >
        <TextField
          label={t('monitors.review')}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={review}
          onChange={(e) => setReview(e.currentTarget.value)}
          placeholder="https://"
          hint={t('monitors.reviewHint')}
          errors={field('reviewUrl')}
        />
        <button type="submit" className="btn-primary px-4 py-2 text-sm" disabled={busy} aria-busy={busy || undefined}>
          {t('monitors.save')}
        </button>
      </form>
      <div className="mt-2">
        <FormAlert messages={general} className="" />
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

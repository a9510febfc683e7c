import { useRef, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { formatDecimal } from '../../../../shared/format.ts';
import type { SiteSettingsView } from '../../../../shared/schemas/admin-content.ts';
import { useLocale } from '../../../lib/locale.ts';
import { useConsoleForm, useFocusOnRefusal } from '../use-console-form.ts';
import { useUnsavedChanges } from '../unsaved-changes.tsx';
import { TextField } from '../../form/fields.tsx';
import { FormAlert } from '../../form/form-alert.tsx';

const fields = [
  'supportEmail',
  'paymentWindowMinutes',
  'maxRateAgeMinutes',
  'chatScriptUrl',
  'analyticsScriptUrl',
  'analyticsId',
] as const;
const minutes = new Set<string>(['paymentWindowMinutes', 'maxRateAgeMinutes']);

/**
 * Site settings over the environment (admin only): an empty field uses the environment's value, shown as the
 * placeholder and under the field, so the admin sees what applies either way.
 */
export function SiteForm({ site, isAdmin }: { site: SiteSettingsView; isAdmin: boolean }) {
  const { t } = useTranslation('adminContent');
  const { t: tAdmin } = useTranslation('admin');
  const { busy, saved, general, errors, field, send } = useConsoleForm<SiteSettingsView>();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusOnRefusal(formRef, errors);
  const keep = useUnsavedChanges(formRef);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    // Strings as typed: the server trims, turns empty into "use the environment" and checks each field.
    const res = await send(
      'PUT',
      '/api/v1/admin/settings/site/',
      Object.fromEntries(fields.map((f) => [f, String(form.get(f) ?? '')])),
    );
    if (res?.ok) keep();
  }

  const locale = useLocale();
  // Minutes as the console writes numbers ("1 440"); the server reads them back as they were (readWholeNumber).
  const written = (v: string | number | null) => (typeof v === 'number' ? formatDecimal(v, locale) : (v ?? ''));
  const shown = (v: string | number | null) => (v === null || v === '' ? t('site.none') : written(v));
  return (
    <section aria-labelledby="site-title" className="card p-4 sm:p-6">
      <h2 id="site-title" className="text-lg font-semibold text-ink">
        {t('site.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('site.text')}</p>
      {!isAdmin && (
        <p className="mt-3 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-800">{t('settings.adminOnly')}</p>
      )}
      <form
        ref={formRef}
        onSubmit={(e) => void submit(e)}
        noValidate
        className="mt-4 max-w-2xl space-y-3"
        data-testid="site-form"
      >
        <FormAlert messages={general} />
        <fieldset disabled={!isAdmin} className="grid gap-3 sm:grid-cols-2">
          {fields.map((f) => (
            <TextField
              key={f}
              name={f}
              label={t(`site.${f}`)}
              // Minutes as text, not type="number": that input hands "1 000" or "1,000" over as '', which the
              // server took for "use the environment" without a word.
              type={f === 'supportEmail' ? 'email' : 'text'}
              inputMode={minutes.has(f) ? 'numeric' : undefined}
              autoComplete="off"
              className={f === 'chatScriptUrl' || f === 'analyticsScriptUrl' ? 'sm:col-span-2' : undefined}
              defaultValue={written(site.overrides[f])}
              placeholder={written(site.defaults[f])}
              hint={t('site.default', { value: shown(site.defaults[f]) })}
              errors={field(f)}
            />
          ))}
          <div className="sm:col-span-2">
            <button type="submit" className="btn-primary" aria-busy={busy || undefined} disabled={busy}>
              {busy ? tAdmin('common.saving') : tAdmin('common.save')}
            </button>
          </div>
        </fieldset>
      </form>
      {saved && (
        <p role="status" className="mt-3 text-sm text-emerald-700">
          {t('site.saved')}
        </p>
      )}
    </section>
  );
}

import { useRef, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { editableDecimal } from '../../../../shared/format.ts';
import { useLocale } from '../../../lib/locale.ts';
import type { ReferralSettingsInput } from '../../../../shared/schemas/admin-partners.ts';
import { useConsoleForm, useFocusOnRefusal } from '../use-console-form.ts';
import { useUnsavedChanges } from '../unsaved-changes.tsx';
import { TextField } from '../../form/fields.tsx';
import { FormAlert } from '../../form/form-alert.tsx';

/** The programme's terms: accrual percent and the smallest payout, checked by the server (referralSettingsBody). */
export function ReferralSettingsForm({ settings }: { settings: ReferralSettingsInput }) {
  const locale = useLocale();
  const { t } = useTranslation('adminPartners');
  const { t: tAdmin } = useTranslation('admin');
  const { busy, saved, general, errors, field, send } = useConsoleForm<ReferralSettingsInput>();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusOnRefusal(formRef, errors);
  const keep = useUnsavedChanges(formRef);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const res = await send('PUT', '/api/v1/admin/referral/settings/', {
      percent: String(form.get('percent') ?? ''),
      minWithdrawal: String(form.get('minWithdrawal') ?? ''),
    });
    if (res?.ok) keep();
  }

  return (
    <section aria-labelledby="referral-settings" className="card p-4 sm:p-6">
      <h2 id="referral-settings" className="text-lg font-semibold text-ink">
        {t('settings.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('settings.text')}</p>
      <form
        ref={formRef}
        onSubmit={(e) => void submit(e)}
        className="mt-4 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
        noValidate
      >
        <div className="sm:col-span-3">
          <FormAlert messages={general} />
        </div>
        <TextField
          name="percent"
          label={t('settings.percent')}
          defaultValue={editableDecimal(settings.percent, locale)}
          inputMode="decimal"
          errors={field('percent')}
        />
        <TextField
          name="minWithdrawal"
          label={t('settings.minWithdrawal')}
          defaultValue={editableDecimal(settings.minWithdrawal, locale)}
          inputMode="decimal"
          errors={field('minWithdrawal')}
        />
        <button type="submit" className="btn-primary sm:mt-7" aria-busy={busy || undefined} disabled={busy}>
          {busy ? tAdmin('common.saving') : tAdmin('common.save')}
        </button>
      </form>
      {saved && (
        <p role="status" className="mt-3 text-sm text-emerald-700">
          {t('settings.saved')}
        </p>
      )}
    </section>
  );
}

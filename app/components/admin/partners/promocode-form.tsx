import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import type { AdminPromocode } from '../../../../shared/schemas/admin-promocodes.ts';
import { apiUrl, requestJson, type DrfErrors } from '../../../lib/api.ts';
import { useLocale } from '../../../lib/locale.ts';
import { FormAlert, TextField } from '../../form/fields.tsx';

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

/** Creates a promocode, or changes `code`; the server checks every field (promocodeBody). */
export function PromocodeForm({ code, onDone }: { code?: AdminPromocode; onDone: (message: string) => void }) {
  const { t } = useTranslation('adminPartners');
  const { t: tAdmin } = useTranslation('admin');
  const locale = useLocale();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<DrfErrors | null>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const form = new FormData(e.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const int = (name: string) => (text(name) === '' ? null : Number(text(name)));
    setBusy(true);
    setErrors(null);
    const res = await requestJson<AdminPromocode>(
      apiUrl(locale, code ? `/api/v1/admin/promocodes/${code.id}/` : '/api/v1/admin/promocodes/'),
      {
        method: code ? 'PUT' : 'POST',
        body: {
          code: text('code'),
          discountPercent: text('discountPercent'),
          validFrom: text('validFrom') || null,
          validTo: text('validTo') || null,
          maxUses: int('maxUses'),
          perCustomer: int('perCustomer'),
          assignedTo: text('assignedTo') || null,
          active: form.get('active') === 'on',
        },
      },
    );
    setBusy(false);
    if (res.ok) {
      onDone(t('promocodes.saved'));
      void revalidator.revalidate();
    } else if (res.errors.general.length || Object.keys(res.errors.fields).length) setErrors(res.errors);
    else setErrors({ general: [t('actions.failed')], fields: {} });
  }

  const f = (name: string) => errors?.fields[name];
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="mt-3 rounded-xl bg-slate-50 p-4"
      data-testid="promocode-form"
    >
      <FormAlert messages={errors?.general ?? []} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          name="code"
          label={t('promocodes.code')}
          defaultValue={code?.code}
          errors={f('code')}
          autoComplete="off"
        />
        <TextField
          name="discountPercent"
          label={t('promocodes.discount')}
          defaultValue={code?.discountPercent}
          inputMode="decimal"
          errors={f('discountPercent')}
        />
        <TextField
          name="validFrom"
          label={t('promocodes.validFrom')}
          defaultValue={day(code?.validFrom ?? null)}
          errors={f('validFrom')}
        />
        <TextField
          name="validTo"
          label={t('promocodes.validTo')}
          defaultValue={day(code?.validTo ?? null)}
          errors={f('validTo')}
        />
        <TextField
          name="maxUses"
          label={t('promocodes.maxUses')}
          defaultValue={code ? (code.maxUses ?? '') : ''}
          inputMode="numeric"
          hint={t('promocodes.unlimitedHint')}
          errors={f('maxUses')}
        />
        <TextField
          name="perCustomer"
          label={t('promocodes.perCustomer')}
          defaultValue={code ? (code.perCustomer ?? '') : '1'}
          inputMode="numeric"
          hint={t('promocodes.unlimitedHint')}
          errors={f('perCustomer')}
        />
        <TextField
          name="assignedTo"
          type="email"
          label={t('promocodes.assignedTo')}
          defaultValue={code?.assignedTo ?? ''}
          errors={f('assignedTo')}
        />
      </div>
      <label className="mt-3 inline-flex items-center gap-2 text-sm font-medium text-slate-700">
        <input type="checkbox" name="active" defaultChecked={code?.active ?? true} />
        {t('promocodes.active')}
      </label>
      <div className="mt-4">
        <button type="submit" className="btn-primary" aria-busy={busy || undefined} disabled={busy}>
          {busy ? tAdmin('common.saving') : code ? tAdmin('common.save') : tAdmin('common.create')}
        </button>
      </div>
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import type { AdminDirection } from '../../../../shared/schemas/admin-directions.ts';
import { apiUrl, requestJson, type DrfErrors } from '../../../lib/api.ts';
import { useLocale } from '../../../lib/locale.ts';
import { FormAlert, TextField } from '../../form/fields.tsx';

const limitFields = ['fromMin', 'fromMax', 'toMin', 'toMax'] as const;

/** A direction's editable part; the server checks every rule again (directionPatchBody and the service). */
export function DirectionForm({ direction, onSaved }: { direction: AdminDirection; onSaved: () => void }) {
  const { t } = useTranslation('adminDirections');
  const { t: tAdmin } = useTranslation('admin');
  const locale = useLocale();
  const revalidator = useRevalidator();
  const [mode, setMode] = useState(direction.courseMode);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<DrfErrors | null>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const form = new FormData(e.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const body: Record<string, unknown> = {
      courseMode: mode,
      markupPercent: text('markupPercent'),
      bonusPercent: text('bonusPercent'),
      active: form.get('active') === 'on',
      ...Object.fromEntries(limitFields.map((f) => [f, text(f) || null])),
    };
    if (mode === 'manual') body.courseManual = text('courseManual') || null;
    else {
      body.rateSource = text('rateSource') || null;
      body.maxRateAgeMinutes = text('maxRateAgeMinutes') === '' ? null : Number(text('maxRateAgeMinutes'));
    }
    setBusy(true);
    setErrors(null);
    const res = await requestJson<AdminDirection>(apiUrl(locale, `/api/v1/admin/directions/${direction.id}/`), {
      method: 'PUT',
      body,
    });
    setBusy(false);
    if (res.ok) {
      onSaved();
      void revalidator.revalidate();
    } else if (res.errors.general.length || Object.keys(res.errors.fields).length) setErrors(res.errors);
    else setErrors({ general: [t('failed')], fields: {} });
  }

  const field = (name: string) => errors?.fields[name];
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="mt-3 rounded-xl bg-slate-50 p-4"
      data-testid="direction-form"
    >
      <FormAlert messages={errors?.general ?? []} />
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="mb-2 font-medium text-slate-700">{t('fields.courseMode')}</legend>
        {(['manual', 'source'] as const).map((m) => (
          <label key={m} className="inline-flex items-center gap-2">
            <input type="radio" name="courseMode" value={m} checked={mode === m} onChange={() => setMode(m)} />
            {t(`mode.${m}`)}
          </label>
        ))}
      </fieldset>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {mode === 'manual' ? (
          <TextField
            name="courseManual"
            label={t('fields.courseManual')}
            defaultValue={direction.courseManual ?? ''}
            inputMode="decimal"
            errors={field('courseManual')}
          />
        ) : (
          <>
            <TextField
              name="rateSource"
              label={t('fields.rateSource')}
              defaultValue={direction.rateSource ?? ''}
              errors={field('rateSource')}
            />
            <TextField
              name="maxRateAgeMinutes"
              label={t('fields.maxRateAgeMinutes')}
              hint={t('fields.maxRateAgeHint')}
              defaultValue={direction.maxRateAgeMinutes ?? ''}
              inputMode="numeric"
              errors={field('maxRateAgeMinutes')}
            />
          </>
        )}
        <TextField
          name="markupPercent"
          label={t('fields.markupPercent')}
          defaultValue={direction.markupPercent}
          inputMode="decimal"
          errors={field('markupPercent')}
        />
        <TextField
          name="bonusPercent"
          label={t('fields.bonusPercent')}
          defaultValue={direction.bonusPercent}
          inputMode="decimal"
          errors={field('bonusPercent')}
        />
      </div>
      <div className="mt-3 grid gap-3 sm:grid-cols-4">
        {limitFields.map((f) => (
          <TextField
            key={f}
            name={f}
            label={t(`fields.${f}`)}
            defaultValue={direction[f] ?? ''}
            inputMode="decimal"
            errors={field(f)}
          />
        ))}
      </div>
      <p className="mt-1 text-sm text-slate-600">{t('fields.limitsHint')}</p>
      <label className="mt-3 inline-flex items-center gap-2 text-sm font-medium text-slate-700">
        <input type="checkbox" name="active" defaultChecked={direction.active} />
        {t('fields.active')}
      </label>
      <div className="mt-4">
        <button type="submit" className="btn-primary" aria-busy={busy || undefined} disabled={busy}>
          {busy ? tAdmin('common.saving') : tAdmin('common.save')}
        </button>
      </div>
    </form>
  );
}

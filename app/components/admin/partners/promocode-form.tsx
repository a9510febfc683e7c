import { useRef, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { editableDecimal, formatDecimal, zoneLabel } from '../../../../shared/format.ts';
import { validityDay, type AdminPromocode } from '../../../../shared/schemas/admin-promocodes.ts';
import { useLocale } from '../../../lib/locale.ts';
import { useExchangeTimeZone } from '../../../lib/time-zone.ts';
import { TextAreaField, TextField } from '../../form/fields.tsx';
import { FormAlert } from '../../form/form-alert.tsx';
import { useConsoleForm, useFocusOnRefusal } from '../use-console-form.ts';
import { useUnsavedChanges } from '../unsaved-changes.tsx';

/** Creates a promocode, or changes `code`; the server checks every field (promocodeBody). */
export function PromocodeForm({ code, onDone }: { code?: AdminPromocode; onDone: (message: string) => void }) {
  const { t } = useTranslation('adminPartners');
  const { t: tAdmin } = useTranslation('admin');
  const form = useConsoleForm<AdminPromocode>();
  const locale = useLocale();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusOnRefusal(formRef, form.errors);
  const saved = useUnsavedChanges(formRef);
  // A stored limit as the console writes numbers ("1 000", "1,000"); the server reads it back as it was.
  const uses = (n: number | null | undefined) => (n == null ? '' : formatDecimal(n, locale));
  // The days as the server reads them back: on the exchange's clock, the end day being the last one the code works.
  const zone = useExchangeTimeZone();
  const day = (iso: string | null | undefined, edge: 'from' | 'to') => (iso ? validityDay(iso, zone, edge) : '');
  const zoneHint = t('promocodes.daysHint', { zone: zoneLabel(new Date(), zone) });

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const body = {
      code: text('code'),
      discountPercent: text('discountPercent'),
      validFrom: text('validFrom') || null,
      validTo: text('validTo') || null,
      // As typed, like the discount: the server reads "1 000" or "1,000" and refuses with a field message what is not
      // a whole number; empty is unlimited (shared/schemas/fields.ts, readWholeNumber).
      maxUses: text('maxUses') || null,
      perCustomer: text('perCustomer') || null,
      // The server splits the pasted list (new lines, commas) and names the e-mails it cannot use.
      assignedTo: text('assignedTo'),
      active: data.get('active') === 'on',
    };
    const res = code
      ? await form.send('PUT', `/api/v1/admin/promocodes/${code.id}/`, body)
      : await form.send('POST', '/api/v1/admin/promocodes/', body);
    if (!res?.ok) return;
    saved();
    onDone(t('promocodes.saved'));
  }

  const f = form.field;
  return (
    <form
      ref={formRef}
      onSubmit={(e) => void submit(e)}
      noValidate
      className="mt-3 rounded-xl bg-slate-50 p-4"
      data-testid="promocode-form"
    >
      <FormAlert messages={form.general} />
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
          defaultValue={code && editableDecimal(code.discountPercent, locale)}
          inputMode="decimal"
          errors={f('discountPercent')}
        />
        <TextField
          name="validFrom"
          label={t('promocodes.validFrom')}
          defaultValue={day(code?.validFrom, 'from')}
          hint={zoneHint}
          errors={f('validFrom')}
        />
        <TextField
          name="validTo"
          label={t('promocodes.validTo')}
          defaultValue={day(code?.validTo, 'to')}
          hint={zoneHint}
          errors={f('validTo')}
        />
        <TextField
          name="maxUses"
          label={t('promocodes.maxUses')}
          defaultValue={uses(code?.maxUses)}
          inputMode="numeric"
          hint={t('promocodes.unlimitedHint')}
          errors={f('maxUses')}
        />
        <TextField
          name="perCustomer"
          label={t('promocodes.perCustomer')}
          defaultValue={code ? uses(code.perCustomer) : '1'}
          inputMode="numeric"
          hint={t('promocodes.unlimitedHint')}
          errors={f('perCustomer')}
        />
        <TextAreaField
          name="assignedTo"
          label={t('promocodes.assignedTo')}
          hint={t('promocodes.assignedToHint')}
          defaultValue={code?.assignedTo.join('\n') ?? ''}
          errors={f('assignedTo')}
          rows={3}
          autoComplete="off"
          spellCheck={false}
          className="sm:col-span-2"
        />
      </div>
      <label className="mt-3 inline-flex items-center gap-2 text-sm font-medium text-slate-700">
        <input type="checkbox" name="active" defaultChecked={code?.active ?? true} />
        {t('promocodes.active')}
      </label>
      <div className="mt-4">
        <button type="submit" className="btn-primary" aria-busy={form.busy || undefined} disabled={form.busy}>
          {form.busy ? tAdmin('common.saving') : code ? tAdmin('common.save') : tAdmin('common.create')}
        </button>
      </div>
    </form>
  );
}

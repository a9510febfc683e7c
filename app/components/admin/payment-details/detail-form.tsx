import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { AdminPaymentDetail, PaymentCoverage } from '../../../../shared/schemas/admin-payment-details.ts';
import { TextField } from '../../form/fields.tsx';
import { FormAlert } from '../../form/form-alert.tsx';
import { useConsoleForm, useFocusOnRefusal } from '../use-console-form.ts';
import { useUnsavedChanges } from '../unsaved-changes.tsx';

const select =
  'focus-ring mt-1.5 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-base text-ink';

/** Currency kinds with a hint on what their value looks like. */
const valueKinds = ['card', 'crypto', 'bank', 'ewallet', 'cash'] as const;

/**
 * Adds details to a currency (`currencies` to choose from), or changes `detail` (its currency stays). The server
 * checks the value by the currency (card number, address of its network, IBAN...), so its messages appear under it.
 */
export function PaymentDetailForm({
  detail,
  currencies,
  currencyId,
  onDone,
}: {
  detail?: AdminPaymentDetail;
  currencies: PaymentCoverage[];
  currencyId?: number | undefined;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('adminPaymentDetails');
  const { t: tAdmin } = useTranslation('admin');
  const form = useConsoleForm<AdminPaymentDetail>();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusOnRefusal(formRef, form.errors);
  const saved = useUnsavedChanges(formRef);
  const [chosen, setChosen] = useState<number>(detail?.currency.id ?? currencyId ?? currencies[0]?.id ?? 0);
  const currency = detail?.currency ?? currencies.find((c) => c.id === chosen);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const body = {
      label: { ru: text('labelRu'), en: text('labelEn') },
      value: text('value'),
      holder: text('holder') || null,
      memo: text('memo') || null,
    };
    const res = detail
      ? await form.send('PUT', `/api/v1/admin/payment-details/${detail.id}/`, body)
      : await form.send('POST', '/api/v1/admin/payment-details/', { ...body, currencyId: chosen });
    if (!res?.ok) return;
    saved();
    onDone(t(detail ? 'saved' : 'created'));
  }

  const kind = valueKinds.find((k) => k === currency?.kind);
  return (
    <form
      ref={formRef}
      onSubmit={(e) => void submit(e)}
      noValidate
      className="mt-3 space-y-3 rounded-xl bg-slate-50 p-4"
      data-testid="payment-detail-form"
    >
      <FormAlert messages={form.general} />
      {!detail && (
        <label className="block text-sm font-medium text-slate-700">
          {t('fields.currency')}
          <select
            name="currencyId"
            value={chosen}
            onChange={(e) => setChosen(Number(e.currentTarget.value))}
            className={select}
          >
            {currencies.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.code})
              </option>
            ))}
          </select>
          {form.field('currencyId') && <span className="mt-1.5 block text-red-700">{form.field('currencyId')}</span>}
        </label>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          name="labelRu"
          label={t('fields.labelRu')}
          defaultValue={detail?.label.ru}
          errors={form.field('label.ru')}
          autoComplete="off"
        />
        <TextField
          name="labelEn"
          label={t('fields.labelEn')}
          defaultValue={detail?.label.en}
          hint={t('fields.labelEnHint')}
          errors={form.field('label.en')}
          autoComplete="off"
        />
      </div>
      <TextField
        name="value"
        label={t('fields.value')}
        defaultValue={detail?.value}
        hint={kind ? t(`fields.valueHint.${kind}`, { network: currency?.network ?? '' }) : undefined}
        errors={form.field('value')}
        autoComplete="off"
        spellCheck={false}
        className="[&_input]:font-mono"
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          name="holder"
          label={t('fields.holder')}
          defaultValue={detail?.holder ?? ''}
          hint={t('fields.optional')}
          errors={form.field('holder')}
          autoComplete="off"
        />
        <TextField
          name="memo"
          label={t('fields.memo')}
          defaultValue={detail?.memo ?? ''}
          hint={t('fields.optional')}
          errors={form.field('memo')}
          autoComplete="off"
        />
      </div>
      <button type="submit" className="btn-primary" aria-busy={form.busy || undefined} disabled={form.busy}>
        {form.busy ? tAdmin('common.saving') : detail ? tAdmin('common.save') : tAdmin('common.create')}
      </button>
    </form>
  );
}

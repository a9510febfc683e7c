import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useNavigate } from 'react-router';
import type { AdminCurrencyDetail } from '../../../../shared/schemas/admin-directions.ts';
import { currencyKindValues } from '../../../../shared/schemas/exchange.ts';
import { paths } from '../../../../shared/paths.ts';
import { useLocalizedHref } from '../../../lib/locale.ts';
import { CheckboxField, SelectField, TextField } from '../../form/fields.tsx';
import { FormAlert } from '../../form/form-alert.tsx';
import { useConsoleForm, useFocusOnRefusal } from '../use-console-form.ts';
import { useUnsavedChanges } from '../unsaved-changes.tsx';
import { editable, InputsEditor, stored, type EditedInput } from './inputs-editor.tsx';
import { NumberRow } from './number-row.tsx';
import { SaveState } from './save-state.tsx';

/**
 * A currency's editor (new when `currency` is absent): its fields and both sides' requisite inputs. Creating one goes
 * on to its own page; the server checks every rule again (currencyCreateBody/currencyPatchBody and the service).
 */
export function CurrencyForm({ currency }: { currency: AdminCurrencyDetail | null }) {
  const { t } = useTranslation('adminDirections');
  const { t: tAdmin } = useTranslation('admin');
  const form = useConsoleForm<AdminCurrencyDetail>();
  const navigate = useNavigate();
  const to = useLocalizedHref();
  const [fromInputs, setFromInputs] = useState<EditedInput[]>(() => (currency?.fromInputs ?? []).map(editable));
  const [toInputs, setToInputs] = useState<EditedInput[]>(() => (currency?.toInputs ?? []).map(editable));
  // The network decides how addresses are checked: the previews follow it as it is typed.
  const [network, setNetwork] = useState(currency?.network ?? '');
  const formRef = useRef<HTMLFormElement>(null);
  useFocusOnRefusal(formRef, form.errors);
  // The customer fields are edited in state, not in named fields: compared as they would be sent.
  const saved = useUnsavedChanges(formRef, [fromInputs.map(stored), toInputs.map(stored)]);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const body = {
      code: text('code'),
      name: { ru: text('nameRu'), en: text('nameEn') },
      kind: text('kind'),
      symbol: text('symbol'),
      network: text('network') || null,
      decimals: text('decimals'),
      logo: text('logo'),
      city: text('city') || null,
      explorerUrl: text('explorerUrl') || null,
      position: text('position'),
      sendVisible: data.get('sendVisible') === 'on',
      receiveVisible: data.get('receiveVisible') === 'on',
      fromInputs: fromInputs.map(stored),
      toInputs: toInputs.map(stored),
    };
    if (!currency && body.position === '') delete (body as Partial<typeof body>).position;
    const res = currency
      ? await form.send('PUT', `/api/v1/admin/currencies/${currency.id}/`, body)
      : await form.send('POST', '/api/v1/admin/currencies/', body);
    if (!res?.ok) return;
    saved();
    // Saved: going on to the new currency's page is not leaving unsaved changes.
    if (!currency) void navigate(to(paths.adminCurrency(res.data.id)), { state: { created: true } });
  }

  const f = form.field;
  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate className="space-y-4" data-testid="currency-form">
      <FormAlert messages={form.general} />
      <section aria-labelledby="currency-main" className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
        <h2 id="currency-main" className="text-lg font-semibold text-ink">
          {t('currency.groups.main')}
        </h2>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <TextField
            name="code"
            label={t('currency.code')}
            hint={t('currency.codeHint')}
            defaultValue={currency?.code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            errors={f('code')}
          />
          <SelectField
            name="kind"
            label={t('currency.kind')}
            defaultValue={currency?.kind ?? 'ewallet'}
            options={currencyKindValues.map((k) => ({ value: k, label: t(`currency.kinds.${k}`) }))}
            errors={f('kind')}
          />
          <TextField
            name="nameRu"
            label={t('currency.nameRu')}
            defaultValue={currency?.name.ru}
            errors={f('name.ru')}
          />
          <TextField
            name="nameEn"
            label={t('currency.nameEn')}
            defaultValue={currency?.name.en}
            errors={f('name.en')}
          />
          <TextField
            name="symbol"
            label={t('currency.symbol')}
            defaultValue={currency?.symbol}
            autoCapitalize="characters"
            errors={f('symbol')}
          />
          <TextField
            name="network"
            label={t('currency.network')}
            hint={t('currency.networkHint')}
            value={network}
            onChange={(e) => setNetwork(e.target.value)}
            autoCapitalize="characters"
            errors={f('network')}
          />
          <NumberRow
            name="decimals"
            label={t('currency.decimals')}
            hint={t('currency.decimalsHint')}
            defaultValue={currency?.decimals ?? 2}
            errors={f}
          />
          <TextField
            name="logo"
            label={t('currency.logo')}
            hint={t('currency.logoHint')}
            defaultValue={currency?.logo ?? '/currencies/'}
            autoComplete="off"
            spellCheck={false}
            errors={f('logo')}
          />
          <TextField
            name="city"
            label={t('currency.city')}
            hint={t('currency.cityHint')}
            defaultValue={currency?.city ?? ''}
            autoCapitalize="characters"
            errors={f('city')}
          />
          <NumberRow
            name="position"
            label={t('currency.position')}
            hint={currency ? undefined : t('fields.positionHint')}
            defaultValue={currency?.position ?? ''}
            errors={f}
          />
          <TextField
            name="explorerUrl"
            label={t('currency.explorerUrl')}
            hint={t('currency.explorerUrlHint')}
            defaultValue={currency?.explorerUrl ?? ''}
            className="sm:col-span-2"
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            errors={f('explorerUrl')}
          />
        </div>
        <fieldset className="mt-4 space-y-2">
          <legend className="mb-2 text-sm font-semibold text-slate-700">{t('currency.groups.visibility')}</legend>
          <CheckboxField name="sendVisible" defaultChecked={currency?.sendVisible ?? true} errors={f('sendVisible')}>
            {t('currency.sendVisible')}
          </CheckboxField>
          <CheckboxField
            name="receiveVisible"
            defaultChecked={currency?.receiveVisible ?? true}
            errors={f('receiveVisible')}
          >
            {t('currency.receiveVisible')}
          </CheckboxField>
        </fieldset>
      </section>
      <InputsEditor
        side="fromInputs"
        inputs={fromInputs}
        onChange={setFromInputs}
        network={network.trim().toUpperCase() || null}
        errors={f}
      />
      <InputsEditor
        side="toInputs"
        inputs={toInputs}
        onChange={setToInputs}
        network={network.trim().toUpperCase() || null}
        errors={f}
      />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary" aria-busy={form.busy || undefined} disabled={form.busy}>
          {form.busy ? tAdmin('common.saving') : currency ? tAdmin('common.save') : tAdmin('common.create')}
        </button>
        <SaveState saved={form.saved && !!currency} message={t('currency.saved')} invalid={form.errors} />
      </div>
    </form>
  );
}

import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useNavigate } from 'react-router';
import { paths } from '../../../../shared/paths.ts';
import { rateSourceNames, splitRateSource, type RateSourceName } from '../../../../shared/rate-sources.ts';
import type { AdminCurrency, AdminDirection } from '../../../../shared/schemas/admin-directions.ts';
import { useLocalizedHref } from '../../../lib/locale.ts';
import { CheckboxField, SelectField, TextAreaField } from '../../form/fields.tsx';
import { FormAlert } from '../../form/form-alert.tsx';
import { useConsoleForm, useFocusOnRefusal } from '../use-console-form.ts';
import { useUnsavedChanges } from '../unsaved-changes.tsx';
import { namedOnce } from '../figures.tsx';
import { NumberRow } from './number-row.tsx';
import { SaveState } from './save-state.tsx';

const limitFields = ['fromMin', 'fromMax', 'toMin', 'toMax'] as const;
const notifyFields = ['fromNotify', 'toNotify'] as const;

function Group({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id={id} className="mb-3 text-lg font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A direction's editor (new when `direction` is null: then the pair is chosen from `currencies`). The server checks
 * every rule again (directionCreateBody/directionPatchBody and the service); creating goes on to the new one's page.
 * A refused save names every field it can in one answer, and the keyboard goes to the first of them.
 */
export function DirectionForm({
  direction,
  currencies,
  symbols,
}: {
  direction: AdminDirection | null;
  currencies: Pick<AdminCurrency, 'id' | 'code' | 'name'>[];
  /** The symbols to offer per source (the common ones and those directions use). */
  symbols: Record<RateSourceName, string[]>;
}) {
  const { t } = useTranslation('adminDirections');
  const { t: tAdmin } = useTranslation('admin');
  const form = useConsoleForm<AdminDirection>();
  const navigate = useNavigate();
  const to = useLocalizedHref();
  const [mode, setMode] = useState(direction?.courseMode ?? 'manual');
  const current = direction?.rateSource ? splitRateSource(direction.rateSource) : null;
  const [source, setSource] = useState<RateSourceName>(current?.[0] ?? 'binance');
  const formRef = useRef<HTMLFormElement>(null);
  // The course mode and the source decide which fields are there: compared once they have rendered.
  const saved = useUnsavedChanges(formRef, [mode, source]);
  useFocusOnRefusal(formRef, form.errors);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const body: Record<string, unknown> = {
      courseMode: mode,
      markupPercent: text('markupPercent') || '0',
      bonusPercent: text('bonusPercent') || '0',
      fromFee: text('fromFee') || '0',
      toFee: text('toFee') || '0',
      active: data.get('active') === 'on',
      paymentWindowMinutes: text('paymentWindowMinutes') || null,
      ...Object.fromEntries(limitFields.map((f) => [f, text(f) || null])),
      ...Object.fromEntries(notifyFields.map((f) => [f, { ru: text(`${f}.ru`), en: text(`${f}.en`) }])),
    };
    // Empty on a new direction: the server's defaults (the currencies' decimals, the end of the list).
    for (const f of ['fromRound', 'toRound', 'position']) if (text(f) !== '' || direction) body[f] = text(f);
    if (mode === 'manual') body.courseManual = text('courseManual') || null;
    else {
      body.rateSource = text('rateSymbol') ? `${text('rateSourceName')}:${text('rateSymbol')}` : null;
      // As typed, as the other whole numbers here: the server reads "1 000" and refuses what is not a whole number.
      body.maxRateAgeMinutes = text('maxRateAgeMinutes') || null;
    }
    if (direction) {
      const res = await form.send('PUT', `/api/v1/admin/directions/${direction.id}/`, body);
      if (res?.ok) saved();
      return;
    }
    // The currencies are chosen from a list whose values are ids, never typed.
    const id = (name: string) => (text(name) === '' ? null : Number(text(name)));
    const res = await form.send('POST', '/api/v1/admin/directions/', {
      ...body,
      fromCurrencyId: id('fromCurrencyId'),
      toCurrencyId: id('toCurrencyId'),
    });
    if (!res?.ok) return;
    // Saved: going on to the new direction's page is not leaving unsaved changes.
    saved();
    void navigate(to(paths.adminDirection(res.data.id)), { state: { created: true } });
  }

  const field = form.field;
  const options = [
    { value: '', label: t('fields.choose') },
    ...currencies.map((c) => ({ value: String(c.id), label: namedOnce(c.name, c.code).join(' · ') })),
  ];
  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate className="space-y-4" data-testid="direction-form">
      <FormAlert messages={form.general} />
      {!direction && (
        <Group id="direction-pair" title={t('groups.pair')}>
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              name="fromCurrencyId"
              label={t('fields.fromCurrency')}
              options={options}
              defaultValue=""
              errors={field('fromCurrencyId')}
            />
            <SelectField
              name="toCurrencyId"
              label={t('fields.toCurrency')}
              options={options}
              defaultValue=""
              errors={field('toCurrencyId')}
            />
          </div>
        </Group>
      )}
      <Group id="direction-course" title={t('groups.course')}>
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
            <NumberRow
              name="courseManual"
              label={t('fields.courseManual')}
              defaultValue={direction?.courseManual ?? ''}
              decimal
              errors={field}
            />
          ) : (
            <>
              <SelectField
                name="rateSourceName"
                label={t('fields.rateSourceName')}
                options={rateSourceNames.map((s) => ({ value: s, label: t(`sourceNames.${s}`) }))}
                value={source}
                onChange={(e) => setSource(e.target.value as RateSourceName)}
              />
              {/* A new key per source: the symbol list and its choice start again for the other source. */}
              <SelectField
                key={source}
                name="rateSymbol"
                label={t('fields.rateSymbol')}
                hint={t('fields.rateSymbolHint')}
                options={[
                  { value: '', label: t('fields.rateSymbolNone') },
                  ...symbols[source].map((s) => ({ value: s, label: s })),
                ]}
                defaultValue={current?.[0] === source ? current[1] : ''}
                errors={field('rateSource')}
              />
              <NumberRow
                name="maxRateAgeMinutes"
                label={t('fields.maxRateAgeMinutes')}
                hint={t('fields.maxRateAgeHint')}
                defaultValue={direction?.maxRateAgeMinutes ?? ''}
                errors={field}
              />
            </>
          )}
          <NumberRow
            name="markupPercent"
            label={t('fields.markupPercent')}
            defaultValue={direction?.markupPercent ?? '0'}
            decimal
            errors={field}
          />
          <NumberRow
            name="bonusPercent"
            label={t('fields.bonusPercent')}
            defaultValue={direction?.bonusPercent ?? '0'}
            decimal
            errors={field}
          />
          <NumberRow
            name="fromFee"
            label={t('fields.fromFee')}
            hint={t('fields.fromFeeHint')}
            defaultValue={direction?.fromFee ?? '0'}
            decimal
            errors={field}
          />
          <NumberRow
            name="toFee"
            label={t('fields.toFee')}
            hint={t('fields.toFeeHint')}
            defaultValue={direction?.toFee ?? '0'}
            decimal
            errors={field}
          />
        </div>
      </Group>
      <Group id="direction-limits" title={t('groups.limits')}>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {limitFields.map((f) => (
            <NumberRow
              key={f}
              name={f}
              label={t(`fields.${f}`)}
              defaultValue={direction?.[f] ?? ''}
              decimal
              errors={field}
            />
          ))}
        </div>
        <p className="mt-1 text-sm text-slate-600">{t('fields.limitsHint')}</p>
      </Group>
      <Group id="direction-rounding" title={t('groups.rounding')}>
        <div className="grid gap-3 sm:grid-cols-2">
          {(['fromRound', 'toRound'] as const).map((f) => (
            <NumberRow
              key={f}
              name={f}
              label={t(`fields.${f}`)}
              hint={t('fields.roundHint')}
              defaultValue={direction?.[f] ?? ''}
              errors={field}
            />
          ))}
          <NumberRow
            name="paymentWindowMinutes"
            label={t('fields.paymentWindowMinutes')}
            hint={t('fields.paymentWindowHint')}
            defaultValue={direction?.paymentWindowMinutes ?? ''}
            errors={field}
          />
          <NumberRow
            name="position"
            label={t('fields.position')}
            hint={direction ? undefined : t('fields.positionHint')}
            defaultValue={direction?.position ?? ''}
            errors={field}
          />
        </div>
      </Group>
      <Group id="direction-texts" title={t('groups.texts')}>
        <div className="grid gap-3 sm:grid-cols-2">
          {notifyFields.flatMap((f) =>
            (['ru', 'en'] as const).map((lang) => (
              <TextAreaField
                key={`${f}.${lang}`}
                name={`${f}.${lang}`}
                label={`${t(`fields.${f}`)}, ${t(`fields.${lang}`)}`}
                defaultValue={direction?.[f][lang] ?? ''}
                maxLength={500}
                errors={field(`${f}.${lang}`)}
              />
            )),
          )}
        </div>
      </Group>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <CheckboxField name="active" defaultChecked={direction?.active ?? true} errors={field('active')}>
          {t('fields.active')}
        </CheckboxField>
        <button type="submit" className="btn-primary" aria-busy={form.busy || undefined} disabled={form.busy}>
          {form.busy ? tAdmin('common.saving') : direction ? tAdmin('common.save') : tAdmin('common.create')}
        </button>
        <SaveState saved={form.saved && !!direction} message={t('saved')} invalid={form.errors} />
      </div>
    </form>
  );
}

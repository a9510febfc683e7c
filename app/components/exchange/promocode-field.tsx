import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { LoaderCircle } from '../icons/loader-circle.tsx';
import { TicketPercent } from '../icons/ticket-percent.tsx';
import { formatCourse, formatPercent } from '../../../shared/format.ts';
import type { Locale } from '../../../shared/locales.ts';
import { maxPromocodeLength } from '../../lib/exchange/promocode.ts';
import { ErrorList, inputClass } from './form-parts.tsx';
import type { Calculator } from './use-calculator.ts';
import type { Promocode } from './use-promocode.ts';

/**
 * "Have a promocode?": a disclosure opening the code input and Apply; once applied, the code, its percent and the
 * course it gives, with Remove. Enter in the input applies the code (it must not submit the claim).
 */
export function PromocodeField({
  promo,
  calc,
  errors,
  locked,
  locale,
}: {
  promo: Promocode;
  calc: Calculator;
  errors: string[] | undefined;
  /** A claim is on its way: the code it carries can be neither changed, applied nor removed until its answer. */
  locked: boolean;
  locale: Locale;
}) {
  const { t } = useTranslation('exchange');
  const id = useId();
  const { applied } = promo;
  const { pair, from, to } = calc;
  const wrapper = useRef<HTMLDivElement>(null);
  const shown = !!(applied && pair && from && to);

  // Applying or removing replaces the control that had focus: focus goes to its counterpart, not to the page.
  const before = useRef(shown);
  useEffect(() => {
    if (before.current === shown) return;
    before.current = shown;
    const box = wrapper.current;
    const active = document.activeElement;
    if (!box || (active && active !== document.body && !box.contains(active))) return;
    const target = shown || !promo.open ? box.querySelector('button') : box.querySelector('input');
    target?.focus();
  }, [shown, promo.open]);

  return (
    <div ref={wrapper}>
      {/* Announces the code taking effect (the chip below appears in place of the input). */}
      <p role="status" className="sr-only">
        {shown && applied ? t('promocode.applied', { code: applied.promocode }) : ''}
      </p>
      {shown ? (
        <Applied promo={promo} calc={calc} locked={locked} locale={locale} />
      ) : (
        <Entry promo={promo} errors={errors} id={id} locked={locked} />
      )}
    </div>
  );
}

interface AppliedProps {
  promo: Promocode;
  calc: Calculator;
  locked: boolean;
  locale: Locale;
}

function Applied({ promo, calc, locked, locale }: AppliedProps) {
  const { t } = useTranslation('exchange');
  const { applied } = promo;
  const { pair, basePair, from, to } = calc;
  if (!applied || !pair || !basePair || !from || !to) return null;
  const line = (course: string) => formatCourse(course, from, to, locale).text;
  return (
    <div
      className="mt-3 flex items-start gap-3 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-950 ring-1 ring-emerald-200"
      data-testid="promocode-applied"
    >
      <TicketPercent aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700" />
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <p>
            <span className="font-semibold">{t('promocode.applied', { code: applied.promocode })}</span>{' '}
            {t('promocode.discount', { discount: formatPercent(applied.discount, locale) })}
          </p>
          <p className="mt-0.5">
            {t('promocode.course')}:{' '}
            <span className="font-semibold tabular-nums" data-testid="promocode-course">
              {line(pair.course)}
            </span>{' '}
            <span className="text-emerald-800">{t('promocode.instead', { course: line(basePair.course) })}</span>
          </p>
        </div>
        <button
          type="button"
          onClick={promo.remove}
          disabled={locked}
          aria-label={t('promocode.removeLabel', { code: applied.promocode })}
          className="btn-ghost -mx-3 -my-1 self-start px-3 py-1.5 text-emerald-900 hover:bg-emerald-100 sm:mx-0 sm:self-center"
        >
          {t('promocode.remove')}
        </button>
      </div>
    </div>
  );
}

interface EntryProps {
  promo: Promocode;
  errors: string[] | undefined;
  id: string;
  locked: boolean;
}

function Entry({ promo, errors, id, locked }: EntryProps) {
  const { t } = useTranslation('exchange');
  const { checking } = promo;
  const invalid = !!errors?.length;
  return (
    <div className="mt-3">
      <button
        type="button"
        onClick={promo.toggle}
        aria-expanded={promo.open}
        aria-controls={`${id}-panel`}
        className="link inline-flex items-center gap-1.5 py-1 text-sm"
      >
        <TicketPercent aria-hidden="true" className="size-4" />
        {t('promocode.toggle')}
      </button>
      <div id={`${id}-panel`} hidden={!promo.open} className="mt-2 max-w-md">
        <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
          {t('promocode.label')}
        </label>
        <div className="flex items-start gap-2">
          <input
            id={id}
            name="promocode"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={maxPromocodeLength}
            value={promo.text}
            onChange={(event) => promo.type(event.target.value)}
            readOnly={locked}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                if (!locked) promo.apply();
              }
            }}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-error` : undefined}
            className={`${inputClass} ${invalid ? 'border-red-600' : 'border-slate-300'} min-w-0 flex-1 uppercase`}
          />
          <button
            type="button"
            onClick={promo.apply}
            disabled={checking || locked}
            aria-busy={checking || undefined}
            className="btn-secondary shrink-0 gap-1.5 py-2.5 text-base"
          >
            {checking && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
            {checking ? t('promocode.checking') : t('promocode.apply')}
          </button>
        </div>
        {invalid && <ErrorList id={`${id}-error`} messages={errors} />}
      </div>
    </div>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ArrowLeftRight } from '../icons/arrow-left-right.tsx';
import { LoaderCircle } from '../icons/loader-circle.tsx';
import { TriangleExclamationPoint as TriangleAlert } from '../icons/triangle-exclamation-point.tsx';
import { translateIssue, type FieldErrors } from '../../../shared/field-issues.ts';
import type { Locale } from '../../../shared/locales.ts';
import { exchangeCatalogue } from '../../i18n/catalogue-exchange.ts';
import { useLazyCatalogue } from '../../i18n/lazy-catalogue.ts';
import { emailIssue, requisiteIssueOf } from '../../lib/exchange/draft-check.ts';
import type { ExchangeInitial } from '../../lib/exchange/initial.ts';
import { FormAlert } from '../form/form-alert.tsx';
import { Captcha } from '../captcha/captcha.tsx';
import { Agreement, Requisites } from './claim-fields.tsx';
import { CourseBar, RateChangedNotice } from './course-bar.tsx';
import { CalculatorBreakdown } from './price-breakdown.tsx';
import { ExchangeSide } from './exchange-side.tsx';
import { columns, Field } from './form-parts.tsx';
import { PromocodeField } from './promocode-field.tsx';
import { useCalculator } from './use-calculator.ts';
import { useClaimSubmit } from './use-claim-submit.ts';
import { usePromocode } from './use-promocode.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useAfterPress } from '../../lib/use-after-press.ts';

/**
 * The exchange calculator and claim form (docs/product/behaviour.md): pick the pair, type either amount, fill the requisites of both
 * sides, e-mail, agreement and captcha, and create the claim (use-claim-submit.ts), then go to the claim's page.
 * Rendered on the server with the loader's data; hydrated when its chunk arrives.
 */

export interface ExchangeFormProps {
  initial: ExchangeInitial;
  locale: Locale;
  /** The logged-in customer's e-mail, to prefill; null for guests. */
  userEmail: string | null;
}

export function ExchangeForm({ initial, locale, userEmail }: ExchangeFormProps) {
  // The calculator's strings travel in this chunk, not in the page's first catalogue (exchange-island.tsx).
  useLazyCatalogue(exchangeCatalogue);
  const { t } = useTranslation('exchange');
  // The claim button works only with the script that handles it (app/lib/use-hydrated.ts).
  const hydrated = useHydrated();
  const calc = useCalculator(initial, locale);
  const { pair, status, from, to } = calc;
  const formRef = useRef<HTMLFormElement>(null);

  const [errors, setErrors] = useState<FieldErrors>({});
  const setFieldErrors = (name: string, messages: string[] | null) =>
    setErrors((current) => {
      if (!messages && !current[name]) return current;
      const next = { ...current };
      if (messages) next[name] = messages;
      else delete next[name];
      return next;
    });
  /** An issue of a check on leaving a field, in the page's language; null (clears the field's message) when fine. */
  const issueList = (issue: string | null) => (issue ? [translateIssue(issue, locale)] : null);
  // A message of leaving a field for a click waits for the click: shown at once, it moved what was clicked away
  // between the press and the release (app/lib/use-after-press.ts).
  const afterPress = useAfterPress();

  // A logged-in customer's course is their own (bonus applied): the server-rendered one is the guests'.
  const refreshed = useRef(false);
  useEffect(() => {
    if (userEmail && !refreshed.current) {
      refreshed.current = true;
      calc.refresh();
    }
  }, [userEmail, calc]);

  const promo = usePromocode({
    calc,
    locale,
    setErrors: (messages) => setFieldErrors('promocode', messages),
  });

  const claim = useClaimSubmit({
    calc,
    locale,
    form: formRef,
    promo,
    setErrors,
    setFieldErrors,
    maintenance: initial.tech.maintenance ? initial.tech.message || t('maintenance') : null,
  });
  const { maintenance, submitting, rateChanged } = claim;

  const sendLabelId = useId();
  const receiveLabelId = useId();
  const canSubmit = hydrated && !maintenance && status === 'ready' && !!pair && !submitting && !promo.checking;
  // While the claim is on its way what it is made of stays as sent (docs/product/behaviour.md): the pickers, the swap
  // and the limits' buttons are off, the text fields read-only (they keep focus, and their values stay in the form);
  // any answer but success gives them back.
  const locked = submitting;
  const sides = { calc, locked, locale };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={claim.onSubmit}
      onFocus={claim.captcha.engage}
      onChange={(event) => {
        // Typing in a field clears that field's message (docs/product/behaviour.md, as on the login form).
        const target = event.target as unknown as HTMLInputElement;
        const name = target.name;
        if (name && errors[name]) setFieldErrors(name, null);
      }}
      aria-label={t('title')}
      className="card relative p-4 sm:p-6 lg:p-7"
      data-testid="exchange-form"
    >
      {maintenance && (
        <div
          role="alert"
          className="mb-5 flex items-start gap-2.5 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>{maintenance}</p>
        </div>
      )}

      {initial.linkUnavailable && !maintenance && calc.from?.id === initial.fromId && calc.to?.id === initial.toId && (
        <p
          role="status"
          data-testid="link-unavailable"
          className="mb-5 flex items-start gap-2.5 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <span>{t('linkUnavailable')}</span>
        </p>
      )}

      <div className={`grid gap-y-3 md:items-start ${columns}`}>
        <ExchangeSide side="send" labelId={sendLabelId} errors={errors.fromSumma} {...sides} />
        <div className="flex justify-center md:pt-8">
          <button
            type="button"
            // Not disabled while the pair loads (the swap sets the send side first, so until the new pair arrives the
            // sides name one currency and `canSwap` is false): a disabled button loses the keyboard's focus, to the
            // page's top and the header's links to tab through again. It says it is busy instead; a press then does
            // nothing.
            onClick={() => status !== 'loading' && calc.swap()}
            disabled={(!calc.canSwap && status !== 'loading') || locked}
            aria-disabled={status === 'loading' || undefined}
            aria-label={t('swap')}
            title={t('swap')}
            className="focus-ring inline-flex size-11 cursor-pointer items-center justify-center rounded-full border border-slate-300 bg-white text-brand-700 shadow-sm transition hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-40 aria-disabled:opacity-40"
          >
            <ArrowLeftRight aria-hidden="true" className="size-5 rotate-90 md:rotate-0" />
          </button>
        </div>
        <ExchangeSide side="receive" labelId={receiveLabelId} errors={errors.toSumma} {...sides} />
      </div>

      <CourseBar calc={calc} locale={locale} />
      <CalculatorBreakdown calc={calc} locale={locale} />
      {pair && <PromocodeField promo={promo} calc={calc} errors={errors.promocode} locked={locked} locale={locale} />}

      {pair && status === 'ready' && (
        <Requisites
          pair={pair}
          errors={errors}
          locked={locked}
          onCheck={(side, name, value) => {
            // Checked when the customer leaves a filled field; an empty one only on submit.
            if (value.trim()) {
              const issue = issueList(requisiteIssueOf(pair, side, name, value));
              afterPress(() => setFieldErrors(`${side}Requisites.${name}`, issue));
            }
          }}
        />
      )}

      <div className={`mt-6 grid gap-5 border-t border-slate-200 pt-6 ${columns}`}>
        <Field
          label={t('email')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          defaultValue={userEmail ?? ''}
          required
          readOnly={locked}
          errors={errors.email}
          hint={t('emailHint')}
          onBlur={(event) => {
            const value = event.target.value;
            if (value.trim()) afterPress(() => setFieldErrors('email', issueList(emailIssue(value))));
          }}
        />
        <div className="space-y-4 md:col-start-3">
          <Agreement errors={errors.agree} locale={locale} />
          <Captcha
            check={claim.captcha.check}
            engaged={claim.captcha.engaged}
            locale={locale}
            handleRef={claim.captcha.handleRef}
            onProof={claim.captcha.onProof}
            errors={errors.recaptcha}
          />
        </div>
      </div>

      {rateChanged && pair && from && to && (
        <RateChangedNotice
          rate={rateChanged}
          pair={pair}
          locale={locale}
          onAccept={claim.acceptRate}
          disabled={submitting}
          calc={calc}
        />
      )}

      <FormAlert messages={claim.general} className="mt-5" />

      <div className="mt-6 flex justify-end">
        <button
          type="submit"
          disabled={!canSubmit}
          aria-busy={submitting || undefined}
          className="btn-primary w-full gap-2 px-8 py-3.5 text-base md:w-auto"
        >
          {submitting && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
          {submitting ? t('submitting') : t('submit')}
        </button>
      </div>
    </form>
  );
}

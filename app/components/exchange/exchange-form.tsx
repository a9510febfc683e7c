import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import Big from 'big.js';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AlertCircle, ArrowLeftRight, Info, LoaderCircle, RefreshCw, TriangleAlert } from 'lucide-react';
import type { Locale } from '../../../shared/locales.ts';
import { exchangeCatalogue } from '../../i18n/catalogue-exchange.ts';
import { useLazyCatalogue } from '../../i18n/lazy-catalogue.ts';
import { href, paths } from '../../../shared/paths.ts';
import type { CaptchaCheck, PairInput, PairSettings } from '../../../shared/schemas/exchange.ts';
import { sendLimits } from '../../lib/exchange/amounts.ts';
import { exchangeApi, readRateChanged, type ClaimPayload, type RateChanged } from '../../lib/exchange/api.ts';
import { attemptKeys } from '../../lib/exchange/attempt.ts';
import { courseLine, displayAmount } from '../../lib/exchange/format.ts';
import type { ExchangeInitial } from '../../lib/exchange/initial.ts';
import { referralFromAddress } from '../../lib/exchange/url.ts';
import { checkDraft, emailIssue, requisiteIssueOf } from '../../lib/exchange/draft-check.ts';
import {
  catalogueMessage,
  translateFieldErrors,
  translateIssue,
  type FieldErrors as FormErrors,
} from '../../../shared/field-issues.ts';
import { Captcha, type CaptchaHandle } from './captcha.tsx';
import { CurrencySelect } from './currency-select.tsx';
import { ErrorList, Field, inputClass } from './form-parts.tsx';
import { PromocodeField } from './promocode-field.tsx';
import { useCalculator, type Calculator } from './use-calculator.ts';
import { usePromocode } from './use-promocode.ts';

/**
 * The exchange calculator and claim form (SPEC §4–5): pick the pair, type either amount, fill the requisites of both
 * sides, e-mail, agreement and captcha, and create the claim (POST /api/v1/claim/ with an Idempotency-Key), then go
 * to the claim's page. Rendered on the server with the loader's data; hydrated when its chunk arrives.
 */

export interface ExchangeFormProps {
  initial: ExchangeInitial;
  locale: Locale;
  /** The logged-in customer's e-mail, to prefill; null for guests. */
  userEmail: string | null;
}

const noSubscribe = () => () => {};
/** False in the server's HTML, true once hydrated: the submit button works only with the script that handles it. */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function ExchangeForm({ initial, locale, userEmail }: ExchangeFormProps) {
  // The calculator's strings travel in this chunk, not in the page's first catalogue (exchange-island.tsx).
  useLazyCatalogue(exchangeCatalogue);
  const { t } = useTranslation('exchange');
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const calc = useCalculator(initial, locale);
  const { pair, status, from, to } = calc;

  const [errors, setErrors] = useState<FormErrors>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const [maintenance, setMaintenance] = useState(
    initial.tech.maintenance ? initial.tech.message || t('maintenance') : null,
  );
  const [rateChanged, setRateChanged] = useState<RateChanged | null>(null);
  const [captchaCheck, setCaptchaCheck] = useState<CaptchaCheck | null>(null);
  const [engaged, setEngaged] = useState(false);
  const captchaProof = useRef<string | null>(null);
  const captcha = useRef<CaptchaHandle>(null);
  const busy = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const [attempts] = useState(() => attemptKeys());

  // Which captcha to show (SPEC §7 GET /claim/captchacheck); asked once the page is interactive.
  useEffect(() => {
    let live = true;
    void exchangeApi.captchaCheck(locale).then((answer) => {
      if (live && answer.ok) setCaptchaCheck(answer.data);
    });
    return () => {
      live = false;
    };
  }, [locale]);

  // A logged-in customer's course is their own (bonus applied): the server-rendered one is the guests'.
  const refreshed = useRef(false);
  useEffect(() => {
    if (userEmail && !refreshed.current) {
      refreshed.current = true;
      calc.refresh();
    }
  }, [userEmail, calc]);

  const setFieldErrors = (name: string, messages: string[] | null) =>
    setErrors((current) => {
      if (!messages && !current[name]) return current;
      const next = { ...current };
      if (messages) next[name] = messages;
      else delete next[name];
      return next;
    });

  const promo = usePromocode({
    calc,
    locale,
    readEmail: () => {
      const value = formRef.current ? new FormData(formRef.current).get('email') : null;
      return typeof value === 'string' ? value.trim() : '';
    },
    setErrors: (messages) => setFieldErrors('promocode', messages),
  });

  /** The requisites of one side as typed, by input name: only the visible inputs exist in the form (SPEC §5). */
  function gather(form: HTMLFormElement, settings: PairSettings, side: 'from' | 'to') {
    const data = new FormData(form);
    const out: Record<string, string> = {};
    for (const input of settings.structure[side].inputs) {
      const value = data.get(`${side}Requisites.${input.name}`);
      if (input.visible && typeof value === 'string' && value.trim()) out[input.name] = value.trim();
    }
    return out;
  }

  async function captchaProofNow(): Promise<string | null> {
    if (captchaCheck?.provider !== 'altcha') return '';
    if (captchaProof.current) return captchaProof.current;
    setEngaged(true);
    // Pressing the button may be what brought the widget: give its chunk a moment to arrive.
    for (let i = 0; i < 100 && !captcha.current; i++) await sleep(100);
    return (await captcha.current?.ensure()) ?? null;
  }

  /** Sends the claim with the given amounts and pair (the accepted new rate passes its own). */
  async function send(form: HTMLFormElement, amounts: { send: string; receive: string }, settings: PairSettings) {
    if (busy.current || maintenance || !from || !to) return;
    const data = new FormData(form);
    const email = String(data.get('email') ?? '').trim();
    const draft = {
      fromSumma: amounts.send,
      toSumma: amounts.receive,
      fromRequisites: gather(form, settings, 'from'),
      toRequisites: gather(form, settings, 'to'),
      email,
    };
    const found = translateFieldErrors(checkDraft(settings, draft), locale);
    const unapplied = promo.unappliedError();
    if (unapplied) found.promocode = [unapplied];
    if (!data.get('agree')) found.agree = [t('agreeRequired')];
    setRateChanged(null);
    if (Object.keys(found).length) {
      setErrors(found);
      setGeneral([]);
      focusFirstError(form, found);
      return;
    }

    busy.current = true;
    setSubmitting(true);
    setErrors({});
    setGeneral([]);
    let leaving = false;
    try {
      const proof = await captchaProofNow();
      if (proof === null) {
        setErrors({ recaptcha: [catalogueMessage('captcha_invalid', locale)] });
        return;
      }
      const referral = referralFromAddress();
      const payload: ClaimPayload = {
        ...draft,
        fromPs: from.id,
        toPs: to.id,
        recaptcha: proof,
        ...(referral ? { refferal: referral } : {}),
        ...(promo.payloadCode ? { promocode: promo.payloadCode } : {}),
      };
      const answer = await exchangeApi.createClaim(locale, payload, attempts.keyFor({ ...payload }));
      if (answer.ok) {
        leaving = true;
        void navigate(href(locale, paths.claim(answer.data.uuid)));
        return;
      }
      if (answer.network) {
        setGeneral([t('networkError')]);
        return;
      }
      const rate = readRateChanged(answer);
      if (rate) {
        setRateChanged(rate);
        return;
      }
      if (answer.status === 503) {
        setMaintenance(answer.errors.general[0] || t('maintenance'));
        return;
      }
      const known = new Set(['fromSumma', 'toSumma', 'email', 'recaptcha', 'promocode', ...requisiteNames(settings)]);
      const byField: FormErrors = {};
      const rest = [...answer.errors.general];
      for (const [key, messages] of Object.entries(answer.errors.fields)) {
        if (known.has(key)) byField[key] = messages;
        else rest.push(...messages);
      }
      // The code was used up or withdrawn since its quote: it is dropped, the claim can go without it.
      if (byField.promocode) promo.refused(byField.promocode);
      if (byField.recaptcha) {
        captchaProof.current = null;
        captcha.current?.reset();
      }
      setErrors(byField);
      setGeneral(rest.length || Object.keys(byField).length ? rest : [t('failed')]);
      focusFirstError(form, byField);
    } finally {
      // After success the button stays busy until the claim page replaces this one: no second claim.
      if (!leaving) {
        busy.current = false;
        setSubmitting(false);
      }
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!pair || status !== 'ready') return;
    void send(event.currentTarget, calc.commit(), pair);
  }

  function acceptRate() {
    if (!rateChanged || !formRef.current) return;
    const next = calc.acceptRate(rateChanged.course, rateChanged.fromSumma, rateChanged.toSumma);
    if (next) void send(formRef.current, { send: rateChanged.fromSumma, receive: rateChanged.toSumma }, next);
  }

  const sendLabelId = useId();
  const receiveLabelId = useId();
  const canSubmit = hydrated && !maintenance && status === 'ready' && !!pair && !submitting && !promo.checking;

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      onFocus={() => setEngaged(true)}
      onChange={(event) => {
        // Typing in a field clears that field's message (SPEC §5, as on the login form).
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

      <div className={`grid gap-y-3 md:items-start ${columns}`}>
        <SendSide calc={calc} labelId={sendLabelId} errors={errors.fromSumma} locale={locale} />
        <div className="flex justify-center md:pt-8">
          <button
            type="button"
            onClick={calc.swap}
            disabled={!calc.canSwap || status === 'loading'}
            aria-label={t('swap')}
            title={t('swap')}
            className="focus-ring inline-flex size-11 cursor-pointer items-center justify-center rounded-full border border-slate-300 bg-white text-brand-700 shadow-sm transition hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-40"
          >
            <ArrowLeftRight aria-hidden="true" className="size-5 rotate-90 md:rotate-0" />
          </button>
        </div>
        <ReceiveSide calc={calc} labelId={receiveLabelId} errors={errors.toSumma} locale={locale} />
      </div>

      <CourseBar calc={calc} locale={locale} />
      {pair && <PromocodeField promo={promo} calc={calc} errors={errors.promocode} locale={locale} />}

      {pair && status === 'ready' && (
        <Requisites
          pair={pair}
          errors={errors}
          onCheck={(side, name, value) => {
            // Checked when the customer leaves a filled field; an empty one only on submit.
            if (value.trim())
              setFieldErrors(
                `${side}Requisites.${name}`,
                messageList(requisiteIssueOf(pair, side, name, value), locale),
              );
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
          errors={errors.email}
          hint={t('emailHint')}
          onBlur={(event) => {
            if (event.target.value.trim()) setFieldErrors('email', messageList(emailIssue(event.target.value), locale));
            promo.emailLeft();
          }}
        />
        <div className="space-y-4 md:col-start-3">
          <Agreement errors={errors.agree} locale={locale} />
          <Captcha
            check={captchaCheck}
            engaged={engaged}
            locale={locale}
            handleRef={captcha}
            onProof={(proof) => {
              captchaProof.current = proof;
              if (proof) setFieldErrors('recaptcha', null);
            }}
            errors={errors.recaptcha}
          />
        </div>
      </div>

      {rateChanged && pair && from && to && (
        <RateChangedNotice
          rate={rateChanged}
          pair={pair}
          locale={locale}
          onAccept={acceptRate}
          disabled={submitting}
          calc={calc}
        />
      )}

      <div role="alert" className={general.length ? 'mt-5' : 'sr-only'}>
        {general.length > 0 && (
          <div className="flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 px-3.5 py-3 text-sm text-red-800">
            <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <div>
              {general.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </div>
          </div>
        )}
      </div>

      <div className="mt-6 flex justify-end">
        <button
          type="submit"
          disabled={!canSubmit}
          aria-busy={submitting || undefined}
          className="btn-primary w-full gap-2 px-8 py-3.5 text-base disabled:cursor-not-allowed disabled:opacity-60 md:w-auto"
        >
          {submitting && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
          {submitting ? t('submitting') : t('submit')}
        </button>
      </div>
    </form>
  );
}

const messageList = (issue: string | null, locale: Locale) => (issue ? [translateIssue(issue, locale)] : null);

function requisiteNames(pair: PairSettings): string[] {
  return (['from', 'to'] as const).flatMap((side) =>
    pair.structure[side].inputs.map((input) => `${side}Requisites.${input.name}`),
  );
}

/** Focus goes to the first field, in the form's order, that has a message (it is tied to it by aria-describedby). */
function focusFirstError(form: HTMLFormElement, errors: FormErrors) {
  for (const element of Array.from(form.elements)) {
    const name = (element as HTMLInputElement).name;
    if (name && errors[name]?.length && element instanceof HTMLElement) {
      element.focus();
      return;
    }
  }
}

function SideTitle({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="mb-2 text-sm font-semibold tracking-wide text-slate-600 uppercase">
      {children}
    </h2>
  );
}

interface AmountProps {
  name: 'fromSumma' | 'toSumma';
  label: string;
  value: string;
  symbol: string;
  errors: string[] | undefined;
  describedBy: string[];
  onType: (value: string) => void;
  onCommit: () => void;
}

function AmountInput({ name, label, value, symbol, errors, describedBy, onType, onCommit }: AmountProps) {
  const id = useId();
  const invalid = !!errors?.length;
  const ids = [invalid ? `${id}-error` : null, ...describedBy].filter(Boolean).join(' ');
  return (
    <div className="mt-3">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          name={name}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          value={value}
          placeholder="0"
          onChange={(event) => onType(event.target.value)}
          onBlur={onCommit}
          aria-invalid={invalid || undefined}
          aria-describedby={ids || undefined}
          className={`${inputClass} ${invalid ? 'border-red-600' : 'border-slate-300'} py-3 pr-20 text-lg font-semibold tabular-nums`}
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3.5 -translate-y-1/2 text-sm font-semibold text-slate-500"
        >
          {symbol}
        </span>
      </div>
      {invalid && <ErrorList id={`${id}-error`} messages={errors} />}
    </div>
  );
}

function Notify({ id, text }: { id: string; text: string }) {
  if (!text) return null;
  return (
    <p id={id} className="mt-2 flex items-start gap-1.5 text-sm text-slate-600">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
      <span>{text}</span>
    </p>
  );
}

function SendSide({
  calc,
  labelId,
  errors,
  locale,
}: {
  calc: Calculator;
  labelId: string;
  errors?: string[] | undefined;
  locale: Locale;
}) {
  const { t } = useTranslation('exchange');
  const id = useId();
  const { pair, from, amounts, adjusted } = calc;
  const symbol = from?.symbol ?? '';
  const limits = pair ? sendLimits(pair) : null;
  return (
    <div>
      <SideTitle id={labelId}>{t('send')}</SideTitle>
      <CurrencySelect
        labelId={labelId}
        options={calc.sendOptions}
        value={from?.id ?? null}
        onChange={calc.selectFrom}
      />
      <AmountInput
        name="fromSumma"
        label={t('sendAmount')}
        value={amounts.send}
        symbol={symbol}
        errors={errors}
        describedBy={[`${id}-limits`, `${id}-adjusted`, pair?.from.notify ? `${id}-notify` : ''].filter(Boolean)}
        onType={calc.typeSend}
        onCommit={calc.commit}
      />
      <p id={`${id}-limits`} className="mt-2 flex flex-wrap gap-x-3 text-sm text-slate-600">
        {limits?.min && (
          <span>
            {t('min')}{' '}
            <button type="button" className="link tabular-nums" onClick={() => calc.pickSend(limits.min!)}>
              {displayAmount(limits.min, locale)} {symbol}
            </button>
          </span>
        )}
        {limits?.max && (
          <span>
            {t('max')}{' '}
            <button type="button" className="link tabular-nums" onClick={() => calc.pickSend(limits.max!)}>
              {displayAmount(limits.max, locale)} {symbol}
            </button>
          </span>
        )}
      </p>
      {/* Announced when the amount is moved to a limit: the customer did not type that number. */}
      <p
        id={`${id}-adjusted`}
        role="status"
        className={adjusted ? 'mt-1 text-sm font-medium text-amber-800' : 'sr-only'}
      >
        {adjusted
          ? t(`adjusted.${adjusted.kind}`, { amount: `${displayAmount(adjusted.amount, locale)} ${symbol}` })
          : ''}
      </p>
      <Notify id={`${id}-notify`} text={pair?.from.notify ?? ''} />
    </div>
  );
}

function ReceiveSide({
  calc,
  labelId,
  errors,
  locale,
}: {
  calc: Calculator;
  labelId: string;
  errors?: string[] | undefined;
  locale: Locale;
}) {
  const { t } = useTranslation('exchange');
  const id = useId();
  const { pair, to, amounts } = calc;
  const symbol = to?.symbol ?? '';
  return (
    <div>
      <SideTitle id={labelId}>{t('receive')}</SideTitle>
      <CurrencySelect
        labelId={labelId}
        options={calc.toOptions}
        value={to?.id ?? null}
        onChange={calc.selectTo}
        disabled={calc.toOptions.length === 0}
      />
      <AmountInput
        name="toSumma"
        label={t('receiveAmount')}
        value={amounts.receive}
        symbol={symbol}
        errors={errors}
        describedBy={[`${id}-reserve`, pair?.to.notify ? `${id}-notify` : ''].filter(Boolean)}
        onType={calc.typeReceive}
        onCommit={calc.commit}
      />
      <p id={`${id}-reserve`} className="mt-2 text-sm text-slate-600">
        {pair && (
          <>
            {t('reserve')}: <span className="tabular-nums">{displayAmount(pair.to.reserve, locale)}</span> {symbol}
          </>
        )}
      </p>
      <Notify id={`${id}-notify`} text={pair?.to.notify ?? ''} />
    </div>
  );
}

function CourseBar({ calc, locale }: { calc: Calculator; locale: Locale }) {
  const { t } = useTranslation('exchange');
  const { pair, from, to, status } = calc;
  let body;
  if (status === 'loading') {
    body = (
      <span className="flex items-center gap-2 text-slate-600">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        {t('loading')}
      </span>
    );
  } else if (status === 'failed') {
    body = (
      <span className="flex flex-wrap items-center gap-3 text-red-800">
        {t('loadFailed')}
        <button type="button" onClick={calc.retry} className="btn-ghost gap-1.5 py-1">
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('retry')}
        </button>
      </span>
    );
  } else if (!pair || !from || !to) {
    body = <span className="text-slate-700">{calc.sendOptions.length ? t('pairUnavailable') : t('noDirections')}</span>;
  } else {
    const line = courseLine(
      pair.course,
      { symbol: from.symbol, dp: pair.from.roundCalculator },
      { symbol: to.symbol, dp: pair.to.roundCalculator },
      locale,
    );
    const bonus = new Big(pair.bonus).gt(0);
    body = (
      <span className="flex flex-wrap items-center gap-x-6 gap-y-1">
        <span>
          <span className="text-slate-600">{t('course')}: </span>
          <span className="font-semibold text-ink tabular-nums" data-testid="course">
            {line.give} = {line.get}
          </span>
        </span>
        {bonus && <span className="text-emerald-800">{t('bonus', { bonus: pair.bonus })}</span>}
      </span>
    );
  }
  return (
    <div
      role="status"
      aria-live="polite"
      className="mt-5 rounded-xl bg-slate-50 px-4 py-3 text-sm ring-1 ring-slate-200"
    >
      {body}
    </div>
  );
}

type Side = 'from' | 'to';

/** The columns of the send and receive sides, with the swap button's width between them. */
const columns = 'md:grid-cols-[minmax(0,1fr)_2.75rem_minmax(0,1fr)] md:gap-x-4';

function Requisites({
  pair,
  errors,
  onCheck,
}: {
  pair: PairSettings;
  errors: FormErrors;
  onCheck: (side: Side, name: string, value: string) => void;
}) {
  const { t } = useTranslation('exchange');
  const sides = (['from', 'to'] as const)
    .map((side) => ({ side, inputs: pair.structure[side].inputs.filter((input) => input.visible) }))
    .filter((s) => s.inputs.length > 0);
  if (!sides.length) return null;
  return (
    <div className={`mt-6 grid gap-5 ${columns}`}>
      {sides.map(({ side, inputs }) => (
        <fieldset key={side} className={`space-y-4 ${side === 'from' ? 'md:col-start-1' : 'md:col-start-3'}`}>
          <legend className="mb-3 text-base font-semibold text-ink">{t(`details.${side}`)}</legend>
          {inputs.map((input) => (
            <RequisiteInput
              key={`${side}:${input.name}:${input.kind}`}
              side={side}
              input={input}
              errors={errors[`${side}Requisites.${input.name}`]}
              onCheck={onCheck}
            />
          ))}
        </fieldset>
      ))}
    </div>
  );
}

const inputMode = {
  card: 'numeric',
  phone: 'tel',
  email: 'email',
  iban: 'text',
  address: 'text',
  text: 'text',
} as const;

function RequisiteInput({
  side,
  input,
  errors,
  onCheck,
}: {
  side: Side;
  input: PairInput;
  errors: string[] | undefined;
  onCheck: (side: Side, name: string, value: string) => void;
}) {
  return (
    <Field
      label={input.label}
      name={`${side}Requisites.${input.name}`}
      type={input.kind === 'email' ? 'email' : input.kind === 'phone' ? 'tel' : 'text'}
      inputMode={inputMode[input.kind]}
      autoComplete={input.kind === 'email' ? 'email' : 'off'}
      autoCapitalize={input.kind === 'text' ? 'words' : 'off'}
      spellCheck={false}
      placeholder={input.example}
      required={input.required}
      defaultValue=""
      errors={errors}
      onBlur={(event) => onCheck(side, input.name, event.target.value)}
    />
  );
}

function Agreement({ errors, locale }: { errors: string[] | undefined; locale: Locale }) {
  const { t } = useTranslation('exchange');
  const id = useId();
  const invalid = !!errors?.length;
  return (
    <div>
      <div className="flex items-start gap-2.5">
        <input
          id={id}
          name="agree"
          type="checkbox"
          value="1"
          required
          className="mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-brand-600"
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
        />
        <label htmlFor={id} className="cursor-pointer text-sm text-slate-700">
          {t('agree')} {/* A new tab: following the link must not lose what the customer typed. */}
          <a href={href(locale, paths.rules)} target="_blank" rel="noopener" className="link">
            {t('agreeLink')}
          </a>
        </label>
      </div>
      {invalid && <ErrorList id={`${id}-error`} messages={errors} />}
    </div>
  );
}

function RateChangedNotice({
  rate,
  pair,
  locale,
  onAccept,
  disabled,
  calc,
}: {
  rate: RateChanged;
  pair: PairSettings;
  locale: Locale;
  onAccept: () => void;
  disabled: boolean;
  calc: Calculator;
}) {
  const { t } = useTranslation('exchange');
  const fromSymbol = calc.from?.symbol ?? '';
  const toSymbol = calc.to?.symbol ?? '';
  const line = courseLine(
    rate.course,
    { symbol: fromSymbol, dp: pair.from.roundCalculator },
    { symbol: toSymbol, dp: pair.to.roundCalculator },
    locale,
  );
  const figures = {
    give: line.give,
    get: line.get,
    from: `${displayAmount(rate.fromSumma, locale)} ${fromSymbol}`,
    to: `${displayAmount(rate.toSumma, locale)} ${toSymbol}`,
  };
  return (
    <div role="alert" className="mt-5 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
      <p className="font-semibold">{t('rateChanged.title')}</p>
      <p className="mt-1 text-sm">{t('rateChanged.text', figures)}</p>
      <button type="button" onClick={onAccept} disabled={disabled} className="btn-primary mt-3">
        {t('rateChanged.accept')}
      </button>
    </div>
  );
}

import { useEffect, useRef, useState, type Dispatch, type FormEvent, type RefObject, type SetStateAction } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useNavigate } from 'react-router';
import { catalogueMessage, translateFieldErrors, type FieldErrors } from '../../../shared/field-issues.ts';
import type { Locale } from '../../../shared/locales.ts';
import { href, paths } from '../../../shared/paths.ts';
import type { CaptchaCheck, PairSettings } from '../../../shared/schemas/exchange.ts';
import { exchangeApi, readRateChanged, type ClaimPayload, type RateChanged } from '../../lib/exchange/api.ts';
import { attemptKeys } from '../../lib/exchange/attempt.ts';
import { checkDraft } from '../../lib/exchange/draft-check.ts';
import { referralFromAddress } from '../../lib/exchange/url.ts';
import { proofFrom, type CaptchaHandle } from '../captcha/captcha.tsx';
import type { Calculator } from './use-calculator.ts';
import type { usePromocode } from './use-promocode.ts';

/**
 * Sending the claim (docs/product/behaviour.md): the form's own check first (the server's claim check, shared), then the captcha's
 * proof, then POST /api/v1/claim/ with an Idempotency-Key per attempt, and the claim's page. What the server answers
 * instead lands where it belongs: under a field, in the block above the button, as a new course to accept, or as
 * maintenance that disables the button.
 *
 * What a check said of the pair's own fields (its amounts and requisites), the messages above the button and a new rate
 * offered for it belong to that pair: another pair drops them (`pairField`). While a claim is on its way (`submitting`)
 * the form keeps what is being sent as it is (exchange-form.tsx): no other pair or amount can be chosen until the
 * answer, so the answer is always about the pair on screen.
 */

interface Options {
  calc: Calculator;
  locale: Locale;
  form: RefObject<HTMLFormElement | null>;
  promo: ReturnType<typeof usePromocode>;
  /** The form's one error map (the promocode field and the blur checks write to it too). */
  setErrors: Dispatch<SetStateAction<FieldErrors>>;
  setFieldErrors: (name: string, messages: string[] | null) => void;
  /** The message of the maintenance mode the page was rendered in; null when it is open. */
  maintenance: string | null;
}

export function useClaimSubmit({ calc, locale, form, promo, setErrors, setFieldErrors, ...initial }: Options) {
  const { t } = useTranslation('exchange');
  const navigate = useNavigate();
  const { pair, status, from, to } = calc;

  const [general, setGeneral] = useState<string[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const [maintenance, setMaintenance] = useState(initial.maintenance);
  const [rateChanged, setRateChanged] = useState<RateChanged | null>(null);
  const [captchaCheck, setCaptchaCheck] = useState<CaptchaCheck | null>(null);
  const [engaged, setEngaged] = useState(false);
  const captchaProof = useRef<string | null>(null);
  const captcha = useRef<CaptchaHandle>(null);
  const busy = useRef(false);
  const [attempts] = useState(() => attemptKeys());

  // Another pair chosen (a currency, a swap; a send currency whose receive list changes the other): the old pair's
  // messages go, in the same render, so no frame shows them under the new pair's fields. Its requisite fields are new
  // and empty even where a name is the same (`fromRequisites.card` of one bank and of another), and its amounts are
  // carried over and clamped anew (docs/product/behaviour.md, "The claim form's messages").
  const choice = `${from?.id ?? ''}>${to?.id ?? ''}`;
  const [shownFor, setShownFor] = useState(choice);
  if (shownFor !== choice) {
    setShownFor(choice);
    setRateChanged(null);
    setErrors(withoutPairFields);
    // What the server said above the button answered a claim of the old pair ("Not available.", no payment details,
    // too little reserve): the new pair is asked afresh at the next "Exchange".
    setGeneral([]);
  }

  // Which captcha to show (docs/product/api.md GET /claim/captchacheck); asked once the page is interactive.
  useEffect(() => {
    let live = true;
    void exchangeApi.captchaCheck(locale).then((answer) => {
      if (live && answer.ok) setCaptchaCheck(answer.data);
    });
    return () => {
      live = false;
    };
  }, [locale]);

  async function captchaProofNow(): Promise<string | null> {
    if (captchaCheck?.provider !== 'altcha') return '';
    if (captchaProof.current) return captchaProof.current;
    setEngaged(true);
    return proofFrom(captcha);
  }

  /** Sends the claim with the given amounts and pair (the accepted new rate passes its own). */
  async function send(element: HTMLFormElement, amounts: { send: string; receive: string }, settings: PairSettings) {
    if (busy.current || maintenance || !from || !to) return;
    const data = new FormData(element);
    const email = String(data.get('email') ?? '').trim();
    const draft = {
      fromSumma: amounts.send,
      toSumma: amounts.receive,
      fromRequisites: gather(data, settings, 'from'),
      toRequisites: gather(data, settings, 'to'),
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
      focusFirstError(element, found);
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
      const byField: FieldErrors = {};
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
      focusFirstError(element, byField);
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
    const committed = calc.commit();
    // The amount moved to a limit on this very submit (Enter in the field): the customer sees the new amount and its
    // notice before a claim is made with it, and sends again.
    if (committed.moved) {
      // A refused comma holds (the figure is not the one meant): the keyboard goes to the field whose hint says so.
      if (committed.held) {
        const field = event.currentTarget.elements.namedItem(committed.held === 'send' ? 'fromSumma' : 'toSumma');
        if (field instanceof HTMLElement) field.focus();
      }
      return;
    }
    void send(event.currentTarget, committed, pair);
  }

  function acceptRate() {
    if (!rateChanged || !form.current) return;
    const next = calc.acceptRate(rateChanged);
    if (next) void send(form.current, { send: rateChanged.fromSumma, receive: rateChanged.toSumma }, next);
  }

  return {
    general,
    submitting,
    maintenance,
    rateChanged,
    onSubmit,
    acceptRate,
    captcha: {
      check: captchaCheck,
      /** The customer started on the form: the captcha widget may load. */
      engaged,
      engage: () => setEngaged(true),
      handleRef: captcha,
      onProof: (proof: string | null) => {
        captchaProof.current = proof;
        if (proof) setFieldErrors('recaptcha', null);
      },
    },
  };
}

/** The requisites of one side as typed, by input name: only the visible inputs exist in the form (docs/product/behaviour.md). */
function gather(data: FormData, settings: PairSettings, side: 'from' | 'to') {
  const out: Record<string, string> = {};
  for (const input of settings.structure[side].inputs) {
    const value = data.get(`${side}Requisites.${input.name}`);
    if (input.visible && typeof value === 'string' && value.trim()) out[input.name] = value.trim();
  }
  return out;
}

/** A field of the pair's own: its amounts and its requisites (`fromSumma`, `toRequisites.address`). */
function pairField(name: string): boolean {
  return /^(from|to)(Summa$|Requisites\.)/.test(name);
}

/** The messages without the pair's own fields' (the same map when it has none of them). */
function withoutPairFields(errors: FieldErrors): FieldErrors {
  const names = Object.keys(errors);
  if (!names.some(pairField)) return errors;
  return Object.fromEntries(names.filter((name) => !pairField(name)).map((name) => [name, errors[name]!]));
}

function requisiteNames(pair: PairSettings): string[] {
  return (['from', 'to'] as const).flatMap((side) =>
    pair.structure[side].inputs.map((input) => `${side}Requisites.${input.name}`),
  );
}

/**
 * Focus goes to the first field, in the form's order, that has a message (it is tied to it by aria-describedby), and
 * the page shows what names it: its group's heading ("Реквизиты отправителя") when it is the group's first field, else
 * its label, below the sticky header (their `scroll-mt-20`, the header's height and a gap). The focus's own scroll
 * stopped at the field's margin and left the heading under the header.
 */
function focusFirstError(form: HTMLFormElement, errors: FieldErrors) {
  for (const element of Array.from(form.elements)) {
    const name = (element as HTMLInputElement).name;
    if (name && errors[name]?.length && element instanceof HTMLElement) {
      element.focus({ preventScroll: true });
      revealWithHeading(element);
      return;
    }
  }
}

function revealWithHeading(field: HTMLElement) {
  const group = field.closest('fieldset');
  const legend = group?.querySelector('legend');
  const heading = (legend && group?.elements[0] === field ? legend : (field as HTMLInputElement).labels?.[0]) ?? field;
  // A CSS length in pixels ("72px", the sticky header's room), not money: parseFloat is right here.
  const margin = parseFloat(getComputedStyle(heading).scrollMarginTop) || 0;
  // Only when something is out of sight: a field already in view with its heading does not make the page jump.
  if (heading.getBoundingClientRect().top < margin || field.getBoundingClientRect().bottom > window.innerHeight)
    heading.scrollIntoView({ block: 'start' });
}

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { Locale } from '../../../shared/locales.ts';
import type { PairSettings } from '../../../shared/schemas/exchange.ts';
import { exchangeApi } from '../../lib/exchange/api.ts';
import { readPromocode, refusalOf } from '../../lib/exchange/promocode.ts';
import type { Calculator } from './use-calculator.ts';

/**
 * The claim form's promocode: Apply asks the server for the pair's course with the code (POST /claim/promocode/) and
 * the calculator prices the claim with it. The code follows the customer: loading other pair settings (another pair,
 * a swap, the logged-in customer's own course) has it quoted again, and a code that no longer applies is dropped with
 * the server's message under the field. Only the latest check's answer counts. The e-mail is not sent: the preview
 * never looks one up (a guest's share of a code is judged when the claim is created, `refused` below).
 */

interface Options {
  calc: Calculator;
  locale: Locale;
  /** Messages under the promocode field (the form's one error map, shared with the claim's server errors). */
  setErrors: (messages: string[] | null) => void;
}

export function usePromocode({ calc, locale, setErrors }: Options) {
  const { t } = useTranslation('exchange');
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [checking, setChecking] = useState(false);
  /** The code the customer wants applied (being checked, or applied): what a new pair or e-mail is quoted for. */
  const wanted = useRef<string | null>(null);
  const ticket = useRef(0);
  const { basePair, promocode: applied } = calc;

  async function check(code: string, basis: PairSettings) {
    const mine = ++ticket.current;
    wanted.current = code;
    setChecking(true);
    const answer = await exchangeApi.promocode(locale, {
      promocode: code,
      fromPs: basis.fromCurrencyId,
      toPs: basis.toCurrencyId,
    });
    if (mine !== ticket.current) return;
    setChecking(false);
    if (answer.ok) {
      // False only when other settings arrived meanwhile: their own check is under way.
      if (calc.applyPromocode(answer.data, basis)) {
        setText(answer.data.promocode);
        setErrors(null);
      }
      return;
    }
    wanted.current = null;
    calc.dropPromocode();
    setOpen(true);
    setErrors(answer.network ? [t('networkError')] : (refusalOf(answer) ?? [t('promocode.failed')]));
  }

  // Other settings loaded with a code wanted: quote it for them (or drop it with the reason).
  useEffect(() => {
    const code = wanted.current;
    if (code && basePair && applied?.basis !== basePair) void check(code, basePair);
    // Only a change of the loaded settings asks again; `check` is a new function each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [basePair]);

  return {
    open,
    text,
    checking,
    applied,
    toggle: () => setOpen((value) => !value),
    type: (value: string) => setText(value),

    apply() {
      const read = readPromocode(text, locale);
      if ('error' in read) {
        setErrors([read.error]);
        return;
      }
      if (basePair) void check(read.code, basePair);
    },

    /** Drops the code: the course and the receive amount are the pair's own again. */
    remove() {
      ticket.current++;
      wanted.current = null;
      setChecking(false);
      setText('');
      setErrors(null);
      calc.dropPromocode();
    },

    /** The claim was refused over the code (used up meanwhile): it is dropped, the field shows why. */
    refused(messages: string[]) {
      ticket.current++;
      wanted.current = null;
      setChecking(false);
      setOpen(true);
      setErrors(messages);
      calc.dropPromocode();
    },

    /** A code typed but not applied is not sent silently: the customer applies or clears it first. */
    unappliedError(): string | null {
      if (applied || !text.trim()) return null;
      setOpen(true);
      return t('promocode.notApplied');
    },

    /** What the claim carries. */
    payloadCode: applied?.promocode,
  };
}

export type Promocode = ReturnType<typeof usePromocode>;

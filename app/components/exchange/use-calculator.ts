import Big from 'big.js';
import { useMemo, useRef, useState } from 'react';
import { format } from '../../../shared/exchange/calculator.ts';
import type { Locale } from '../../../shared/locales.ts';
import type { PairSettings } from '../../../shared/schemas/exchange.ts';
import {
  amountsFor,
  commitSend,
  initialSend,
  receiveOf,
  sameAmount,
  sendOf,
  typeAmount,
  typeAmountAtOnce,
  type Adjusted,
  type Refusal,
  type Typed,
} from '../../lib/exchange/amounts.ts';
import { readAmountText } from '../../../shared/format.ts';
import { coursesOf } from '../../../shared/exchange/quote.ts';
import { exchangeApi, type RateChanged } from '../../lib/exchange/api.ts';
import { receiveOptions, toOption, type CurrencyOption, type ExchangeInitial } from '../../lib/exchange/initial.ts';
import { withPromocode, type AppliedPromocode, type PromocodeQuote } from '../../lib/exchange/promocode.ts';
import { replaceQuery } from '../../lib/exchange/url.ts';

/**
 * The calculator's state (docs/product/behaviour.md): the chosen pair, the allowed receive list, the pair's settings and the two
 * amounts. Changing the send currency reloads the allowed list (GET /calculator/from/{id}/), falls back to its first
 * currency when the chosen one is not allowed, then reloads the pair. Only the latest change's answers are applied.
 *
 * A promocode's quote replaces the course while it belongs to the loaded pair settings (`basePair`): `pair` is what
 * the amounts, the course line and the claim use. Loading other settings leaves the quote behind until the form has
 * it quoted again for them.
 *
 * Settings arriving for the pair the customer has typed into keep their amount (amountsFor): a logged-in customer's
 * own course is loaded after the page, often while they type. What they typed is read when the answer arrives, not
 * when the request left.
 */

export type PairStatus = 'ready' | 'loading' | 'failed' | 'unavailable';

export interface Amounts {
  send: string;
  receive: string;
}

/**
 * What the form says next to an amount it changed (docs/product/behaviour.md, Calculator: no silent changes): the
 * send amount moved to a limit, or the receive amount the customer typed turned into another one because the send
 * amount it needs was rounded up.
 */
export type AmountNote = Adjusted | { kind: 'rounded'; typed: string; receive: string; send: string };

/** A keystroke or paste the amount field refused, and on which side (the hint stands there until the next change). */
/** Whether `value` is `before` with digits added at its end, all of them after position `at`. */
function digitsAfter(value: string, before: string, at: number): boolean {
  return value.length > before.length && value.startsWith(before) && /^\d+$/.test(value.slice(at));
}

export interface RefusedInput {
  side: Typed['side'];
  reason: Refusal;
  /** The side's decimal places, for the hint. */
  dp: number;
}

/** Loose amount precision while no pair is known (the pair's own decimals apply once it arrives). */
const anyDecimals = 18;

function startAmounts(pair: PairSettings | null): Amounts {
  if (!pair) return { send: '', receive: '' };
  const send = initialSend(pair);
  return { send, receive: receiveOf(pair, send) };
}

export function useCalculator(initial: ExchangeInitial, locale: Locale) {
  const { currencies } = initial;
  const byId = useMemo(() => new Map(currencies.map((c) => [c.id, c])), [currencies]);
  const sendOptions = useMemo(() => currencies.filter((c) => c.send), [currencies]);

  const [fromId, setFromId] = useState(initial.fromId);
  const [toId, setToId] = useState(initial.toId);
  const [toOptions, setToOptions] = useState<CurrencyOption[]>(() =>
    receiveOptions(currencies, initial.fromId === null ? undefined : byId.get(initial.fromId)),
  );
  const [basePair, setBase] = useState(initial.pair);
  const [promocode, setPromocode] = useState<AppliedPromocode | null>(null);
  const pair = useMemo(() => basePair && withPromocode(basePair, promocode), [basePair, promocode]);
  /** The settings loaded last, for answers that arrive after a render (a quote for settings since replaced). */
  const currentBase = useRef(initial.pair);
  const setPair = (next: PairSettings | null) => {
    currentBase.current = next;
    setBase(next);
  };
  const [status, setStatus] = useState<PairStatus>(initial.pair ? 'ready' : 'unavailable');
  const [amounts, setShownAmounts] = useState<Amounts>(() => startAmounts(initial.pair));
  /** The amounts as last set, for a commit that runs before the next render (the replay after hydration). */
  const shown = useRef(amounts);
  const setAmounts = (next: Amounts) => {
    shown.current = next;
    setShownAmounts(next);
  };
  /** Set when the last commit changed an amount (a limit, rounding): the form says so. */
  const [note, setNote] = useState<AmountNote | null>(null);
  const [refused, setRefused] = useState<RefusedInput | null>(null);
  /**
   * An English comma the field refused, and where: the digits typed right after it decide what it was. Three of them
   * make it the thousands' comma the customer typed ("1,500" is 1500); fewer or more ("10000,55", "1,5") build another
   * number than the one meant (1000055, 15), so the hint stays beside the field while they are typed, and a commit
   * (blur, submit) keeps it and stops the claim until the customer changes the amount (docs/product/behaviour.md).
   */
  const comma = useRef<{ side: Typed['side']; at: number; dp: number } | null>(null);
  /**
   * The customer has typed or picked an amount on this page. Until then an amount is the form's own (the pair's
   * start, carried to another pair) and moving it to a limit is not news: no notice after a pair change alone.
   */
  const touched = useRef(false);
  const latest = useRef(0);
  /** What the customer typed into the pair on screen; null until they do, and again when they pick another pair. */
  const typed = useRef<Typed | null>(null);
  /** The customer typed `value` into `side` (or picked it, or settled it): later settings derive from it. */
  const markTyped = (side: Typed['side'], value: string) => {
    touched.current = true;
    typed.current = { side, value };
  };

  /** New settings: the amounts follow what the customer typed, else the `carried` amount, else the pair's start. */
  function applyPair(next: PairSettings, carried: string | null) {
    setPair(next);
    setStatus('ready');
    const committed = amountsFor(next, typed.current, carried);
    setAmounts({ send: committed.send, receive: committed.receive });
    // A typed amount is not moved, so a message about an earlier move (commit) still holds. A carried amount the
    // customer never typed is the form's own: moving it needs no notice.
    if (!typed.current) setNote(touched.current ? committed.adjusted : null);
  }

  /** Another pair chosen: it has not been typed into yet, so what is carried over to it may be clamped. */
  function newPair() {
    typed.current = null;
    setNote(null);
    setRefused(null);
    comma.current = null;
  }

  async function loadPair(from: number, to: number, carried: string | null, ticket: number, writeUrl = true) {
    const answer = await exchangeApi.pair(locale, from, to);
    if (ticket !== latest.current) return;
    if (!answer.ok) {
      setPair(null);
      setStatus(answer.status === 404 ? 'unavailable' : 'failed');
      return;
    }
    applyPair(answer.data, carried);
    const fromCode = byId.get(from)?.code;
    const toCode = byId.get(to)?.code;
    if (writeUrl && fromCode && toCode) replaceQuery({ cur_from: fromCode, cur_to: toCode });
  }

  /** The receive list for `from`, then the pair with `wantedTo` if allowed, else with the first allowed currency. */
  async function load(from: number, wantedTo: number | null, carried: string | null) {
    const ticket = ++latest.current;
    setStatus('loading');
    const list = await exchangeApi.toList(locale, from);
    if (ticket !== latest.current) return;
    if (!list.ok) {
      setPair(null);
      setStatus(list.status === 404 ? 'unavailable' : 'failed');
      return;
    }
    const options = list.data.results.map(toOption);
    setToOptions(options);
    const to = options.find((o) => o.id === wantedTo) ?? options[0];
    setToId(to?.id ?? null);
    if (!to) {
      setPair(null);
      setStatus('unavailable');
      return;
    }
    await loadPair(from, to.id, carried, ticket);
  }

  const from = fromId === null ? undefined : byId.get(fromId);
  const to = toId === null ? undefined : byId.get(toId);
  const canSwap = !!from && !!to && to.send && to.ids.includes(from.id);

  return {
    sendOptions,
    toOptions,
    from,
    to,
    pair,
    status,
    amounts,
    note,
    refused,
    canSwap,

    /** The customer picked what to send. The amount stays when the money is the same (one RUB bank for another). */
    selectFrom(id: number) {
      if (id === fromId) return;
      const next = byId.get(id);
      setFromId(id);
      newPair();
      void load(id, toId, next && from && next.symbol === from.symbol ? amounts.send : null);
    },

    selectTo(id: number) {
      if (id === toId || fromId === null) return;
      setToId(id);
      newPair();
      const ticket = ++latest.current;
      setStatus('loading');
      void loadPair(fromId, id, amounts.send, ticket);
    },

    /** The reverse pair: what was received is now sent. */
    swap() {
      if (!canSwap || !from || !to) return;
      setFromId(to.id);
      newPair();
      void load(to.id, from.id, amounts.receive);
    },

    /** After a failed load: the same choice again (what the customer typed meanwhile still counts). */
    retry() {
      if (fromId !== null) void load(fromId, toId, amounts.send);
    },

    /**
     * Reloads the pair in place (a logged-in customer's own course). The amount the customer types before it arrives
     * stays; an untouched form starts again from the reloaded pair's minimum.
     */
    refresh() {
      if (fromId === null || toId === null) return;
      const ticket = ++latest.current;
      void loadPair(fromId, toId, null, ticket, false);
    },

    /**
     * A change of an amount field: accepted or refused whole (typeAmount); the other side follows. `replayed`: the
     * field's value as typed before the form's code arrived, taken as if typed now (docs/decisions/0012).
     */
    type(side: Typed['side'], raw: string, replayed = false) {
      const send = side === 'send';
      const dp = (send ? pair?.from : pair?.to)?.roundCalculator ?? anyDecimals;
      const before = send ? shown.current.send : shown.current.receive;
      const next = replayed ? typeAmountAtOnce(raw, dp, locale) : typeAmount(before, raw, dp, locale);
      const held = comma.current;
      // The digits as typed, before a leading zero is dropped: "0,5" key by key is "05" here and "5" in `next`, and
      // judged by `next` the comma's hold ended, so half a coin went on as five, unsaid.
      const typedDigits = readAmountText(raw, locale);
      if (next.refused === 'comma') comma.current = { side, at: before.length, dp };
      else if (!held || held.side !== side || !digitsAfter(typedDigits, before, held.at)) comma.current = null;
      // A whole group of three after it: the comma grouped thousands, as typed (never after a zero: "0,500" groups
      // nothing).
      else if (typedDigits === next.value && next.value.length - held.at === 3) comma.current = null;
      const standing = comma.current?.side === side ? comma.current : null;
      setRefused(next.refused ? { side, reason: next.refused, dp } : standing && { side, reason: 'comma', dp });
      if (next.value === before && !replayed) return;
      markTyped(side, next.value);
      // While a refused comma holds, the figure in the field is not the one meant ("1,5" stands as 15): the other side
      // prices nothing rather than the amount for 15 beside the hint.
      const other = !pair || standing ? '' : send ? receiveOf(pair, next.value) : sendOf(pair, next.value);
      setAmounts(send ? { send: next.value, receive: other } : { send: other, receive: next.value });
      setNote(null);
    },

    /** A limit the customer clicked becomes the send amount. */
    pickSend(value: string) {
      if (!pair) return;
      const committed = commitSend(pair, value);
      markTyped('send', committed.send);
      setAmounts({ send: committed.send, receive: committed.receive });
      setNote(null);
      setRefused(null);
      comma.current = null;
    },

    /**
     * The customer is done with an amount (blur, submit): clamp to the limits and settle the receive amount. Every
     * change is said (`note`); `moved` tells the submit that the send amount is not the one the customer saw.
     */
    commit(): Amounts & { moved: boolean; held?: Typed['side'] } {
      const current = shown.current;
      const held = comma.current;
      if (held) {
        // The digits after a refused comma are not a group of three: the amount is not the one meant. Said, not sent;
        // `held` names the field that says so (a submit takes the customer there).
        setRefused({ side: held.side, reason: 'comma', dp: held.dp });
        return { ...current, moved: true, held: held.side };
      }
      setRefused(null);
      if (!pair) return { ...current, moved: false };
      const committed = commitSend(pair, current.send);
      const before = typed.current;
      // Settled, the send amount is the customer's number, also when they had typed the receive one.
      if (before) markTyped('send', committed.send);
      setAmounts({ send: committed.send, receive: committed.receive });
      // A commit that changes nothing leaves what the form said last (the customer may not have read it yet).
      const said = committed.adjusted ?? roundedNote(before, committed);
      if (said) setNote(said);
      return { send: committed.send, receive: committed.receive, moved: committed.adjusted !== null };
    },

    /**
     * The server's new figures after a rate change, accepted by the customer. With the terms the new course is made
     * of, the settings take them (the breakdown then adds up to the new amount); without, only the course changes and
     * the breakdown stays hidden rather than wrong.
     */
    acceptRate({ course, fromSumma: send, toSumma: receive, terms }: RateChanged): PairSettings | null {
      if (!pair || !basePair) return null;
      const base = terms ? { ...basePair, course: coursesOf(terms).customer, breakdown: terms } : basePair;
      // With a code applied the server's course is the code's: the quote takes it, tied to the settings it prices.
      if (promocode && pair !== basePair) {
        if (base !== basePair) setPair(base);
        setPromocode({ ...promocode, basis: base, course });
      } else setPair({ ...base, course });
      // Written to the side's decimals, as the field writes a committed amount ("1500" -> "1500.00").
      // (readRateChanged accepts only decimals.)
      const shown = format(new Big(send), base.from.roundCalculator);
      markTyped('send', shown);
      setAmounts({ send: shown, receive });
      setNote(null);
      return { ...base, course };
    },

    /** Settings as loaded, without a promocode: what a quote is asked for. */
    basePair,
    /** The applied promocode while it belongs to the loaded settings. */
    promocode: pair && pair !== basePair ? promocode : null,

    /**
     * Applies a quote asked for `basis`, keeping the send amount and pricing the receive amount with the quoted
     * course. False when other settings were loaded meanwhile (the quote is for a pair no longer shown).
     */
    applyPromocode(quote: PromocodeQuote, basis: PairSettings): boolean {
      if (currentBase.current !== basis) return false;
      const applied = { ...quote, basis };
      setPromocode(applied);
      const current = shown.current;
      setAmounts({ send: current.send, receive: receiveOf(withPromocode(basis, applied), current.send) });
      return true;
    },

    /** Drops the code: the receive amount goes back to the pair's own course. */
    dropPromocode() {
      setPromocode(null);
      const base = currentBase.current;
      const current = shown.current;
      if (base) setAmounts({ send: current.send, receive: receiveOf(base, current.send) });
    },
  };
}

/**
 * The receive amount the customer typed, when settling it changed it: the send amount it needs is rounded up to the
 * send side's decimals, and that send amount buys a little more (100000 typed, 100002.19 received). Null otherwise.
 */
function roundedNote(typed: Typed | null, committed: Amounts): AmountNote | null {
  if (typed?.side !== 'receive' || !typed.value || sameAmount(typed.value, committed.receive)) return null;
  return { kind: 'rounded', typed: typed.value, receive: committed.receive, send: committed.send };
}

export type Calculator = ReturnType<typeof useCalculator>;

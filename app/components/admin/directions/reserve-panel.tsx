import Big from 'big.js';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { AdminCurrency, ReserveChange, ReserveMoved } from '../../../../shared/schemas/admin-directions.ts';
import { ambiguousDecimal, placesOf, readDecimal } from '../../../../shared/schemas/fields.ts';
import { catalogueMessage } from '../../../../shared/field-issues.ts';
import { formatMoney } from '../../../../shared/format.ts';
import { apiUrl, getJson } from '../../../lib/api.ts';
import { useLocale } from '../../../lib/locale.ts';
import { TextField } from '../../form/fields.tsx';
import { FormAlert } from '../../form/form-alert.tsx';
import { ConfirmRemove } from '../page-parts.tsx';
import { useConsoleForm, useFocusOnRefusal } from '../use-console-form.ts';
import { useUnsavedChanges } from '../unsaved-changes.tsx';
import { useConsoleTime } from '../../../lib/time-zone.ts';

/** A change as typed, and what the question before a debit says of it (figures as the console writes them). */
interface Debit {
  delta: string;
  reason: string;
  message: string;
  /** The reserve the question starts from: the server applies the debit only while the reserve is still that. */
  expected: string;
  /** Counts the questions asked: "Apply" pressed again asks anew, and the question takes the keyboard again. */
  asked: number;
}

/**
 * A currency's reserve change (signed amount + reason) and the last changes made by hand. A debit asks first, with the
 * reserve before and after as this page knows it, and is sent with that "before" (`expected`): claims' payouts and
 * other operators move the reserve meanwhile, and the server, which alone sees it under its lock, refuses a debit
 * whose figures no longer hold, answering the reserve as it is now; the next question starts from that. A debit that
 * would take the reserve this page knows below zero first reads the reserve again (another operator may have topped it
 * up since the page loaded): it asks from the figure now when that covers it, and is refused here with the server's
 * message, without a question, when it still does not; the server checks that again, and the rest too (the places).
 */
export function ReservePanel({
  currency,
}: {
  currency: Pick<AdminCurrency, 'id' | 'symbol' | 'decimals' | 'reserve'>;
}) {
  const { t } = useTranslation('adminDirections');
  const when = useConsoleTime();
  const locale = useLocale();
  const form = useConsoleForm<{ reserve: string }>();
  const [applied, setApplied] = useState<string | null>(null);
  const [history, setHistory] = useState<ReserveChange[] | null>(null);
  const [version, setVersion] = useState(0);
  const [debit, setDebit] = useState<Debit | null>(null);
  // The reserve a refused debit reported, over the figure the page had loaded (until the page reloads a newer one).
  const [fresh, setFresh] = useState<{ over: string; now: string } | null>(null);
  const reserve = fresh && fresh.over === currency.reserve ? fresh.now : currency.reserve;
  const revalidator = useRevalidator();
  const formRef = useRef<HTMLFormElement>(null);
  // The reserve is being read again before a debit the loaded figure would refuse (further submits wait for it).
  const [reading, setReading] = useState(false);
  const readingRef = useRef(false);
  // Counts edits of the form: one made while the reserve was read takes that submit back, as it takes a question back.
  const edits = useRef(0);
  const asked = useRef(0);
  const saved = useUnsavedChanges(formRef);
  useFocusOnRefusal(formRef, form.errors);
  // After an answer the button pressed is gone ("Yes, debit", "Cancel") or was disabled ("Apply" for a credit), which
  // drops the keyboard to <body>: a change applied takes it to the result, a question cancelled to the amount.
  const result = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (applied) result.current?.focus();
  }, [applied]);
  function cancelDebit() {
    setDebit(null);
    formRef.current?.querySelector<HTMLInputElement>('input[name="delta"]')?.focus();
  }

  useEffect(() => {
    const abort = new AbortController();
    getJson<{ results: ReserveChange[] }>(
      apiUrl(locale, `/api/v1/admin/currencies/${currency.id}/reserve-history/?size=10`),
      { signal: abort.signal },
    ).then(
      (res) => setHistory(res.ok ? res.data.results : []),
      () => {},
    );
    return () => abort.abort();
  }, [currency.id, locale, version]);

  async function apply(delta: string, reason: string, expected?: string) {
    setApplied(null);
    const res = await form.send('POST', `/api/v1/admin/currencies/${currency.id}/reserve/`, {
      delta,
      reason,
      expected,
    });
    // Answered either way: applied, or refused with the server's messages above and under the fields.
    if (res) setDebit(null);
    const moved = res && !res.ok ? (res.body as Partial<ReserveMoved> | null)?.current?.reserve : undefined;
    if (moved !== undefined) {
      // Refused: the reserve is no longer what the question said. The next question starts from the figure now, and
      // the page reads the currency again so its own figure is the current one too.
      setFresh({ over: currency.reserve, now: moved });
      setVersion((v) => v + 1);
      void revalidator.revalidate();
    }
    if (res?.ok) {
      setApplied(res.data.reserve);
      formRef.current?.reset();
      // Emptied by reset(), which fires no input event: nothing typed is at stake any more.
      saved();
      setVersion((v) => v + 1);
    }
  }

  /**
   * The reserve as the server has it now (GET of the currency, which writes nothing), or null when it cannot be read;
   * a figure other than the page's becomes the page's, and the page and the history are read again.
   */
  async function readReserve(): Promise<string | null> {
    readingRef.current = true;
    setReading(true);
    const res = await getJson<Pick<AdminCurrency, 'reserve'>>(
      apiUrl(locale, `/api/v1/admin/currencies/${currency.id}/`),
    ).catch(() => null);
    readingRef.current = false;
    setReading(false);
    const now = res?.ok && typeof res.data.reserve === 'string' ? res.data.reserve : null;
    if (now === null || new Big(now).eq(reserve)) return now;
    setFresh({ over: currency.reserve, now });
    setVersion((v) => v + 1);
    void revalidator.revalidate();
    return now;
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (readingRef.current) return;
    const data = new FormData(e.currentTarget);
    const delta = String(data.get('delta') ?? '').trim();
    const reason = String(data.get('reason') ?? '');
    const read = readDecimal(delta);
    const minus = read !== null && read !== ambiguousDecimal && read.startsWith('-') ? read : null;
    let from = reserve;
    let after = minus === null ? null : new Big(from).plus(minus);
    if (after?.lt(0) && minus !== null) {
      // The figure the page loaded would refuse it, but another operator may have topped the reserve up since: the
      // server's figure decides (unreadable, the page's stands; the server checks again under its lock either way).
      const mark = edits.current;
      const now = await readReserve();
      if (edits.current !== mark) return;
      if (now !== null) {
        from = now;
        after = new Big(now).plus(minus);
      }
    }
    if (after?.lt(0)) {
      // Refused here with the server's message, before a question nobody can answer yes to (a missing reason named
      // with it, as the server's one answer would).
      form.refuse({
        delta: [
          catalogueMessage('field_reserve_below_zero', locale, {
            reserve: from,
            symbol: currency.symbol,
            decimals: currency.decimals,
          }),
        ],
        ...(reason.trim() ? {} : { reason: [catalogueMessage('field_required', locale)] }),
      });
      setApplied(null);
      setDebit(null);
      return;
    }
    // A credit applies at once: it only adds to what can be paid out, and a mistaken one is taken back by a debit,
    // which asks. A value that does not read as a number, or a change without a reason, goes straight to the server,
    // which refuses it with its field message and changes nothing.
    if (minus === null || after === null || !reason.trim()) {
      void apply(delta, reason);
      return;
    }
    setApplied(null);
    // The question is this submit's answer: the last refusal's messages go (a reason typed since is not missing).
    form.reset();
    // Every place typed is shown (a figure past the currency's own places is refused by the server, not rounded here).
    const unit = { symbol: currency.symbol, decimals: Math.max(currency.decimals, placesOf(minus)) };
    setDebit({
      delta,
      reason,
      expected: from,
      asked: (asked.current += 1),
      message: t('currencies.confirmDebit', {
        from: formatMoney(from, currency, locale),
        to: formatMoney(after.toFixed(), unit, locale),
        amount: formatMoney(minus.slice(1), unit, locale),
      }),
    });
  }

  return (
    <div className="mt-3 grid gap-4 rounded-xl bg-slate-50 p-4 lg:grid-cols-2">
      <form
        ref={formRef}
        onSubmit={(e) => void submit(e)}
        // The question is about what was typed when it was asked: typing again takes it back.
        onChange={() => {
          edits.current += 1;
          setDebit(null);
        }}
        noValidate
        data-testid="reserve-form"
      >
        <FormAlert messages={form.general} />
        <TextField name="delta" label={t('currencies.delta')} inputMode="decimal" errors={form.field('delta')} />
        <TextField
          name="reason"
          label={t('currencies.reason')}
          className="mt-3"
          maxLength={500}
          errors={form.field('reason')}
        />
        <button
          type="submit"
          className="btn-primary mt-3"
          aria-busy={form.busy || reading || undefined}
          // Not disabled while the reserve is read (submits wait on their own): the focus stays on the button.
          disabled={form.busy}
        >
          {t('currencies.apply')}
        </button>
        {/* The question takes the keyboard when it appears ("Apply", which asked, stays where it is). */}
        {debit && (
          <ConfirmRemove
            key={debit.asked}
            focus
            message={debit.message}
            yes={t('currencies.debit')}
            busy={form.busy}
            errors={[]}
            onYes={() => void apply(debit.delta, debit.reason, debit.expected)}
            onCancel={cancelDebit}
          />
        )}
        {applied && (
          <p
            ref={result}
            tabIndex={-1}
            role="status"
            className="mt-2 rounded-md text-sm text-emerald-700 outline-none focus-visible:ring-2 focus-visible:ring-emerald-300"
          >
            {t('currencies.applied', { reserve: formatMoney(applied, currency, locale) })}
          </p>
        )}
      </form>
      <div>
        <h3 className="text-sm font-semibold text-slate-700">{t('currencies.history')}</h3>
        {history === null ? null : history.length ? (
          <ul className="mt-2 space-y-2 text-sm" data-testid="reserve-history">
            {history.map((h) => (
              <li key={h.id} className="rounded-lg bg-white p-2 ring-1 ring-slate-200">
                <span
                  className={`font-medium tabular-nums ${h.delta.startsWith('-') ? 'text-red-700' : 'text-emerald-700'}`}
                >
                  {formatMoney(h.delta.startsWith('-') ? h.delta : `+${h.delta}`, currency, locale)}
                </span>{' '}
                → {formatMoney(h.reserveAfter, currency, locale)} · {h.reason}
                <span className="block text-xs text-slate-500">
                  {when(h.at)} · {t('currencies.by')} {h.actor}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-600">{t('currencies.historyEmpty')}</p>
        )}
      </div>
    </div>
  );
}

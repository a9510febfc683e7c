import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { LoaderCircle } from '../icons/loader-circle.tsx';
import { sameTerms } from '../../../shared/exchange/claim-display.ts';
import { formatCourse, formatMoney, sameDecimal } from '../../../shared/format.ts';
import type { ClaimOffer } from '../../../shared/schemas/exchange.ts';
import { apiUrl, postJson, type DrfErrors } from '../../lib/api.ts';
import { useLocale } from '../../lib/locale.ts';
import { Field } from '../exchange/form-parts.tsx';
import { claimTerms, type ClaimView, type RequisiteInputView } from './claim-view.ts';
import { Countdown } from './countdown.tsx';
import { ClaimStepError, ClaimStepForm } from './claim-step-form.tsx';
import { requisiteInputMode, requisiteInputType } from '../../lib/exchange/requisite-keyboard.ts';
import { claimPanelStrings } from '../../i18n/claim-strings.ts';
import { preloadStrings, useLocaleStrings } from '../../i18n/locale-strings.ts';

// The panels' strings start loading with this module (i18n/locale-strings.ts).
void preloadStrings(claimPanelStrings);

function RequisiteField({ input, errors }: { input: RequisiteInputView; errors: string[] | undefined }) {
  return (
    <Field
      label={input.label}
      name={input.name}
      type={requisiteInputType[input.kind]}
      inputMode={requisiteInputMode[input.kind]}
      autoComplete={input.kind === 'email' ? 'email' : 'off'}
      autoCapitalize={input.kind === 'text' ? 'words' : 'off'}
      spellCheck={false}
      placeholder={input.example}
      required={input.required}
      maxLength={256}
      errors={errors}
    />
  );
}

/**
 * One term of the offer beside the claim's own: the old value struck and the new one when it changed; one value marked
 * "unchanged" across both columns when it did not (struck, it would read as changed).
 */
function Term({
  label,
  was,
  now,
  changed,
  unchanged,
  className,
  testId,
}: {
  label: string;
  was: string;
  now: string;
  changed: boolean;
  unchanged: string;
  className: string;
  testId: string;
}) {
  return (
    <tr>
      <th scope="row" className="py-2 pr-3 align-top font-medium text-slate-600">
        {label}
      </th>
      {changed ? (
        <>
          <td className="py-2 pr-3 align-top text-slate-600">
            <span className="line-through decoration-slate-400" data-testid={`${testId}-was`}>
              {was}
            </span>
          </td>
          <td className={`py-2 align-top text-ink ${className}`} data-testid={testId}>
            {now}
          </td>
        </>
      ) : (
        <td colSpan={2} className="py-2 align-top">
          <span className={`text-ink ${className}`} data-testid={testId}>
            {now}
          </span>{' '}
          <span className="whitespace-nowrap text-slate-600">({unchanged})</span>
        </td>
      )}
    </tr>
  );
}

type Answer = 'accept' | 'refund';

/**
 * A re-quote (status `requoted`): the original terms beside the operator's offer (rate and amount to receive), the
 * time the offer holds, and the customer's two answers — accept (POST /claim/{id}/accept/) or ask for the money back
 * (POST /claim/{id}/refund/ with the send side's requisites, checked by the server as a new claim's are: errors come
 * keyed `requisites.<name>` and show at their fields). An offer past its time can no longer be accepted; a refund
 * can still be asked for, and the operator may offer again. The lapse is told by the status panel around this one
 * and the page's badge (`onLapse`), in one place: a box here repeated it under a heading still asking to accept.
 */
export function OfferPanel({
  claim,
  offer,
  serverNow,
  onAnswered,
  onRefresh,
  onLapse,
}: {
  claim: ClaimView;
  offer: ClaimOffer;
  /** The server's clock for the first render, when the page was loaded with this offer; null for a later one. */
  serverNow: number | null;
  onAnswered: (answer: Answer) => void;
  onRefresh: () => void;
  /** The offer's time passed (on load, by the countdown, or an accept refused): the page's badge and panel say so. */
  onLapse?: (validUntil: string) => void;
}) {
  useLocaleStrings(claimPanelStrings);
  const { t } = useTranslation('claimPanels');
  const { t: tClaim } = useTranslation('claim');
  const locale = useLocale();
  const [now] = useState(() => serverNow ?? Date.now());
  const [expired, setExpired] = useState(() => Date.parse(offer.validUntil) <= now);
  const [refundOpen, setRefundOpen] = useState(false);
  const [sending, setSending] = useState<Answer | null>(null);
  const [errors, setErrors] = useState<DrfErrors | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const refundButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // The claim's own terms offered again are confirmed, not accepted as a new rate (the status panel says so above).
  const same = sameTerms(offer, claimTerms(claim));
  const title = t(same ? 'offer.titleSame' : 'offer.title');

  useEffect(() => {
    if (expired) onLapse?.(offer.validUntil);
  }, [expired, onLapse, offer.validUntil]);

  useEffect(() => {
    if (refundOpen) form.current?.querySelector<HTMLElement>('input')?.focus();
    else if (wasOpen.current) refundButton.current?.focus();
    wasOpen.current = refundOpen;
  }, [refundOpen]);

  useEffect(() => {
    if (errors && Object.keys(errors.fields).length)
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  async function answer(kind: Answer, body: unknown) {
    if (sending) return;
    setSending(kind);
    setErrors(null);
    const path = kind === 'accept' ? 'accept' : 'refund';
    const res = await postJson(apiUrl(locale, `/api/v1/claim/${encodeURIComponent(claim.uuid)}/${path}/`), body);
    setSending(null);
    if (res.ok) {
      onAnswered(kind);
      return;
    }
    if (res.network) {
      setErrors({ general: [tClaim('pay.offline')], fields: {} });
      return;
    }
    // The server names a requisite's problem as `requisites.<name>`: each goes to its field.
    const fields = Object.fromEntries(
      Object.entries(res.errors.fields).map(([key, messages]) => [key.replace(/^requisites\./, ''), messages]),
    );
    const general = res.errors.general.length || Object.keys(fields).length ? res.errors.general : [t('offer.failed')];
    setErrors({ general, fields });
    if (res.status === 409) {
      // Past its time (claim_offer_expired) or answered elsewhere: say so, and read where the claim is now.
      if (kind === 'accept') setExpired(true);
      onRefresh();
    }
  }

  function refund(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const requisites = Object.fromEntries(claim.refundInputs.map((i) => [i.name, String(data.get(i.name) ?? '')]));
    void answer('refund', { requisites });
  }

  return (
    <div className="mt-4 rounded-xl bg-white p-3 ring-1 ring-slate-200 sm:p-5" data-testid="offer-panel">
      {/* One column that may shrink below its content on a phone; the table scrolls inside the card, never past it. */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-[minmax(0,1fr)_auto] md:items-start">
        {/* Scrolls sideways on a narrow phone: reachable by keyboard then (axe scrollable-region-focusable). */}
        <div
          className="focus-ring min-w-0 overflow-x-auto"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus (WCAG 2.1.1)
          tabIndex={0}
          role="region"
          aria-label={title}
          data-testid="offer-table-scroll"
        >
          <table className="w-full text-left text-sm" data-testid="offer-table">
            <caption className="mb-2 text-left text-base font-semibold text-ink">
              {title}
              <span className="sr-only">: {t(same ? 'offer.captionSame' : 'offer.caption')}</span>
            </caption>
            {/* Was and new only where something changed: an offer of the claim's own terms has nothing to compare. */}
            {!same && (
              <thead>
                <tr className="text-slate-600">
                  <th scope="col" className="py-1.5 pr-3 font-medium">
                    <span className="sr-only">{t('offer.term')}</span>
                  </th>
                  <th scope="col" className="py-1.5 pr-3 font-medium">
                    {t('offer.was')}
                  </th>
                  <th scope="col" className="py-1.5 font-semibold text-ink">
                    {t('offer.now')}
                  </th>
                </tr>
              </thead>
            )}
            <tbody className={`divide-y divide-slate-100 ${same ? '' : 'border-t border-slate-200'}`}>
              <Term
                label={t('offer.rate')}
                was={claim.rate.text}
                now={formatCourse(offer.course, claim.from.currency, claim.to.currency, locale).text}
                changed={!sameDecimal(offer.course, claim.course)}
                unchanged={t('offer.unchanged')}
                className="font-semibold"
                testId="offer-rate"
              />
              <Term
                label={t('offer.receive')}
                was={formatMoney(claim.to.amount, claim.to.currency, locale)}
                now={formatMoney(offer.toSumma, claim.to.currency, locale)}
                changed={!sameDecimal(offer.toSumma, claim.to.amount)}
                unchanged={t('offer.unchanged')}
                className="text-lg font-bold"
                testId="offer-receive"
              />
            </tbody>
          </table>
        </div>
        {!expired && (
          <Countdown
            key={offer.validUntil}
            deadline={offer.validUntil}
            serverNow={now}
            texts="offerCountdown"
            onExpire={() => setExpired(true)}
          />
        )}
      </div>

      {offer.droppedPromocode && (
        <p
          className="mt-4 rounded-lg bg-amber-50 px-3.5 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
          data-testid="offer-promocode-dropped"
        >
          {t('offer.promocodeDropped', { code: offer.droppedPromocode })}
        </p>
      )}

      {!refundOpen && (
        <>
          <ClaimStepError error={errors?.general[0]} />
          <div className="mt-4 flex flex-wrap gap-3">
            {!expired && (
              <button
                type="button"
                className="btn-primary w-full gap-2 px-5 py-2.5 sm:w-auto"
                aria-disabled={sending !== null || undefined}
                onClick={() => void answer('accept', {})}
                data-testid="offer-accept"
              >
                {sending === 'accept' && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
                {sending === 'accept' ? t('offer.accepting') : t(same ? 'offer.acceptSame' : 'offer.accept')}
              </button>
            )}
            <button
              ref={refundButton}
              type="button"
              className="btn-secondary w-full px-5 py-2.5 sm:w-auto"
              aria-expanded={false}
              disabled={sending !== null}
              onClick={() => {
                setErrors(null);
                setRefundOpen(true);
              }}
              data-testid="offer-refund"
            >
              {t('offer.refund')}
            </button>
          </div>
        </>
      )}

      {refundOpen && (
        <ClaimStepForm
          ref={form}
          onSubmit={refund}
          titleId="claim-refund-title"
          title={t('offer.refundTitle')}
          text={
            claim.refundInputs.length
              ? t('offer.refundText', { currency: claim.from.currency.name })
              : t('offer.refundNoInputs')
          }
          className="mt-4 border-t border-slate-200 pt-4"
          testId="refund-form"
          error={errors?.general[0]}
          sending={sending === 'refund'}
          locked={sending !== null}
          submit={{
            label: t('offer.refundSubmit'),
            sendingLabel: t('offer.refundSending'),
            testId: 'refund-submit',
            className: 'w-full px-5 py-2.5 sm:w-auto',
          }}
          cancel={{
            label: t('offer.cancel'),
            onClick: () => {
              setRefundOpen(false);
              setErrors(null);
            },
            className: 'w-full px-5 py-2.5 sm:w-auto',
          }}
        >
          <div className="grid gap-4">
            {claim.refundInputs.map((input) => (
              <RequisiteField key={input.name} input={input} errors={errors?.fields[input.name]} />
            ))}
          </div>
        </ClaimStepForm>
      )}
    </div>
  );
}

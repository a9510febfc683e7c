import type { ClaimTerms } from '../../../shared/exchange/claim-display.ts';
import type { Quote, QuoteLine } from '../../../shared/exchange/quote.ts';
import type { CourseLine } from '../../../shared/format.ts';
import type { InputKind } from '../../../shared/exchange/requisites.ts';
import { customerMarkedPaid } from '../../../shared/claim-statuses.ts';
import type { ClaimStatusValue, currencyKindValues } from '../../../shared/schemas/exchange.ts';

type CurrencyKind = (typeof currencyKindValues)[number];

/** What the claim page's loader hands to its components (app/routes/claim/claim.tsx): small, masked, localized. */

export interface ClaimCurrencyView {
  code: string;
  name: string;
  symbol: string;
  decimals: number;
  network: string | null;
  logo: string;
  kind: CurrencyKind | null;
}

interface RequisiteView {
  name: string;
  label: string;
  /** Masked where sensible (claim-format.ts maskRequisite). */
  value: string;
}

export interface ClaimSideView {
  currency: ClaimCurrencyView;
  amount: string;
  requisites: RequisiteView[];
}

export interface PaymentView {
  amount: string;
  currency: ClaimCurrencyView;
  /** Null when no operator details were free at creation: they come by e-mail. */
  details: {
    label: string;
    value: string;
    holder: string | null;
    memo: string | null;
    /** The wallet link (BIP21, EIP-681, ton://) the QR code carries; null: the QR shows the bare address. */
    uri: string | null;
    /** The QR code's SVG markup for a crypto pay-in (drawn by the loader, app/routes/claim/qr-svg.server.ts). */
    qr: string | null;
  } | null;
  /** The direction's own notice for the send side (e.g. "send on the TRC20 network only"). */
  notice: string | null;
}

/** The claim's own terms (shared/exchange/claim-display.ts): what an offer and the history are held to. */
export function claimTerms(claim: Pick<ClaimView, 'course' | 'to'>): ClaimTerms {
  return { course: claim.course, toSumma: claim.to.amount };
}

/**
 * What the claim page's payment card is in a status: `pay`, where and how to pay ('new' only: the Copy buttons, the QR
 * code, "Open in wallet", the countdown, "I have paid"); a record once paying is no longer the customer's next step,
 * `paid` ("You paid") when the customer said they paid, `details` ("Payment details") for a claim an operator held or
 * processed straight from 'new'; or none. A record has nothing to copy or scan: a customer who paid must not be
 * invited to pay again. After the window (expired, requoted, refund_requested…) and once done there is no card: an
 * expired claim asks "I already paid" instead, whose form needs no details, and the letters keep them.
 */
export function paymentCard(
  status: ClaimStatusValue,
  history: readonly { status: string; actor: string }[],
): 'pay' | 'paid' | 'details' | null {
  if (status === 'new') return 'pay';
  if (!recordStatuses.includes(status)) return null;
  return customerMarkedPaid(history) ? 'paid' : 'details';
}

/**
 * Statuses in which the money may have been sent and the claim is not done: the payment details stay on the page for
 * the customer to check what they sent and where.
 */
const recordStatuses: readonly ClaimStatusValue[] = ['paid', 'processing', 'hold', 'late_payment'];

/** A pay-in to a wallet: the page shows a QR code and "Open in wallet". */
export function paysToWallet(currency: ClaimCurrencyView): boolean {
  return currency.kind === 'crypto' || (currency.kind === null && currency.network !== null);
}

/** A requisite field to fill (a refund's details): the send currency's input, labelled in the page's language. */
export interface RequisiteInputView {
  name: string;
  label: string;
  kind: InputKind;
  required: boolean;
  /** A value that passes the input's rules: the placeholder. */
  example: string;
}

export interface ClaimView {
  uuid: string;
  createdAt: string;
  email: string;
  from: ClaimSideView;
  to: ClaimSideView;
  /** The claim's course, a decimal string: with `to.amount`, the terms an offer is compared with (`claimTerms`). */
  course: string;
  /** The locked rate as every page writes it ("1 USDT = 94,90 RUB", shared/format.ts). */
  rate: CourseLine;
  /** The price as quoted at creation (frozen on the claim); null for claims older than breakdowns. */
  breakdown: { quote: Quote; lines: QuoteLine[] } | null;
  /** The claim's promocode an accepted re-quote offer left out: its breakdown (the claim's now) is without it. */
  droppedPromocode: string | null;
  payment: PaymentView;
  /**
   * Where a refund can go: the send currency's visible requisite inputs (the server checks POST /claim/{id}/refund/
   * against the same ones).
   */
  refundInputs: RequisiteInputView[];
  /** Where the customer asked the refund to go, masked and labelled; null until a refund is asked for. */
  refund: RequisiteView[] | null;
}

import type { RequisiteInput } from './requisites.ts';
import { sameDecimal } from '../format.ts';
import type { Locale } from '../locales.ts';

/**
 * How a claim's details are shown to its customer, the same on the claim page and in the claim's e-mails (monitors ask
 * that both carry the same key parameters); its figures are written by shared/format.ts.
 */

/**
 * A claim's number as the customer quotes it: its uuid's first 8 characters, upper case ("5C75D238"). One spelling on
 * the claim page, in the account's list, in letters, in the referral history and in the console (whose search takes
 * it in either case, docs/admin/claims.md).
 */
export function claimNumber(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

/**
 * Labels from the currency's inputs (ru/en); values the inputs no longer name follow under their own name. The values
 * must come masked already where they are the customer's (shared/exchange/mask.ts).
 */
export function labelledRequisites(
  values: Record<string, string>,
  inputs: RequisiteInput[],
  locale: Locale,
): { name: string; label: string; value: string }[] {
  const known = inputs.filter((i) => i.name in values);
  const rest = Object.keys(values).filter((name) => !inputs.some((i) => i.name === name));
  return [
    ...known.map((i) => ({ name: i.name, label: i.label[locale] || i.label.ru, value: values[i.name]! })),
    ...rest.map((name) => ({ name, label: name, value: values[name]! })),
  ];
}

/** Terms of an exchange: its course and the amount to receive (a claim's own, an offer's, a history row's). */
export interface ClaimTerms {
  course: string;
  toSumma: string;
}

/**
 * Whether two terms are the same: the same course and the same amount to receive, as numbers ("91500.5" is
 * "91500.500000", the offer's numeric scale). A re-quote on the claim's own terms is no new rate (decision 0025:
 * nothing said that did not happen): the customer is asked to confirm the order, and every place says so alike — the
 * re-quote letter, the status answer's message, the claim page's badge, status and offer panels and timeline, the
 * account's list and the console's claim (docs/product/claims.md).
 */
export function sameTerms(a: ClaimTerms, b: ClaimTerms): boolean {
  return sameDecimal(a.course, b.course) && sameDecimal(a.toSumma, b.toSumma);
}

/**
 * What a re-quote offer changes of the claim's terms, as every place tells the customer: nothing (`sameTerms`, a
 * confirmation to give), only the promocode's discount (the server's `promocodeOnly`: the market rate did not move,
 * the code no longer applies), or the rate. Decision 0025: nothing said that did not happen.
 */
export function offerChange(
  offer: ClaimTerms & { promocodeOnly: boolean },
  terms: ClaimTerms,
): 'sameTerms' | 'promocode' | 'rate' {
  if (sameTerms(offer, terms)) return 'sameTerms';
  return offer.promocodeOnly ? 'promocode' : 'rate';
}

/**
 * Whether an offer's time has passed (`validUntil` at or before `now`, ms). The claim stays `requoted` until the
 * operator offers again or refunds (the server moves nothing by itself), so what the customer reads of it (the claim
 * page's badge and panels, the status answer's message) says the offer lapsed rather than still asking for an answer
 * that can no longer be given (POST .../accept/ is refused with `claim_offer_expired`). `validUntil` is the offer's
 * ISO time as the API writes it, or the database row's Date as the server reads it (no round trip through a string).
 */
export function offerLapsed(offer: { validUntil: string | Date }, now: number): boolean {
  return new Date(offer.validUntil).getTime() <= now;
}

interface TermsRow {
  status: string;
  actor: string;
  /** A re-quote's offer, or (on accepting one) the terms it replaced. */
  amounts: ClaimTerms | null;
}

/** The customer's acceptance of an offer: its history row keeps the terms the offer replaced. */
export function isAcceptance(row: TermsRow): boolean {
  return row.status === 'processing' && row.actor === 'customer' && row.amounts !== null;
}

/**
 * For each history row, whether it is on the claim's own terms: a re-quote that offered them again, or the acceptance
 * of such an offer (a confirmation, not a new rate). Terms change only when an offer is accepted, so a re-quote is held
 * to the terms the next acceptance replaced, or to the claim's `current` ones when none came yet; an acceptance to the
 * offer before it. Read from the history alone where it can be: the page learns of an acceptance before it reads the
 * claim's new terms.
 */
export function ownTermsRows(history: readonly TermsRow[], current: ClaimTerms): boolean[] {
  return history.map((row, i) => {
    if (!row.amounts) return false;
    if (isAcceptance(row)) {
      let offer: ClaimTerms | null = null;
      for (let j = i - 1; j >= 0 && !offer; j--) if (history[j]!.status === 'requoted') offer = history[j]!.amounts;
      return offer !== null && sameTerms(offer, row.amounts);
    }
    if (row.status !== 'requoted') return false;
    const replaced = history.slice(i + 1).find(isAcceptance)?.amounts ?? current;
    return sameTerms(row.amounts, replaced);
  });
}

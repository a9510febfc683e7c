import Big from 'big.js';
import { plain } from '../../../shared/exchange/calculator.ts';
import { explorerLink } from '../../../shared/exchange/explorer.ts';
import { claimNumber, offerLapsed, sameTerms } from '../../../shared/exchange/claim-display.ts';
import { maskEmail, maskRequisites } from '../../../shared/exchange/mask.ts';
import { walletUri } from '../../../shared/exchange/wallet-uri.ts';
import { customerMarkedPaid, type ClaimStatus } from '../../../shared/claim-statuses.ts';
import { coursesOf, type Quote } from '../../../shared/exchange/quote.ts';
import type { Locale } from '../../../shared/locales.ts';
import type { MyClaim } from '../../../shared/schemas/my-claims.ts';
import { statusMessage } from './mails.ts';
import type { ClaimRow, ClaimsRepository } from './repository.ts';

/**
 * What the customer reads of claims: the account's list and the claim page's three answers (form, where to pay,
 * status with history). Kept apart from the lifecycle in service.ts; `read` is the service's, so a claim past its
 * deadline is expired before anyone sees it.
 */
/** `code` when a breakdown was priced without it (its discount is 0), else null. */
function leftOut(code: string | null, breakdown: Quote | null): string | null {
  return code && breakdown && new Big(breakdown.promocodePercent).eq(0) ? code : null;
}

/**
 * The claim's promocode when the price the claim carries leaves it out: the customer accepted an offer priced without
 * it (used up or expired meanwhile, `offerOf`), whose breakdown became the claim's. A claim is only ever created with
 * a code that applies, so its own frozen breakdown leaves a code out only after such an acceptance; while an offer
 * waits the claim's breakdown is still its own. Null when the code applies, when there is none, or without a breakdown.
 */
export function droppedPromocodeOf(claim: ClaimRow): string | null {
  return leftOut(claim.promocode, claim.breakdown);
}

/**
 * What an offer at `course`, priced as `breakdown`, changes of the claim's promocode: the code when the offer leaves it
 * out (used up or expired meanwhile: said beside the offer, never dropped silently, decision 0025; null when kept, when
 * there was none, or for an offer made before offers kept their breakdown), and whether that is all it changes
 * (`promocodeOnly`: its course is the claim's own before the promocode's discount, `coursesOf` of the claim's frozen
 * breakdown, so the rate did not move; false without a breakdown to tell by). The offer made and the console's preview
 * of one (after-window.ts) both say it this way.
 */
export function promocodeChange(claim: ClaimRow, course: string, breakdown: Quote | null) {
  const droppedPromocode = leftOut(claim.promocode, breakdown);
  const promocodeOnly =
    droppedPromocode !== null && !!claim.breakdown && new Big(course).eq(coursesOf(claim.breakdown).customer);
  return { droppedPromocode, promocodeOnly };
}

/** The operator's offer while a claim is `requoted` (the customer's page and the console show the same). */
export function offerOf(claim: ClaimRow) {
  if (claim.status !== 'requoted' || !claim.offerCourse || !claim.offerToAmount || !claim.offerValidUntil) return null;
  const course = plain(claim.offerCourse);
  return {
    course,
    toSumma: plain(claim.offerToAmount),
    validUntil: claim.offerValidUntil.toISOString(),
    // The customer is told what changed: the discount alone is no "the rate changed" (decision 0025).
    ...promocodeChange(claim, course, claim.offerBreakdown ?? null),
  };
}

/**
 * Whether the claim waits for an answer to an offer of its own course and amount (`sameTerms`): what the customer reads
 * of it (the status answer's message, the account list's name) asks to confirm the order instead of naming a new rate.
 * The status stays `requoted`, the API's value.
 */
function offersOwnTerms(
  claim: Pick<ClaimRow, 'status' | 'course' | 'toAmount' | 'offerCourse' | 'offerToAmount'>,
): boolean {
  return (
    claim.status === 'requoted' &&
    !!claim.offerCourse &&
    !!claim.offerToAmount &&
    sameTerms(
      { course: plain(claim.offerCourse), toSumma: plain(claim.offerToAmount) },
      { course: plain(claim.course), toSumma: plain(claim.toAmount) },
    )
  );
}

/** A history row's amounts (a re-quote's offer, or what an accepted offer replaced), as decimal strings. */
export function historyAmounts(row: { amounts: { course: string; toSumma: string } | null }) {
  return row.amounts ? { course: plain(row.amounts.course), toSumma: plain(row.amounts.toSumma) } : null;
}

/**
 * The proof that the money left: a completed claim's payout went out in the receive currency, a refund in the send
 * currency; crypto currencies link the reference to their block explorer (the console's `explorerUrl` template).
 */
async function payoutOfClaim(repo: ClaimsRepository, claim: ClaimRow) {
  if (!claim.payoutReference || (claim.status !== 'completed' && claim.status !== 'refunded')) return null;
  const currencyId = claim.status === 'completed' ? claim.toCurrencyId : claim.fromCurrencyId;
  const [currency] = await repo.currencies([currencyId]);
  return { reference: claim.payoutReference, url: explorerLink(currency?.explorerUrl ?? null, claim.payoutReference) };
}

export function claimViews({ repo, read }: { repo: ClaimsRepository; read: (id: string) => Promise<ClaimRow | null> }) {
  const payoutOf = (claim: ClaimRow) => payoutOfClaim(repo, claim);

  async function statusEvent(claimId: string, locale: Locale) {
    const claim = await read(claimId);
    if (!claim) return null;
    const history = (await repo.history(claimId)).map((h) => ({
      id: h.id,
      status: h.toStatus,
      at: h.createdAt.toISOString(),
      // Operators are shown as a role, never by id.
      actor: (h.actor.startsWith('operator') ? 'operator' : h.actor === 'customer' ? 'customer' : 'system') as
        'customer' | 'system' | 'operator',
      reason: h.reason,
      reference: h.reference,
      amounts: historyAmounts(h),
    }));
    const offer = offerOf(claim);
    const status = {
      uuid: claim.id,
      status: claim.status,
      message: statusMessage(claim.status, locale, {
        customerMarked: customerMarkedPaid(history),
        sameTerms: offersOwnTerms(claim),
        // Read at request time: nothing moves the claim when its offer's time passes.
        offerLapsed: !!offer && offerLapsed(offer, Date.now()),
        refundTo: !!claim.refundRequisites,
      }),
      expiresAt: claim.expiresAt.toISOString(),
      txid: claim.txid,
      offer,
      payout: await payoutOf(claim),
      history: history.map(({ id: _id, ...h }) => h),
    };
    return { id: history.at(-1)?.id ?? 0, status };
  }

  return {
    /** The account's order list: the customer's own claims only (another's never show). */
    async listOfUser(
      userId: number,
      q: { page: number; size: number; status?: ClaimStatus | undefined },
      locale: Locale,
    ): Promise<{ count: number; results: MyClaim[] }> {
      const { count, rows } = await repo.listOfUser(userId, q);
      const ids = [...new Set(rows.flatMap((r) => [r.fromCurrencyId, r.toCurrencyId]))];
      const found = ids.length ? await repo.currencies(ids) : [];
      const side = (currencyId: number, amount: string) => {
        const c = found.find((r) => r.id === currencyId)!;
        return {
          code: c.code,
          name: c.name[locale] || c.name.ru,
          symbol: c.symbol,
          decimals: c.decimals,
          logo: c.logo,
          amount: plain(amount),
        };
      };
      return {
        count,
        results: rows.map((r) => ({
          uuid: r.id,
          number: claimNumber(r.id),
          createdAt: r.createdAt.toISOString(),
          status: r.status,
          course: plain(r.course),
          from: side(r.fromCurrencyId, r.fromAmount),
          to: side(r.toCurrencyId, r.toAmount),
          sameTerms: offersOwnTerms(r),
          // Read at request time, as the claim's status answer does: nothing moves the claim when the offer lapses.
          offerLapsed:
            r.status === 'requoted' &&
            !!r.offerValidUntil &&
            offerLapsed({ validUntil: r.offerValidUntil }, Date.now()),
        })),
      };
    },

    async form(claimId: string, locale: Locale) {
      const claim = await read(claimId);
      if (!claim) return null;
      const rows = await repo.currencies([claim.fromCurrencyId, claim.toCurrencyId]);
      const currency = (id: number) => {
        const c = rows.find((r) => r.id === id)!;
        return {
          id: c.id,
          code: c.code,
          name: c.name[locale] || c.name.ru,
          symbol: c.symbol,
          decimals: c.decimals,
          network: c.network,
          logo: c.logo,
        };
      };
      const inputs = (id: number, side: 'fromInputs' | 'toInputs') => rows.find((r) => r.id === id)?.[side] ?? [];
      // The uuid is the only key to this answer and URLs travel: the customer's own details go out masked.
      return {
        uuid: claim.id,
        status: claim.status,
        email: maskEmail(claim.email),
        course: plain(claim.course),
        from: {
          currency: currency(claim.fromCurrencyId),
          amount: plain(claim.fromAmount),
          requisites: maskRequisites(claim.fromRequisites, inputs(claim.fromCurrencyId, 'fromInputs')),
        },
        to: {
          currency: currency(claim.toCurrencyId),
          amount: plain(claim.toAmount),
          requisites: maskRequisites(claim.toRequisites, inputs(claim.toCurrencyId, 'toInputs')),
        },
        createdAt: claim.createdAt.toISOString(),
        expiresAt: claim.expiresAt.toISOString(),
        breakdown: claim.breakdown,
        droppedPromocode: droppedPromocodeOf(claim),
        refundRequisites: claim.refundRequisites
          ? maskRequisites(claim.refundRequisites, inputs(claim.fromCurrencyId, 'fromInputs'))
          : null,
      };
    },

    async requisite(claimId: string, locale: Locale) {
      const claim = await read(claimId);
      if (!claim) return null;
      const [c] = await repo.currencies([claim.fromCurrencyId]);
      const d = claim.paymentDetail;
      return {
        uuid: claim.id,
        status: claim.status,
        expiresAt: claim.expiresAt.toISOString(),
        amount: plain(claim.fromAmount),
        currency: {
          id: c!.id,
          code: c!.code,
          name: c!.name[locale] || c!.name.ru,
          symbol: c!.symbol,
          decimals: c!.decimals,
          network: c!.network,
          logo: c!.logo,
        },
        details: d
          ? {
              label: d.label[locale] || d.label.ru,
              value: d.value,
              holder: d.holder,
              memo: d.memo,
              uri: walletUri({
                kind: c!.kind,
                network: c!.network,
                symbol: c!.symbol,
                address: d.value,
                amount: plain(claim.fromAmount),
                memo: d.memo,
              }),
            }
          : null,
      };
    },

    status: async (claimId: string, locale: Locale) => (await statusEvent(claimId, locale))?.status ?? null,

    /**
     * The status answer with the id of its newest history row: the live stream's event id, which only grows, so a
     * client that reconnects with `Last-Event-ID` is sent the status only when something changed since.
     */
    statusEvent,
  };
}

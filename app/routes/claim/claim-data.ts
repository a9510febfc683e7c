import { labelledRequisites } from '../../../shared/exchange/claim-display.ts';
import { quoteLines } from '../../../shared/exchange/quote.ts';
import { formatCourse } from '../../../shared/format.ts';
import { exampleIn, refundInputs, type RequisiteInput } from '../../../shared/exchange/requisites.ts';
import type { Locale } from '../../../shared/locales.ts';
import type { ClaimForm, claimRequisiteSchema, currencyKindValues } from '../../../shared/schemas/exchange.ts';
import type { z } from 'zod';
import type { ClaimCurrencyView, ClaimView } from '../../components/claim/claim-view.ts';

/** What the loader knows of a currency beyond the claim's answer (the calculator's catalogue; server side only). */
export interface CurrencyFacts {
  kind: (typeof currencyKindValues)[number];
  fromInputs: RequisiteInput[];
  toInputs: RequisiteInput[];
}

type Requisite = z.infer<typeof claimRequisiteSchema>;

/**
 * The claim page's view of a claim, built on the server from the claims service's answers (their requisites and
 * e-mail come masked: never sent to the browser whole), labels in the page's language, the rate to show.
 */
export function buildClaimView(
  form: ClaimForm,
  requisite: Requisite,
  facts: { from: CurrencyFacts | undefined; to: CurrencyFacts | undefined; notice: string | null },
  locale: Locale,
): ClaimView {
  const currency = (c: ClaimForm['from']['currency'], f: CurrencyFacts | undefined): ClaimCurrencyView => ({
    code: c.code,
    name: c.name,
    symbol: c.symbol,
    decimals: c.decimals,
    network: c.network,
    logo: c.logo,
    kind: f?.kind ?? null,
  });
  const from = currency(form.from.currency, facts.from);
  return {
    uuid: form.uuid,
    createdAt: form.createdAt,
    email: form.email,
    from: {
      currency: from,
      amount: form.from.amount,
      requisites: labelledRequisites(form.from.requisites, facts.from?.fromInputs ?? [], locale),
    },
    to: {
      currency: currency(form.to.currency, facts.to),
      amount: form.to.amount,
      requisites: labelledRequisites(form.to.requisites, facts.to?.toInputs ?? [], locale),
    },
    course: form.course,
    rate: formatCourse(form.course, form.from.currency, form.to.currency, locale),
    // Its lines are worked out here, on the server: the page itself then needs no big.js (docs/decisions/0028).
    breakdown: form.breakdown && { quote: form.breakdown, lines: quoteLines(form.breakdown) },
    droppedPromocode: form.droppedPromocode,
    payment: {
      amount: requisite.amount,
      currency: from,
      // The QR code is the loader's to draw (qr-svg.server.ts), on the server only.
      details: requisite.details && { ...requisite.details, qr: null },
      notice: facts.notice || null,
    },
    // Every send-side input, hidden ones too, as the server checks a refund: a coin's refund address is hidden on the
    // claim form and is exactly what a refund needs.
    refundInputs: refundInputs(facts.from?.fromInputs ?? []).map((i) => ({
      name: i.name,
      label: i.label[locale] || i.label.ru,
      kind: i.kind,
      required: i.required,
      example: exampleIn(i, locale),
    })),
    refund:
      form.refundRequisites &&
      labelledRequisites(form.refundRequisites, refundInputs(facts.from?.fromInputs ?? []), locale),
  };
}

import { isDecimal } from '../../../shared/exchange/calculator.ts';
import type { PriceTerms } from '../../../shared/exchange/quote.ts';
import type { Locale } from '../../../shared/locales.ts';
import type { CaptchaCheck, ClaimCreated, CurrencyList, PairSettings } from '../../../shared/schemas/exchange.ts';
import type { PromocodeQuote } from '../../../shared/schemas/promocodes.ts';
import { apiUrl, getJson, postJson, type ApiResult } from '../api.ts';

/**
 * The calculator's and claim form's calls (docs/product/api.md), through app/lib/api.ts (bearer token, refresh-and-retry).
 * Shapes are the shared schemas' (shared/schemas/exchange.ts), imported as types only so no zod reaches the browser;
 * what the browser sends, and what it makes of an answer, is declared here.
 */

export const exchangeApi = {
  toList: (locale: Locale, fromId: number, signal?: AbortSignal) =>
    getJson<CurrencyList>(apiUrl(locale, `/api/v1/calculator/from/${fromId}/`), { signal }),
  pair: (locale: Locale, fromId: number, toId: number, signal?: AbortSignal) =>
    getJson<PairSettings>(apiUrl(locale, `/api/v1/calculator/pair/${fromId}/${toId}/`), { signal }),
  captchaCheck: (locale: Locale) => getJson<CaptchaCheck>(apiUrl(locale, '/api/v1/claim/captchacheck')),
  /** Would this code apply to this pair (for the logged-in customer, if any), and with what course? Nothing is used up. */
  promocode: (locale: Locale, body: PromocodeCheck, signal?: AbortSignal) =>
    postJson<PromocodeQuote>(apiUrl(locale, '/api/v1/claim/promocode/'), body, { signal }),
  createClaim: (locale: Locale, payload: ClaimPayload, idempotencyKey: string) =>
    postJson<ClaimCreated>(apiUrl(locale, '/api/v1/claim/'), payload, {
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
};

/**
 * The claim payload (docs/product/api.md) as the form sends it, amounts as decimal strings. Written out: the route's schema takes
 * more than this (an amount of any type to refuse with a message, an id as a string too).
 */
export interface ClaimPayload {
  email: string;
  fromPs: number;
  toPs: number;
  fromSumma: string;
  toSumma: string;
  fromRequisites: Record<string, string>;
  toRequisites: Record<string, string>;
  recaptcha: string;
  refferal?: string;
  /** The applied promocode: the server prices the claim with it, as its quote did. */
  promocode?: string;
}

/** The promocode check's body as the form sends it (the route's schema also takes ids as strings). */
export interface PromocodeCheck {
  promocode: string;
  fromPs: number;
  toPs: number;
}

export interface RateChanged {
  message: string;
  course: string;
  fromSumma: string;
  toSumma: string;
  /** What the new course is made of (before a promocode): the breakdown shown once it is accepted. */
  terms: PriceTerms | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The answer's `breakdown`, when it has every part the form's breakdown reads (an older server sent none). */
function readTerms(body: unknown): PriceTerms | null {
  const terms = isRecord(body) ? body.breakdown : null;
  if (!isRecord(terms) || !isRecord(terms.fees)) return null;
  const { rate, source, updatedAt, markupPercent, bonusPercent, fees } = terms;
  if (!isDecimal(rate) || !isDecimal(markupPercent) || !isDecimal(bonusPercent)) return null;
  if (typeof source !== 'string' || typeof updatedAt !== 'string') return null;
  if (!isDecimal(fees.from) || !isDecimal(fees.to)) return null;
  return { rate, source, updatedAt, markupPercent, bonusPercent, fees: { from: fees.from, to: fees.to } };
}

/**
 * The server's "rate changed" answer (400 `{detail, code: 'rate_changed', course, fromSumma, toSumma}`), read from the
 * DRF-sorted result of api.ts, which files the figures under `fields`. `course` is no field of the claim form, and
 * a field message is never a bare decimal, so decimals under all three keys can only be this answer.
 */
export function readRateChanged(result: ApiResult<unknown>): RateChanged | null {
  if (result.ok || result.status !== 400) return null;
  const { fields, general } = result.errors;
  const [course] = fields.course ?? [];
  const [fromSumma] = fields.fromSumma ?? [];
  const [toSumma] = fields.toSumma ?? [];
  if (!isDecimal(course) || !isDecimal(fromSumma) || !isDecimal(toSumma)) return null;
  return { message: general[0] ?? '', course, fromSumma, toSumma, terms: readTerms(result.body) };
}

import type { Pair } from '../../../shared/exchange/calculator.ts';
import type { Locale } from '../../../shared/locales.ts';
import type { PromocodeQuote } from '../../../shared/schemas/promocodes.ts';
import type { ApiResult } from '../api.ts';
import { catalogueMessage } from '../../../shared/field-issues.ts';

/**
 * The claim form's promocode (issue 5): the server quotes the pair's course with the code
 * (POST /api/v1/claim/promocode/, nothing used up), and the form prices the claim with that course through the same
 * calculation module, exactly as the server will when the claim comes with the code.
 */

export type { PromocodeQuote };

/** A quote the form applies, tied to the pair settings it was asked for: another pair (or a reload) needs a new one. */
export interface AppliedPromocode extends PromocodeQuote {
  basis: Pair;
}

/** The pair the amounts are computed with: the quoted course while the quote belongs to this very pair object. */
export function withPromocode<P extends Pair>(pair: P, applied: AppliedPromocode | null): P {
  return applied && applied.basis === pair ? { ...pair, course: applied.course } : pair;
}

// shared/schemas/promocodes.ts `maxPromocodeLength`: importing it would bring zod into the page.
export const maxPromocodeLength = 64;

/** The typed code as it is sent, or the message that keeps it from being sent. */
export function readPromocode(raw: string, locale: Locale): { code: string } | { error: string } {
  const code = raw.trim();
  if (!code) return { error: catalogueMessage('field_required', locale) };
  if (code.length > maxPromocodeLength)
    return { error: catalogueMessage('field_too_long', locale, { max: maxPromocodeLength }) };
  return { code };
}

/**
 * Why the server did not apply a code: its `promocode` messages (unknown, expired, used up, someone else's), else why
 * the pair cannot take one (`toPs`, `detail`); null when it said nothing the customer can read (the caller's text).
 */
export function refusalOf(result: ApiResult<unknown>): string[] | null {
  if (result.ok || result.network) return null;
  const { fields, general } = result.errors;
  const messages = [...(fields.promocode ?? []), ...(fields.toPs ?? []), ...(fields.fromPs ?? []), ...general];
  return messages.length ? messages : null;
}

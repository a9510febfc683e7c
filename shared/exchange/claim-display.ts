import Big from 'big.js';
import { plain } from './calculator.ts';
import type { RequisiteInput } from './requisites.ts';
import type { Locale } from '../locales.ts';

/**
 * How a claim's figures and details are shown to its customer, the same on the claim page and in the claim's e-mails
 * (monitors ask that both carry the same key parameters).
 */

/** Decimal places of the shown rate: enough to check the amounts by, few enough to read (kopecks on big figures). */
const rateDecimals = (value: Big) => (value.gte(1000) ? 2 : 6);

/** The locked course in the monitors' notation (as GET /calculator/course/ gives it): "1 = N", or "N = 1" under 1. */
export function rateOf(course: string): { give: string; get: string } {
  const big = new Big(course);
  if (big.eq(0)) return { give: '1', get: '0' };
  if (big.gte(1)) return { give: '1', get: plain(big.round(rateDecimals(big), 1)) };
  const inverse = new Big(1).div(big);
  return { give: plain(inverse.round(rateDecimals(inverse), 1)), get: '1' };
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

import type { RequisiteInput } from './requisites.ts';
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

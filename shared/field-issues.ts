import { errorCatalogue, type ErrorCode } from './errors.ts';
import { formatAmount, formatDecimal, formatMoney } from './format.ts';
import type { Locale } from './locales.ts';

/**
 * Field errors travel as catalogue codes and are translated once, at the edge (docs/decisions/0013-contracts.md).
 *
 * A schema, a shared check or a service says what is wrong with `fieldIssue('field_too_long', { max: 254 })`; the
 * string it returns ("field_too_long?max=254") is the zod issue's message or the value in `AppError`'s fields. The API's
 * error plugin and the browser's forms turn it into the caller's language with `translateFieldErrors`. A message that
 * is not a catalogue code (zod's own default text) passes through unchanged.
 *
 * This module has no zod in it, so the browser can use it without bringing the validator into a page.
 */

export type MessageParams = Record<string, string | number>;

/** Field errors keyed by field path (`email`, `fromRequisites.card`); `non_field_errors` for the whole input. */
export type FieldErrors = Record<string, string[]>;

/**
 * An empty `FieldErrors` without a prototype. Its keys may be a client's own (an unknown field is named under its
 * name): on a plain `{}`, `valueOf` or `constructor` would find Object.prototype's member (`??= []` kept the function
 * and `.push` threw, a 500) and `__proto__` would set the prototype instead of a key.
 */
export function emptyFieldErrors(): FieldErrors {
  return Object.create(null) as FieldErrors;
}

/** A catalogue code with its placeholder values, as one string that survives zod and `AppError`. */
export function fieldIssue(code: ErrorCode, params?: MessageParams): string {
  if (!params || Object.keys(params).length === 0) return code;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) query.set(key, String(value));
  return `${code}?${query.toString()}`;
}

function isCode(value: string): value is ErrorCode {
  return Object.hasOwn(errorCatalogue, value);
}

/**
 * The catalogue's text for `code` in `locale`, with its `{name}` placeholders filled in. A `{name|money}` placeholder
 * is an amount, written as every page writes money (shared/format.ts): grouped, the language's decimal sign, the
 * `decimals` param's places (2 when absent) and the `symbol` param's ticker when there is one ("45 000,00 USDT" in ru,
 * "45,000.00 USDT" in en). The issue itself carries the plain decimal, so the server's message is written in the
 * caller's language at the edge. A `{name|number}` placeholder is a plain number written the same way, grouped
 * ("2 147 483 647" in ru, "2,147,483,647" in en), as every page writes a count; `{name|form|form…}` the word that
 * agrees with it (`pluralForm`). The catalogue's own `params` (an
 * example amount) fill what the caller's do not. A `<name>En` param, when given, fills `{name}` in English (a
 * requisite's example written in Russian and its English one: shared/exchange/requisites.ts `exampleEn`).
 */
export function catalogueMessage(code: ErrorCode, locale: Locale, given: MessageParams = {}): string {
  const entry = errorCatalogue[code];
  const params: MessageParams = 'params' in entry ? { ...entry.params, ...given } : given;
  return entry[locale].replace(/\{(\w+)(?:\|([^{}]+))?\}/g, (all, key: string, kind?: string) => {
    const own = locale === 'en' && Object.hasOwn(params, `${key}En`) ? `${key}En` : key;
    if (!Object.hasOwn(params, own)) return all;
    const value = String(params[own]);
    if (!kind) return value;
    if (kind === 'number') return formatDecimal(value, locale);
    if (kind !== 'money') return pluralForm(kind.split('|'), Number(value), locale);
    const decimals = params.decimals === undefined ? 2 : Number(params.decimals);
    const symbol = params.symbol === undefined ? '' : String(params.symbol);
    return symbol ? formatMoney(value, { symbol, decimals }, locale) : formatAmount(value, { decimals }, locale);
  });
}

/**
 * The word that goes with a count: `{max|символа|символов|символов}` lists Russian's forms for Intl.PluralRules' one,
 * few and many (the case the sentence needs: "не более 1 символа, 2 символов, 5 символов"), `{max|character|characters}`
 * English's one and other. A count that is not a whole number takes the last form.
 */
function pluralForm(forms: string[], count: number, locale: Locale): string {
  const order = pluralOrder[locale];
  const at = Number.isInteger(count) ? order.indexOf(pluralRules(locale).select(count)) : -1;
  return forms[at] ?? forms[forms.length - 1]!;
}
const pluralOrder: Record<Locale, string[]> = { ru: ['one', 'few', 'many'], en: ['one', 'other'] };
const rules = new Map<Locale, Intl.PluralRules>();
const pluralRules = (locale: Locale) => {
  let r = rules.get(locale);
  if (!r) rules.set(locale, (r = new Intl.PluralRules(locale)));
  return r;
};

/** One encoded issue in the caller's language; plain text stays as it is. */
export function translateIssue(message: string, locale: Locale): string {
  const at = message.indexOf('?');
  const code = at === -1 ? message : message.slice(0, at);
  if (!isCode(code)) return message;
  const params = at === -1 ? {} : Object.fromEntries(new URLSearchParams(message.slice(at + 1)));
  return catalogueMessage(code, locale, params);
}

/** Every message of a field-error map in the caller's language, without repeats within a field. */
export function translateFieldErrors(fields: FieldErrors, locale: Locale): FieldErrors {
  const out = emptyFieldErrors();
  for (const [key, messages] of Object.entries(fields)) {
    const list: string[] = (out[key] = []);
    for (const message of messages) {
      const text = translateIssue(message, locale);
      if (!list.includes(text)) list.push(text);
    }
  }
  return out;
}

import './zod-config.ts';
import Big from 'big.js';
import { z } from 'zod';
import { fitsMoneyColumn } from '../exchange/calculator.ts';
import { emptyFieldErrors, fieldIssue, type FieldErrors } from '../field-issues.ts';
import { englishGrouped } from '../format.ts';

export { fieldIssue, type FieldErrors } from '../field-issues.ts';

/**
 * A zod error as DRF field errors `{"field": ["code"]}`, still as catalogue codes: the API's error plugin and the
 * forms translate them (`translateFieldErrors`, docs/decisions/0013-contracts.md).
 */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out = emptyFieldErrors();
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'non_field_errors';
    const list = (out[key] ??= []);
    // One message per field is enough to fix it; zod may report the same problem twice (e.g. min and format).
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return out;
}

/** An ISO date or date-time: a date, then optionally a time with seconds, fractions and a zone. */
const isoMoment = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * What is wrong with a date someone typed, as a field issue, or null when it is fine. `day`: only YYYY-MM-DD (a day,
 * read as UTC); otherwise an ISO date-time too, whose YYYY-MM-DD start is checked the same way.
 *
 * Why not just `Date.parse`: it reads 2026-02-30 as 2 March (a typo becomes another day) and year 0000 or a date past
 * 9999 as valid, which PostgreSQL then refuses (no year 0; JS writes years past 9999 as "+010000", which it cannot
 * read), and that failure reached the client as a 500 or a 400 naming no field. So a date must exist in the calendar
 * (its own message: it is in the right format) and fall within the years 1-9999, what a date field can show.
 */
export function dateIssue(value: string, opts: { day: boolean }): string | null {
  const start = /^(\d{4})-(\d{2})-(\d{2})(?=$|T)/.exec(value);
  if (opts.day && (!start || value.length !== 10)) return fieldIssue('field_invalid_date');
  // A date-time is ISO too: Date.parse reads other forms by guesswork, and read the Russian "01.02.2027" (1 February)
  // as 2 January, a promocode's end saved a month early without a word.
  if (!opts.day && !isoMoment.test(value)) return fieldIssue('field_invalid_date');
  if (start) {
    const [year, month, day] = start.slice(1).map(Number) as [number, number, number];
    if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return fieldIssue('field_date_not_exist');
    if (year < 1) return fieldIssue('field_date_out_of_range');
  }
  const time = Date.parse(opts.day ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(time)) return fieldIssue('field_invalid_date');
  // A time zone offset (or a form Date.parse reads loosely) can still carry the moment past either end.
  const year = new Date(time).getUTCFullYear();
  return year < 1 || year > 9999 ? fieldIssue('field_date_out_of_range') : null;
}

function daysInMonth(year: number, month: number): number {
  if (month !== 2) return [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
}

/** A YYYY-MM-DD query parameter or field (a UTC day): the checks of `dateIssue`, each with its own message. */
export const dayField = () =>
  z.string().check((ctx) => {
    const issue = dateIssue(ctx.value, { day: true });
    if (issue) ctx.issues.push({ code: 'custom', message: issue, input: ctx.value });
  });

/**
 * An e-mail address's shape: zod's own (z.regexes.email), whose last label had to be letters, widened to the punycode
 * labels of internationalised top-level domains (`xn--p1ai` is .рф): a customer with a .рф mailbox could not sign up,
 * create a claim or register a monitor, whether they typed it in Cyrillic or in ASCII. Test with `asciiEmail` first.
 */
const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+(?:[A-Za-z]{2,}|xn--[A-Za-z0-9-]{2,})$/;

/**
 * An address whose domain is typed in its own script ("info@пример.рф") in the ASCII form mail is routed by
 * ("info@xn--e1afmkfd.xn--p1ai", what the URL parser makes of a host: the same in Node and browsers); any other
 * address as it is. Only letters, digits, dots and hyphens are converted: the parser would cut "рф/x" to its host.
 */
export function asciiEmail(value: string): string {
  const at = value.lastIndexOf('@');
  const domain = value.slice(at + 1);
  if (at < 0 || /^[ -~]*$/.test(domain) || !/^[\p{L}\p{M}\p{N}.-]+$/u.test(domain)) return value;
  try {
    return `${value.slice(0, at)}@${new URL(`http://${domain}`).hostname}`;
  } catch {
    return value;
  }
}

/** Whether `value` is an e-mail address the site takes (`emailPattern`, a domain in its own script included). */
export const isEmail = (value: string) => emailPattern.test(asciiEmail(value));

/** PostgreSQL's `integer`: the largest page number a list reads, as large as any id it could reach. */
export const maxInteger = 2_147_483_647;

/**
 * What is wrong with a whole number from 1 to `max` (a page number, a promocode's uses, a rate's age in minutes), as a
 * field issue, or null when it is fine. Only a number is read: a query string's digits are the caller's to convert.
 *
 * A number past `max` is told the maximum (`field_integer_max`, written as the site writes numbers: "Не больше
 * 2 147 483 647"); anything else that is not a whole number of at least 1 is `field_invalid_integer`. Answering
 * "a whole number not below 1" to 20 digits or to 11 set the caller looking for a mistake they had not made.
 */
export function wholeNumberIssue(value: unknown, max: number): string | null {
  if (typeof value !== 'number' || Number.isNaN(value)) return fieldIssue('field_invalid_integer');
  if (value > max) return fieldIssue('field_integer_max', { max });
  return Number.isInteger(value) && value >= 1 ? null : fieldIssue('field_invalid_integer');
}

/** Nothing given: a missing value, null, or text with nothing but spaces. */
const blankField = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * A console field of `wholeNumberIssue`: a JSON number, or the text a form sends, read by `readWholeNumber`; '' and
 * null (and a missing value, or only spaces) clear it (no limit, or the default). Text that does not read as a whole
 * number is refused, never taken as nothing. Typed `unknown` so that any wrong type gets our message rather than
 * zod's generic one.
 */
export const nullableWholeNumber = (max: number) =>
  z
    .unknown()
    .transform((v) => (blankField(v) ? null : (readWholeNumber(v) ?? v)))
    .check((ctx) => {
      if (ctx.value === null) return;
      const issue = wholeNumberIssue(ctx.value, max);
      // Not aborting: the object's own checks (a promocode's dates) still run and say their part in the same answer.
      if (issue) ctx.issues.push({ code: 'custom', message: issue, input: ctx.value, continue: true });
    })
    .transform((v) => v as number | null);

/**
 * A text field that refuses what `unfit` finds (characters the database or the field cannot hold) with
 * `field_invalid_text`, and stops there: no second message about the same value.
 */
export const refusingText = <T extends z.ZodType<string>>(text: T, unfit: (value: string) => boolean) =>
  text.refine((value) => !unfit(value), { error: fieldIssue('field_invalid_text'), abort: true });

/**
 * The console's decimal fields (courses, percents, fees, limits, reserve changes, promocode discounts, referral
 * terms): one reading of what an operator types, shared by the API and the forms (docs/admin/README.md, "Numbers").
 *
 * Accepted: digits with a point or a comma as the decimal mark (`1,5` = `1.5`), spaces between the digits, also the
 * no-break and narrow no-break spaces the console itself writes (`10 000,00`), and a leading `+` (a leading `-` or `−`
 * only where `signed`). Refused: anything else (two commas, a comma and a point, letters, an exponent).
 *
 * The checks stop at the first problem, each with its own message: not a number; negative where it may not be;
 * more than 18 digits before the point (numeric(36,18) holds no more); more decimal places than `dp` (18 by default:
 * nothing the column would round); zero where it must be above zero (or, with `nonZero`, a change of nothing); then
 * the range, written as a percentage's (`percent`) or an amount's. The value comes out as a plain decimal string
 * (`"1 000,50"` -> `"1000.5"`, `"+1"` -> `"1"`). With `nullable`, '' and null (and a missing value) clear the field.
 */
export type ConsoleDecimalOptions = {
  /** A leading minus is allowed (a markup, a reserve change). */
  signed?: boolean;
  /** Zero is refused too: must be above zero (a course, a maximum). */
  positive?: boolean;
  /** Zero is refused as a change that changes nothing (a reserve change). */
  nonZero?: boolean;
  /**
   * Most decimal places taken; 18 (all numeric(36,18) keeps) by default. `Infinity` for an amount of a currency: the
   * service holds it to the currency's own decimals (0..18), and the message names those, not 18.
   */
  dp?: number;
  /** Bounds as decimal strings; `percent` words the message as a percentage's, `above` makes the minimum exclusive. */
  min?: string;
  max?: string;
  percent?: boolean;
  above?: boolean;
  /** Not an amount (a course): an unreadable value is asked for as a number, not a sum (as a percent is). */
  number?: boolean;
  /** What the API document says of the field. */
  description?: string;
};

/** Spaces that group digits: the plain one, no-break (U+00A0), narrow no-break (U+202F, ru's) and thin (U+2009). */
const groupSpaces = /[ \u00A0\u202F\u2009]/g;
const plainDecimal = /^(\d+(\.\d*)?|\.\d+)$/;

/** "1,500": 1.5 in Russian, 1500 in English; the console serves both, so it is asked again, not guessed. */
const eitherWay = /^[1-9]\d{0,2},\d{3}$/;
/** What `readDecimal` answers for a value that reads as two different numbers ("1,500"). */
export const ambiguousDecimal = 'ambiguous';

/**
 * What an operator typed as a plain decimal string (`"-1 000,5"` -> `"-1000.5"`), or null when it is not one number.
 * The sign is kept as typed (`"+1"` -> `"1"`); a result may have more places or digits than a column takes. The
 * console writes Russian figures with a decimal comma and English ones with grouping commas, and reads both back
 * where they cannot be confused: a comma is the decimal mark ("1,5", "0,005", "1 000,5") unless it groups thousands in
 * a way no decimal could ("1,500.50", "1,500.", "1,500,000": shared/format.ts `englishGrouped`, the customer's amount
 * fields' grouping too); "1,500" alone could be either, a thousandfold apart, and is `ambiguousDecimal`.
 */
export function readDecimal(value: unknown): string | typeof ambiguousDecimal | null {
  if (typeof value !== 'string' || value.length > 200) return null;
  let text = value.trim().replace(groupSpaces, '');
  let sign = '';
  if (/^[-+\u2212]/.test(text)) {
    sign = text[0] === '+' ? '' : '-';
    text = text.slice(1);
  }
  const commas = text.split(',').length - 1;
  if (eitherWay.test(text)) return ambiguousDecimal;
  if (commas > 0 && englishGrouped.test(text) && (commas > 1 || text.includes('.'))) text = text.replace(/,/g, '');
  else if (commas > 1 || (commas === 1 && text.includes('.'))) return null;
  else text = text.replace(',', '.');
  if (!plainDecimal.test(text)) return null;
  const digits = new Big(text).toFixed();
  return digits === '0' ? '0' : sign + digits;
}

/** A whole number as text: digits, or English thousands groups ("1,000", "10,080"), after an optional sign. */
const wholeText = /^([-+\u2212]?)(\d+|[1-9]\d{0,2}(?:,\d{3})+)$/;

/**
 * A whole number an operator typed (a promocode's uses, a direction's rate age, payment window, rounding, a position),
 * read as `readDecimal` reads the console's decimals, or null when it is not one. Taken: spaces grouping the digits
 * (also the no-break ones the console writes: a stored 1000 is shown as "1 000" and reads back as 1000), English
 * thousands commas as the English console writes them ("1,000": in a whole number a comma can only group, where
 * `readDecimal` has to ask), and a sign (`+5` is 5; a minus is read so that the range can say what is wrong). Not taken:
 * a fraction ("1,5", "10.5", "10.0"), letters, an exponent. A JSON number is taken as it is; whether it is whole and in
 * range is the caller's check (`wholeNumberIssue`, a range). Read here, not with `Number()` in each form:
 * `Number("1 000")` is NaN, which JSON sends as null, and a typed limit became "unlimited" without a word.
 */
export function readWholeNumber(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.length > 200) return null;
  const match = wholeText.exec(value.trim().replace(groupSpaces, ''));
  if (!match) return null;
  const n = Number(match[2]!.replace(/,/g, ''));
  return match[1] === '-' || match[1] === '\u2212' ? -n : n;
}

/** Decimal places a plain decimal string needs (trailing zeros need none: `"1.50"` has 1). */
export function placesOf(value: string): number {
  const plain = new Big(value).toFixed();
  const dot = plain.indexOf('.');
  return dot === -1 ? 0 : plain.length - dot - 1;
}

/** The message for an amount with more decimal places than its currency's `dp`. */
export const decimalsIssue = (dp: number) =>
  dp === 0 ? fieldIssue('field_amount_whole') : fieldIssue('field_amount_decimals', { dp });

/** The first problem of `value` under `opts` as a field issue, or its plain decimal string. */
function checkDecimal(value: unknown, opts: ConsoleDecimalOptions): { issue: string } | { value: string } {
  const range = () =>
    opts.percent
      ? fieldIssue(opts.above ? 'field_percent_above' : 'field_percent_range', {
          min: opts.min ?? '',
          max: opts.max ?? '',
        })
      : null;
  const read = readDecimal(value);
  if (read === ambiguousDecimal) return { issue: fieldIssue('field_amount_ambiguous') };
  if (read === null)
    return { issue: fieldIssue(opts.percent || opts.number ? 'field_invalid_number' : 'field_invalid_amount') };
  const n = new Big(read);
  if (n.lt(0) && !opts.signed) {
    return { issue: range() ?? fieldIssue(opts.positive ? 'field_amount_positive' : 'field_amount_negative') };
  }
  if (!fitsMoneyColumn(read)) return { issue: fieldIssue('field_amount_too_large') };
  const dp = opts.dp ?? 18;
  if (placesOf(read) > dp) return { issue: decimalsIssue(dp) };
  if (n.eq(0) && opts.nonZero) return { issue: fieldIssue('field_reserve_change_zero') };
  if (n.lte(0) && opts.positive) return { issue: range() ?? fieldIssue('field_amount_positive') };
  const low = opts.min !== undefined && (opts.above ? n.lte(opts.min) : n.lt(opts.min));
  // The bound with its own places ("1 000", "100,000"), not the two decimals an amount's message defaults to.
  if (low)
    return { issue: range() ?? fieldIssue('field_amount_min', { min: opts.min!, decimals: placesOf(opts.min!) }) };
  if (opts.max !== undefined && n.gt(opts.max))
    return { issue: range() ?? fieldIssue('field_amount_max', { max: opts.max, decimals: placesOf(opts.max) }) };
  return { value: read };
}

/** The zod field of `checkDecimal`; with `nullable`, an empty value is null instead of checked. */
function decimalSchema(opts: ConsoleDecimalOptions, nullable: boolean) {
  return z.unknown().transform((v, ctx) => {
    if (nullable && blankField(v)) return null;
    const checked = checkDecimal(v, opts);
    if ('value' in checked) return checked.value;
    ctx.addIssue({ code: 'custom', message: checked.issue, continue: true });
    return z.NEVER;
  });
}

/** A required console decimal field (see `ConsoleDecimalOptions`); its output is the plain decimal string. */
export function consoleDecimal(opts: ConsoleDecimalOptions = {}) {
  return decimalSchema(opts, false)
    .transform((v) => v as string)
    .meta({
      type: 'string',
      description: opts.description ?? 'a decimal string (a comma or a point, spaces between digits)',
    });
}

/** The same, or null: '' and null (and a missing value) clear it (no limit). */
export function nullableConsoleDecimal(opts: ConsoleDecimalOptions = {}) {
  return decimalSchema(opts, true).meta({
    type: 'string',
    nullable: true,
    description: opts.description ?? 'a decimal string (a comma or a point, spaces between digits); null clears it',
  });
}

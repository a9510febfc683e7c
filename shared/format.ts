import { htmlLang, type Locale } from './locales.ts';

/**
 * The one way money, courses, card numbers and times are written for people (docs/money.md "Writing money"): the
 * calculator, the claim page, the account, the console and the e-mails all call these, so one figure reads the same
 * everywhere. Amounts stay decimal strings: Intl.NumberFormat formats a string as an exact decimal (Node 24, every
 * current browser), never through a float, so an 18-decimal amount or 10^17 keeps every digit.
 */

/** What formatting needs of a currency: the unit people pay in (RUB, USDT; never the monitor code SBERRUB). */
export interface MoneyUnit {
  symbol: string;
  /** The currency's own decimal places (currencies.decimals): 2 for RUB, 8 for BTC, 18 for ETH, 0 for cash. */
  decimals: number;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: Locale, min: number, max: number): Intl.NumberFormat {
  const key = `${locale}:${min}:${max}`;
  let format = numberFormats.get(key);
  if (!format) {
    // ru: narrow no-break space between thousands and a decimal comma; en: comma and point (CLDR's own choices).
    // signDisplay 'negative' writes negative zero as plain zero.
    format = new Intl.NumberFormat(htmlLang[locale], {
      minimumFractionDigits: min,
      maximumFractionDigits: max,
      signDisplay: 'negative',
      useGrouping: 'always',
    });
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * A number written out without an exponent, as big.js's `toFixed()` writes it (1e-7 -> "0.0000001", 1.5e21 ->
 * "1500000000000000000000"): the shortest digits that read back as the same number. Not big.js itself: the claim
 * page formats amounts and courses, and big.js would be ~2.9 KiB gzip of its first load (docs/decisions/0028).
 */
function plainNumber(value: number): string {
  const [mantissa = '', exponent] = String(value).split('e');
  if (exponent === undefined) return mantissa;
  const negative = mantissa.startsWith('-');
  const [int = '', frac = ''] = (negative ? mantissa.slice(1) : mantissa).split('.');
  const digits = int + frac;
  const point = int.length + Number(exponent);
  const text =
    point <= 0
      ? `0.${'0'.repeat(-point)}${digits}`
      : point >= digits.length
        ? digits + '0'.repeat(point - digits.length)
        : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return negative ? `-${text}` : text;
}

/** A canonical decimal string ("-0012.50" -> "-12.50"), or null when it is not a decimal at all. */
function decimalString(value: string | number): string | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? plainNumber(value) : '') : value.trim();
  return /^-?\d+(\.\d+)?$/.test(text) ? text : /^-?\.\d+$/.test(text) ? text.replace('.', '0.') : null;
}

/**
 * Whether two decimal strings are the same number, as big.js's `eq` says ("91500.5" and "91500.500000", "-0" and "0"):
 * written out by the database's numeric scale or by `plain()`, one figure reads differently. Without big.js, which the
 * claim page leaves out (docs/decisions/0028). Anything that is not a decimal equals nothing.
 */
export function sameDecimal(a: string, b: string): boolean {
  const canonical = (value: string) => {
    const text = decimalString(value);
    if (text === null) return null;
    const negative = text.startsWith('-');
    const [int = '', frac = ''] = (negative ? text.slice(1) : text).split('.');
    const digits = `${int.replace(/^0+/, '')}.${frac.replace(/0+$/, '')}`;
    return digits === '.' ? '0' : `${negative ? '-' : ''}${digits}`;
  };
  const x = canonical(a);
  return x !== null && x === canonical(b);
}

/**
 * A decimal number for reading, exactly: grouped thousands, the language's decimal sign, at least `min` and at most
 * `max` decimal places (rounded half away from zero past `max`). Something that is not a decimal is returned as is.
 */
export function formatDecimal(
  value: string | number,
  locale: Locale,
  digits: { min?: number; max?: number } = {},
): string {
  // A part that adds to an amount is written with its sign ("+23,95": the breakdown's bonus); Intl drops a "+".
  if (typeof value === 'string' && value.startsWith('+') && decimalString(value.slice(1)) !== null) {
    return `+${formatDecimal(value.slice(1), locale, digits)}`;
  }
  const text = decimalString(value);
  if (text === null) return String(value);
  const min = digits.min ?? 0;
  const max = Math.max(min, digits.max ?? 20);
  // The string overload of format() is exact; TypeScript's lib types only know numbers and bigints.
  const written = numberFormat(locale, min, max).format(text as unknown as number);
  // CLDR gives both languages the hyphen-minus; a figure is written with the minus sign (U+2212), as the "+" beside
  // it is a plus, and as every reader of the console's fields takes it back (shared/schemas/fields.ts).
  return written.startsWith('-') ? `\u2212${written.slice(1)}` : written;
}

/**
 * A stored decimal string as a console field shows it to be edited: exact and ungrouped, with the language's decimal
 * sign ("2,5" in Russian, "2.5" in English), which the field's reader takes back (shared/schemas/fields.ts). Grouping
 * is left out: "1,500" in English would read back as ambiguous. Anything that is not a decimal is returned as is.
 * Every value it writes reads back to itself (shared/format.test.ts checks it against readDecimal).
 */
export function editableDecimal(value: string, locale: Locale): string {
  if (locale !== 'ru' || !/^[-+]?\d+\.\d+$/.test(value)) return value;
  // One to three digits and exactly three places ("487,325") read as thousands too, so the reader asks which was meant
  // (readDecimal's `ambiguousDecimal`): a stored course the field wrote would be refused untouched. Such a value keeps
  // its point, which Russian fields take as the decimal sign as well.
  return /^[-+]?[1-9]\d{0,2}\.\d{3}$/.test(value) ? value : value.replace('.', ',');
}

/** Decimal places an amount of `unit` shows: the currency's own, at least two where it has two (1,50 BTC; 10 000 RUB cash). */
const amountDigits = (unit: Pick<MoneyUnit, 'decimals'>) => ({
  min: Math.min(2, Math.max(0, unit.decimals)),
  max: Math.max(0, unit.decimals),
});

/** An amount without its unit: "8 681 500,00" (ru), "8,681,500.00" (en); trailing zeros past two places dropped. */
export function formatAmount(value: string | number, unit: Pick<MoneyUnit, 'decimals'>, locale: Locale): string {
  return formatDecimal(value, locale, amountDigits(unit));
}

/** An amount with the currency's ticker: "8 681 500,00 RUB", "0,00125 BTC" (a no-break space keeps them together). */
export function formatMoney(value: string | number, unit: MoneyUnit, locale: Locale): string {
  return `${formatAmount(value, unit, locale)}\u00a0${unit.symbol}`;
}

/**
 * An amount as its input field shows it while it is typed: the digits as they are, with the language's decimal sign
 * ("5154,81" in ru, where every other figure on the page is "5 154,81"). No grouping: spaces appearing while one types
 * would move the caret. The field reads either sign back (app/lib/exchange/amounts.ts, `typeAmount`).
 */
export function amountInputText(value: string, locale: Locale): string {
  return value.replace('.', decimalSign(locale));
}
const decimalSigns = new Map<Locale, string>();
function decimalSign(locale: Locale): string {
  let sign = decimalSigns.get(locale);
  if (sign === undefined) {
    sign =
      numberFormat(locale, 1, 1)
        .formatToParts(1.5)
        .find((p) => p.type === 'decimal')?.value ?? '.';
    decimalSigns.set(locale, sign);
  }
  return sign;
}

/**
 * English grouping where it stands: "1,500", "12,345,678.90" and, while one types, "1,500."; never "1,5", "15,00" or
 * "0,005" (a decimal comma). The one reading of it: the customer's amount fields (`readAmountText`) and the console's
 * decimals (shared/schemas/fields.ts `readDecimal`, which takes a trailing point anyway: "1500." is 1500).
 */
export const englishGrouped = /^[1-9]\d{0,2}(,\d{3})+(\.\d*)?$/;

/** What `readAmountText` answers for an English comma that groups nothing: never a number's text. */
export const refusedComma = 'comma';

/**
 * What a customer typed into an amount field (the calculator, the referral withdrawal) as digits with a point, read as
 * the page's language writes numbers (docs/product/behaviour.md): spaces group thousands in both; in Russian a comma is
 * the decimal mark (a point is taken too: both are on ru keyboards); in English a comma groups thousands, taken only
 * where it does ("1,500.50"). Anywhere else an English comma is `'comma'`, refused, not guessed: "1,5" is a European's
 * 1.5 or a slip for 15, and reading it either way would change the amount by a factor of ten unseen. Whether the rest
 * is a number (complete, or one in progress) is the caller's to check.
 */
export function readAmountText(raw: string, locale: Locale): string | typeof refusedComma {
  const value = raw.replace(/[\s\u00a0\u202f]/g, '');
  if (locale === 'ru') return value.replace(/,/g, '.');
  if (!value.includes(',')) return value;
  return englishGrouped.test(value) ? value.replace(/,/g, '') : refusedComma;
}

/** A percentage: "2,5 %" (ru), "2.5%" (en). */
export function formatPercent(value: string | number, locale: Locale): string {
  const n = formatDecimal(value, locale, { max: 4 });
  return locale === 'ru' ? `${n}\u00a0%` : `${n}%`;
}

export interface CourseLine {
  /** The side of one unit or of the amount that buys one unit: "1 USDT", "94,90 RUB". */
  give: string;
  get: string;
  /** "1 USDT = 94,90 RUB". */
  text: string;
  /** Written the other way round from the stored course (what one received unit costs): "94,90 RUB = 1 USDT". */
  inverted: boolean;
}

/**
 * The course as people read it, everywhere the same: "1 BTC = 8 600 000,00 RUB" when one unit sent buys a readable
 * amount, otherwise the other way round ("94,90 RUB = 1 USDT" rather than "1 RUB = 0,0105 USDT"). Four decimals under
 * ten (0,9900 USDT), two above. What one sent unit buys is rounded down, what one received unit costs is rounded up:
 * never better than the real course.
 */
export function formatCourse(
  course: string,
  from: Pick<MoneyUnit, 'symbol'>,
  to: Pick<MoneyUnit, 'symbol'>,
  locale: Locale,
): CourseLine {
  const line = (give: string, get: string, inverted = false): CourseLine => ({
    give,
    get,
    text: `${give} = ${get}`,
    inverted,
  });
  const one = (symbol: string) => `1\u00a0${symbol}`;
  // The course as an integer over a power of ten, exactly (BigInt: no float, no big.js in the browser).
  const text = decimalString(course);
  const [int = '0', frac = ''] = (text ?? '0').replace('-', '').split('.');
  const units = BigInt(int + frac) * (text?.startsWith('-') ? -1n : 1n);
  const scale = 10n ** BigInt(frac.length);
  // `numerator / denominator` with `dp` decimals (four under ten, two above), rounded down or up.
  const shown = (numerator: bigint, denominator: bigint, up: boolean) => {
    const dp = numerator < 10n * denominator ? 4 : 2;
    const shifted = numerator * 10n ** BigInt(dp);
    const digits = (shifted / denominator + (up && shifted % denominator !== 0n ? 1n : 0n)).toString();
    const padded = digits.padStart(dp + 1, '0');
    const decimal = `${padded.slice(0, -dp)}.${padded.slice(-dp)}`;
    return formatDecimal(decimal, locale, { min: dp, max: dp });
  };
  if (units <= 0n) return line(one(from.symbol), `0\u00a0${to.symbol}`);
  // At least 0.5: what one sent unit buys, rounded down. Under: what one received unit costs (1 / course), rounded up.
  if (2n * units >= scale) return line(one(from.symbol), `${shown(units, scale, false)}\u00a0${to.symbol}`);
  return line(`${shown(scale, units, true)}\u00a0${from.symbol}`, one(to.symbol), true);
}

/**
 * The stored course with every place, for the operator beside the rounded line: the bare figure when the line reads
 * the same way ("1 USDT = 89,74 RUB", exactly "89,74875"), the whole equation when the line is turned round
 * ("94,90 RUB = 1 USDT", exactly "1 RUB = 0,010537751222161869 USDT"): a bare 0,0105… beside 94,90 read as a
 * contradiction.
 */
export function formatExactCourse(
  course: string,
  from: Pick<MoneyUnit, 'symbol'>,
  to: Pick<MoneyUnit, 'symbol'>,
  locale: Locale,
): string {
  const exact = formatDecimal(course, locale);
  return formatCourse(course, from, to, locale).inverted ? `1\u00a0${from.symbol} = ${exact}\u00a0${to.symbol}` : exact;
}

/**
 * A card number in groups of four ("2202 2010 0000 0012"); a masked one keeps its ends and hides the middle by group
 * ("2202 •••• •••• 0012"). Anything that is not 12–19 digits is returned as written.
 */
export function formatCardNumber(value: string, options: { masked?: boolean } = {}): string {
  const digits = value.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return value.trim();
  const shown = options.masked ? digits.slice(0, 4) + '•'.repeat(digits.length - 8) + digits.slice(-4) : digits;
  return shown.replace(/(.{4})(?=.)/g, '$1 ');
}

/* Times */

/** The exchange's zone when nothing configures another (EXCHANGE_TIME_ZONE). */
export const defaultExchangeTimeZone = 'Europe/Moscow';

/**
 * Date formats made once per language, kind and zone: building an Intl.DateTimeFormat costs far more than using one
 * (it was a visible part of a page render, docs/decisions/0027). The zone may be the visitor's, so the map is bounded.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(lang: string, kind: string, timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${lang}|${kind}|${timeZone}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(lang, { ...options, timeZone });
    if (dateFormats.size >= 200) dateFormats.clear();
    dateFormats.set(key, format);
  }
  return format;
}

/** Whether `zone` is an IANA zone this runtime knows ('Europe/Moscow', 'UTC'). */
export function isTimeZone(zone: string): boolean {
  try {
    dateFormat('en', 'zone', zone, {});
    return true;
  } catch {
    return false;
  }
}

/**
 * Zone labels already worked out, by zone and quarter of an hour: every offset change falls on a quarter-hour of UTC
 * (offsets and the local times of the changes are whole quarter-hours), and asking ICU costs more than the rest of a
 * written date (a letter writes three).
 */
const zoneLabels = new Map<string, string>();
const quarterHourMs = 15 * 60_000;

/** The zone as its offset at that moment, the same in both languages: "UTC+3", "UTC−5:30", "UTC". */
export function zoneLabel(at: Date, timeZone: string): string {
  const key = `${timeZone} ${Math.floor(at.getTime() / quarterHourMs)}`;
  let label = zoneLabels.get(key);
  if (label === undefined) {
    label = offsetLabel(at, timeZone);
    if (zoneLabels.size >= 1000) zoneLabels.clear();
    zoneLabels.set(key, label);
  }
  return label;
}

function offsetLabel(at: Date, timeZone: string): string {
  const part = dateFormat('en', 'offset', timeZone, { timeZoneName: 'shortOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  // ICU writes 'GMT+3', 'GMT-5:30', and 'GMT' or 'GMT+0' at zero.
  const offset = (part?.value ?? 'GMT').replace(/^GMT/, '').replace(/^[+-]0$/, '');
  return `UTC${offset.replace('-', '\u2212')}`;
}

const wallParts: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};

/** How far `timeZone`'s wall clock is ahead of UTC at `at`, in milliseconds (Moscow: 3 h; New York in July: −4 h). */
export function zoneOffsetMs(at: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    dateFormat('en-US', 'wall', timeZone, wallParts)
      .formatToParts(at)
      .map((p) => [p.type, Number(p.value)]),
  );
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** `at` on `timeZone`'s wall clock as `YYYY-MM-DDTHH:mm`, what a `datetime-local` field holds. */
export function wallClockTime(at: Date, timeZone: string): string {
  return new Date(at.getTime() + zoneOffsetMs(at, timeZone)).toISOString().slice(0, 16);
}

/** 24 hours in milliseconds: a day on the UTC clock, onto which a zone's offset is added. */
export const dayMs = 24 * 60 * 60 * 1000;

/**
 * The moment `timeZone`'s wall clock reads `wall` (`YYYY-MM-DD`, midnight, or `YYYY-MM-DDTHH:mm[:ss[.sss]]`, no
 * offset); null when `wall` is no such time. The clocks going back repeat an hour: its times are read as the earlier
 * moment (the first time the clock showed them). The clocks going forward skip one: its times are read with the offset
 * before the change, so they land as far past it as they were typed into the gap (02:30 on a spring-forward night in
 * New York is 03:30 summer time), as Temporal's "compatible" disambiguation does.
 */
export function zonedWallClockInstant(wall: string, timeZone: string): Date | null {
  // The wall clock read as if it were UTC; the answer is that less the zone's offset at the answer.
  const local = Date.parse(`${wall.length === 10 ? `${wall}T00:00` : wall}Z`);
  if (Number.isNaN(local)) return null;
  // Offsets a day either side: every zone's offset is within ±14 h, and no zone changes it twice in two days.
  const before = zoneOffsetMs(new Date(local - dayMs), timeZone);
  const after = zoneOffsetMs(new Date(local + dayMs), timeZone);
  const fitting = [before, after]
    .map((offset) => local - offset)
    .filter((at) => zoneOffsetMs(new Date(at), timeZone) === local - at);
  return new Date(fitting.length ? Math.min(...fitting) : local - before);
}

/**
 * A time someone typed, as the moment it names: with `Z` or an offset (an API client's full ISO time) that moment,
 * without one `timeZone`'s wall clock (`zonedWallClockInstant`); null when it is no such time. The console's news
 * dates and promocode validity days read their fields so.
 */
export function typedInstant(text: string, timeZone: string): Date | null {
  return /(?:Z|[+-]\d{2}:?\d{2})$/.test(text) ? new Date(text) : zonedWallClockInstant(text, timeZone);
}

type DateParts = 'datetime' | 'date' | 'time' | 'datetime-seconds';
const dateOptions: Record<DateParts, Intl.DateTimeFormatOptions> = {
  datetime: { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  'datetime-seconds': {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  },
  // A date alone writes the month as a date with a time does ("24 нояб. 2026 г."): one date reads the same everywhere.
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
};

/**
 * A moment in a named zone, the zone written after it: "24 нояб. 2026 г., 14:05 (UTC+3)", "14:05 (UTC+1)". A date
 * alone ("24 нояб. 2026 г.", "Nov 24, 2026") names no zone. Public pages pass the visitor's zone, the console and e-mails the exchange's.
 */
export function formatDateTime(
  iso: string | Date,
  locale: Locale,
  timeZone: string,
  parts: DateParts = 'datetime',
): string {
  const at = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(at.getTime())) return String(iso);
  const text = dateFormat(htmlLang[locale], parts, timeZone, dateOptions[parts]).format(at);
  return parts === 'date' ? text : `${text} (${zoneLabel(at, timeZone)})`;
}

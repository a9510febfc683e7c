import type { Locale } from '../locales.ts';
import { splitRateSource, type RateSourceName } from '../rate-sources.ts';
import type { QuoteLine } from './quote.ts';

/**
 * The breakdown's own words in both languages: the calculator, the claim page, the console and the claim's letters
 * all list the same lines, so they read them from this one catalogue (as shared/field-issues.ts does for field errors).
 */
export const quoteLineLabels: Record<QuoteLine['part'], Record<Locale, string>> = {
  market: { ru: 'По рыночному курсу', en: 'At the market rate' },
  markup: { ru: 'Наценка обменника', en: 'Exchange markup' },
  bonus: { ru: 'Бонус зарегистрированным', en: 'Registered customer bonus' },
  promocode: { ru: 'Промокод', en: 'Promocode' },
  fromFee: { ru: 'Комиссия при отправке', en: 'Sending fee' },
  toFee: { ru: 'Комиссия сети или банка при выплате', en: 'Network or bank fee on the payout' },
  receive: { ru: 'Вы получите', en: 'You receive' },
};

/**
 * The lines whose words change when staff read them: the console speaks of the customer, not to them ("Вы получите"
 * would read as the operator's own payout).
 */
const staffLineLabels: Partial<typeof quoteLineLabels> = {
  receive: { ru: 'Клиент получит', en: 'Customer receives' },
};

export const quoteTexts = {
  title: { ru: 'Из чего складывается сумма', en: 'How the amount is made up' },
  /** {rate}: "1 BTC = 97 250,12 USDT", {source}: `quoteSource`'s "Binance". */
  rate: { ru: 'Рыночный курс {rate}, источник: {source}', en: 'Market rate {rate}, source: {source}' },
  /** A course the operator sets by hand is no market's: {rate} as for `rate`. */
  manualRate: { ru: 'Курс обменника {rate}, задан вручную', en: 'The exchange’s own rate {rate}, set by hand' },
  /** {time}: when the rate last changed. */
  updated: { ru: 'Курс обновлён {time}', en: 'Rate updated {time}' },
  /** {minutes}: the payment window. */
  held: {
    ru: 'Курс фиксируется на {minutes} мин после создания заявки',
    en: 'The rate is fixed for {minutes} min once the order is created',
  },
  frozen: {
    ru: 'Так сумма была рассчитана при создании заявки.',
    en: 'As the amount was quoted when the order was created.',
  },
  /** A claim whose customer accepted a re-quote: its breakdown is the offer's (docs/money.md). */
  accepted: {
    ru: 'Так сумма рассчитана в новом предложении, которое вы приняли.',
    en: 'As the amount was quoted in the new offer you accepted.',
  },
  /** The same, for an offer of the claim's own terms (a confirmation, shared/exchange/claim-display.ts `sameTerms`). */
  confirmed: {
    ru: 'Так сумма рассчитана в предложении, которое вы подтвердили.',
    en: 'As the amount was quoted in the offer you confirmed.',
  },
} satisfies Record<string, Record<Locale, string>>;

/** A text of `quoteTexts` with its `{name}` slots filled. */
export function quoteText(key: keyof typeof quoteTexts, locale: Locale, values: Record<string, string | number> = {}) {
  return quoteTexts[key][locale].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** The breakdown's first line of a course set by hand: it is not a market's, so it is not "at the market rate". */
const manualMarketLine: Record<Locale, string> = { ru: 'По курсу обменника', en: 'At the exchange’s rate' };

/**
 * A breakdown line's words for its reader: the console speaks about the customer (`staffLineLabels`), and the first
 * line of a quote from a course set by hand names the exchange's rate instead of a market's.
 */
export function quoteLineLabel(
  part: QuoteLine['part'],
  locale: Locale,
  { reader = 'customer', source }: { reader?: 'customer' | 'staff'; source: string },
): string {
  if (part === 'market' && source === 'manual') return manualMarketLine[locale];
  return ((reader === 'staff' && staffLineLabels[part]) || quoteLineLabels[part])[locale];
}

/** The sentence naming the quote's rate and its source ("Рыночный курс 1 BTC = …, источник: Binance"). */
export function quoteRateText(
  source: string,
  rate: string,
  locale: Locale,
  reader: 'customer' | 'staff' = 'customer',
): string {
  if (source === 'manual') return quoteText('manualRate', locale, { rate });
  return quoteText('rate', locale, { rate, source: quoteSource(source, locale, reader) });
}

/** The rate sources by the names their customers know them by (the console lists the same ones). */
const sourceNames: Record<RateSourceName, Record<Locale, string>> = {
  binance: { ru: 'Binance', en: 'Binance' },
  cbr: { ru: 'ЦБ РФ', en: 'Bank of Russia' },
  ecb: { ru: 'ЕЦБ', en: 'ECB' },
};

/**
 * Where a quote's rate came from, for its reader. A customer reads the source's name ("Binance"): the direction's
 * setting (`binance:RUBUSDT`) is a technical name, and for a pair priced the other way round it names a symbol the
 * source does not list (Binance lists USDTRUB; docs/money.md). Staff read the symbol too, to know which one priced
 * the claim, written as the console's directions list writes a source ("Binance USDTRUB", not the stored
 * `binance:USDTRUB`).
 */
function quoteSource(source: string, locale: Locale, reader: 'customer' | 'staff'): string {
  const parsed = splitRateSource(source);
  if (!parsed) return source;
  return reader === 'staff' ? `${sourceNames[parsed[0]][locale]} ${parsed[1]}` : sourceNames[parsed[0]][locale];
}

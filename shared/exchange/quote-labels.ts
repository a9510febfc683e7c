import type { Locale } from '../locales.ts';
import type { QuoteLine } from './quote.ts';

/**
 * The breakdown's own words in both languages: the calculator, the claim page, the console and the claim's letters
 * all list the same lines, so they read them from this one catalogue (as shared/field-issues.ts does for field errors).
 */
export const quoteLineLabels: Record<QuoteLine['part'], Record<Locale, string>> = {
  market: { ru: 'По рыночному курсу', en: 'At the market rate' },
  markup: { ru: 'Наценка обменника', en: 'Exchange markup' },
  bonus: { ru: 'Бонус зарегистрированным', en: 'Registered customer bonus' },
  promocode: { ru: 'Промокод', en: 'Promo code' },
  fromFee: { ru: 'Комиссия при отправке', en: 'Sending fee' },
  toFee: { ru: 'Комиссия сети или банка при выплате', en: 'Network or bank fee on the payout' },
  receive: { ru: 'Вы получите', en: 'You receive' },
};

/**
 * The lines whose words change when staff read them: the console speaks of the customer, not to them ("Вы получите"
 * would read as the operator's own payout).
 */
export const staffLineLabels: Partial<typeof quoteLineLabels> = {
  receive: { ru: 'Клиент получит', en: 'Customer receives' },
};

export const quoteTexts = {
  title: { ru: 'Из чего складывается сумма', en: 'How the amount is made up' },
  manualSource: { ru: 'курс обменника', en: 'the exchange’s own rate' },
  /** {rate}: "1 BTC = 97 250,12 USDT", {source}: binance:BTCUSDT. */
  rate: { ru: 'Рыночный курс {rate}, источник: {source}', en: 'Market rate {rate}, source: {source}' },
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
} satisfies Record<string, Record<Locale, string>>;

/** A text of `quoteTexts` with its `{name}` slots filled. */
export function quoteText(key: keyof typeof quoteTexts, locale: Locale, values: Record<string, string | number> = {}) {
  return quoteTexts[key][locale].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}

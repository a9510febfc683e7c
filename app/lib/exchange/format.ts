import Big from 'big.js';
import type { Locale } from '../../../shared/locales.ts';

/**
 * Amounts for reading (not for inputs): thousands grouped, the locale's decimal mark. Done on the decimal string
 * itself: Intl.NumberFormat would go through Number and lose digits of an 18-decimal amount.
 */
export function displayAmount(value: string, locale: Locale): string {
  const negative = value.startsWith('-');
  const [int = '0', frac] = (negative ? value.slice(1) : value).split('.');
  // ru groups with a no-break space and writes a decimal comma; en uses a comma and a point.
  const group = locale === 'ru' ? '\u00a0' : ',';
  const mark = locale === 'ru' ? ',' : '.';
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${negative ? '-' : ''}${grouped}${frac ? mark + frac : ''}`;
}

export interface CourseLine {
  /** Amount and symbol on the send side ("1 USDT" or "95.24 RUB"). */
  give: string;
  get: string;
}

/**
 * The course as people read it: "1 BTC = 8 600 000.00 RUB" when one unit sent buys a readable amount, otherwise the
 * other way round ("95.24 RUB = 1 USDT" rather than "1 RUB = 0.0105 USDT"). The inverse is rounded up: it is what one
 * received unit costs.
 */
export function courseLine(
  course: string,
  from: { symbol: string; dp: number },
  to: { symbol: string; dp: number },
  locale: Locale,
): CourseLine {
  const c = new Big(course);
  if (c.lte(0)) return { give: `1 ${from.symbol}`, get: `0 ${to.symbol}` };
  if (c.gte('0.5')) {
    const dp = Math.max(to.dp, c.lt(10) ? 4 : 2);
    return { give: `1 ${from.symbol}`, get: `${displayAmount(c.round(dp, 0).toFixed(dp), locale)} ${to.symbol}` };
  }
  const dp = Math.max(from.dp, 2);
  const inverse = new Big(1).div(c).round(dp, 3);
  return { give: `${displayAmount(inverse.toFixed(dp), locale)} ${from.symbol}`, get: `1 ${to.symbol}` };
}

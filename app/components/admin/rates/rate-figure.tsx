import { useTranslation } from '../../../i18n/use-translation.ts';
import { formatCourse, formatDecimal, formatExactCourse } from '../../../../shared/format.ts';
import { useLocale } from '../../../lib/locale.ts';

/**
 * A source rate or a customer's course on the rates page, written as every other page writes a course
 * ("1 BTC = 97 229,77 USDT", "92,06 RUB = 1 USDT": shared/format.ts formatCourse), with the exact stored value under
 * it ("точно 1 RUB = 0,010863661053775123 USDT"; the bare figure when the line reads the stored way round): the line rounds, and an operator checking a complaint needs every place. Without
 * the pair's tickers (a history row no direction names any more) only the exact value is written.
 */
export function RateFigure({
  value,
  from,
  to,
  align = 'left',
}: {
  value: string;
  from?: string;
  to?: string;
  align?: 'left' | 'right';
}) {
  const { t } = useTranslation('adminRates');
  const locale = useLocale();
  if (from === undefined || to === undefined)
    return <span className="tabular-nums">{formatDecimal(value, locale)}</span>;
  const exact = formatExactCourse(value, { symbol: from }, { symbol: to }, locale);
  return (
    <span className={`inline-block align-top tabular-nums ${align === 'right' ? 'text-right' : ''}`}>
      <span className="block whitespace-nowrap" data-testid="rate-course">
        {formatCourse(value, { symbol: from }, { symbol: to }, locale).text}
      </span>
      {/* No break-all: an exact rate is one figure and never wraps inside its digits (its separators are no-break
          ones); the line may wrap between its word and the figure. The phone's stack and the desktop's scrolled table
          both have the room. */}
      <span className="block text-xs text-slate-600" data-testid="rate-exact">
        {t('dir.exact', { value: exact })}
      </span>
    </span>
  );
}

import { useTranslation } from '../../i18n/use-translation.ts';
import { formatCourse, formatExactCourse, type MoneyUnit } from '../../../shared/format.ts';
import { useLocale } from '../../lib/locale.ts';

/**
 * Figures the console writes in more than one section, written as every page writes them (shared/format.ts,
 * docs/money.md "Writing money").
 */

/** Referral balances, accruals and payouts are kept in USDT with two places (the referral terms' currency). */
export const referralUnit: MoneyUnit = { symbol: 'USDT', decimals: 2 };

/**
 * A direction's course: the line customers read ("1 USDT = 94,90 RUB") and, beside it, the exact stored course with
 * the language's separators ("точно 89,74875"; for a line turned round, "94,90 RUB = 1 USDT", the whole stored
 * equation: "точно 1 RUB = 0,010537751222161869 USDT"), since the line rounds a course of many places that the
 * operator typed or the source gave.
 */
export function CourseFigure({
  course,
  from,
  to,
  testId,
}: {
  course: string;
  from: Pick<MoneyUnit, 'symbol'>;
  to: Pick<MoneyUnit, 'symbol'>;
  testId?: string;
}) {
  const { t } = useTranslation('adminDirections');
  const locale = useLocale();
  return (
    <>
      <span className="font-medium text-ink tabular-nums" data-testid={testId}>
        {formatCourse(course, from, to, locale).text}
      </span>{' '}
      <span className="text-xs text-slate-500 tabular-nums">
        ({t('courseExact', { course: formatExactCourse(course, from, to, locale) })})
      </span>
    </>
  );
}

/**
 * A currency's names as the console writes them beside each other (name, code, network), each said once: a coin whose
 * network is its own code reads "Bitcoin · BTC", not "Bitcoin · BTC · BTC". Empty parts are left out; parts that differ
 * only in case count as the same.
 */
export function namedOnce(...parts: (string | null | undefined)[]): string[] {
  const seen = new Set<string>();
  return parts.flatMap((part) => {
    const key = part?.trim().toLowerCase();
    if (!key || seen.has(key)) return [];
    seen.add(key);
    return [part!.trim()];
  });
}

import Big from 'big.js';
import { useTranslation } from '../../i18n/use-translation.ts';
import { LoaderCircle } from '../icons/loader-circle.tsx';
import { RefreshCw } from '../icons/refresh-cw.tsx';
import { formatCourse, formatMoney, formatPercent } from '../../../shared/format.ts';
import type { Locale } from '../../../shared/locales.ts';
import type { PairSettings } from '../../../shared/schemas/exchange.ts';
import type { RateChanged } from '../../lib/exchange/api.ts';
import type { Calculator } from './use-calculator.ts';

/** The pair's course under the two sides (or why there is none), and the notice of a course that changed on submit. */

export function CourseBar({ calc, locale }: { calc: Calculator; locale: Locale }) {
  const { t } = useTranslation('exchange');
  const { pair, from, to, status } = calc;
  let body;
  if (status === 'loading') {
    body = (
      <span className="flex items-center gap-2 text-slate-600">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        {t('loading')}
      </span>
    );
  } else if (status === 'failed') {
    body = (
      <span className="flex flex-wrap items-center gap-3 text-red-800">
        {t('loadFailed')}
        <button type="button" onClick={calc.retry} className="btn-ghost gap-1.5 py-1">
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('retry')}
        </button>
      </span>
    );
  } else if (!pair || !from || !to) {
    body = <span className="text-slate-700">{calc.sendOptions.length ? t('pairUnavailable') : t('noDirections')}</span>;
  } else {
    const line = formatCourse(pair.course, from, to, locale);
    const bonus = new Big(pair.bonus).gt(0);
    body = (
      <span className="flex flex-wrap items-center gap-x-6 gap-y-1">
        <span>
          <span className="text-slate-600">{t('course')}: </span>
          <span className="font-semibold text-ink tabular-nums" data-testid="course">
            {line.text}
          </span>
        </span>
        {bonus && <span className="text-emerald-800">{t('bonus', { bonus: formatPercent(pair.bonus, locale) })}</span>}
      </span>
    );
  }
  return (
    <div
      role="status"
      aria-live="polite"
      className="mt-5 rounded-xl bg-slate-50 px-4 py-3 text-sm ring-1 ring-slate-200"
    >
      {body}
    </div>
  );
}

export function RateChangedNotice({
  rate,
  pair,
  locale,
  onAccept,
  disabled,
  calc,
}: {
  rate: RateChanged;
  pair: PairSettings;
  locale: Locale;
  onAccept: () => void;
  disabled: boolean;
  calc: Calculator;
}) {
  const { t } = useTranslation('exchange');
  const from = { symbol: calc.from?.symbol ?? '', decimals: calc.from?.decimals ?? pair.from.roundCalculator };
  const to = { symbol: calc.to?.symbol ?? '', decimals: calc.to?.decimals ?? pair.to.roundCalculator };
  const line = formatCourse(rate.course, from, to, locale);
  const figures = {
    give: line.give,
    get: line.get,
    from: formatMoney(rate.fromSumma, from, locale),
    to: formatMoney(rate.toSumma, to, locale),
  };
  return (
    <div role="alert" className="mt-5 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
      <p className="font-semibold">{t('rateChanged.title')}</p>
      <p className="mt-1 text-sm">{t('rateChanged.text', figures)}</p>
      <button type="button" onClick={onAccept} disabled={disabled} className="btn-primary mt-3">
        {t('rateChanged.accept')}
      </button>
    </div>
  );
}

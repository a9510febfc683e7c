import { useTranslation } from '../../i18n/use-translation.ts';
import type { ReferralSummary } from '../../../shared/schemas/referral.ts';
import { useLocale } from '../../lib/locale.ts';
import { CopyField } from '../claim/copy-field.tsx';
import { formatAmount, formatMoney, formatPercent } from '../../../shared/format.ts';

/** The partner's link and code (each with Copy), invited customers, balance and share. */
export function ReferralSummaryPanel({ summary }: { summary: ReferralSummary }) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const stats = [
    {
      key: 'balance',
      label: t('referrer.balance'),
      value: formatMoney(summary.balance, { symbol: summary.currency, decimals: 2 }, locale),
    },
    { key: 'invited', label: t('referrer.invited'), value: String(summary.invited) },
    { key: 'percent', label: t('referrer.percent'), value: formatPercent(summary.percent, locale) },
  ];
  return (
    <div className="space-y-5">
      <p className="text-slate-700">{t('referrer.intro', { percent: formatPercent(summary.percent, locale) })}</p>
      <div className="space-y-4 rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:p-5">
        <CopyField label={t('referrer.link')} value={summary.link} />
        <CopyField label={t('referrer.code')} value={summary.code} />
      </div>
      <dl className="grid gap-3 sm:grid-cols-3" data-testid="referral-stats">
        {stats.map((s) => (
          <div key={s.key} className="rounded-2xl bg-white p-4 ring-1 ring-slate-200" data-testid={`referral-${s.key}`}>
            <dt className="text-sm text-slate-600">{s.label}</dt>
            <dd className="mt-1 text-xl font-bold text-ink">{s.value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-600">
        {t('referrer.minWithdrawal', {
          amount: formatAmount(summary.minWithdrawal, { decimals: 2 }, locale),
          currency: summary.currency,
        })}
      </p>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/locale.ts';
import { formatDateTime, statusTone, systemReason } from './claim-format.ts';
import { StatusBadge } from './status-badge.tsx';
import type { ClaimStatus } from './use-claim-status.ts';

/** Every status change with its time, who made it and why, oldest first (docs/product/claims.md). */
export function Timeline({ history }: { history: ClaimStatus['history'] }) {
  const { t } = useTranslation('claim');
  const locale = useLocale();
  return (
    <ol className="relative ml-1 border-l border-slate-200" data-testid="claim-timeline">
      {history.map((row, i) => {
        const known = systemReason(row.reason);
        const reason = known ? t(`timeline.reason.${known}`) : row.reason;
        const tone = statusTone[row.status];
        return (
          <li key={`${row.at}-${i}`} className="relative pb-5 pl-5 last:pb-0">
            <span
              aria-hidden="true"
              className={`absolute top-2.5 -left-[5px] size-2.5 rounded-full ring-4 ring-white ${
                tone === 'success' ? 'bg-emerald-600' : tone === 'danger' ? 'bg-red-600' : 'bg-brand-600'
              }`}
            />
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <StatusBadge status={row.status} />
              <time dateTime={row.at} className="text-sm text-slate-600">
                {formatDateTime(row.at, locale)} {t('moscowTime')}
              </time>
            </div>
            <p className="mt-1 text-sm text-slate-700">
              <span className="font-medium">{t(`timeline.actor.${row.actor}`)}</span>
              {reason ? <>: {reason}</> : null}
            </p>
          </li>
        );
      })}
    </ol>
  );
}

import type { TFunction } from 'i18next';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { ClaimStatusValue } from '../../../shared/schemas/exchange.ts';
import { statusTone, type StatusTone } from './claim-format.ts';

/** Badge colours: each pair keeps at least 4.5:1 contrast (WCAG AA). */
const toneClass: Record<StatusTone, string> = {
  waiting: 'bg-amber-100 text-amber-900 ring-amber-300',
  progress: 'bg-brand-100 text-brand-700 ring-brand-500/40',
  success: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  warning: 'bg-orange-100 text-orange-900 ring-orange-300',
  danger: 'bg-red-100 text-red-900 ring-red-300',
  muted: 'bg-slate-200 text-slate-800 ring-slate-300',
};

const dotClass: Record<StatusTone, string> = {
  waiting: 'bg-amber-500',
  progress: 'bg-brand-600',
  success: 'bg-emerald-600',
  warning: 'bg-orange-500',
  danger: 'bg-red-600',
  muted: 'bg-slate-500',
};

/** A status's name as its badge writes it (`sameTerms`, `lapsed`: see `StatusBadge`). */
function badgeName(t: TFunction<'claim'>, status: ClaimStatusValue, sameTerms: boolean, lapsed = false): string {
  if (status === 'requoted' && lapsed) return t('status.requotedLapsed');
  return status === 'requoted' && sameTerms ? t('status.requotedSame') : t(`status.${status}`);
}

/**
 * A choice that stands for every claim in a status (the account's status filter), named as those claims' badges are:
 * a `requoted` claim's badge reads "Новый курс" or, for an offer of its own terms, "Подтвердите заявку", so the choice
 * names both ("Новый курс / Подтвердите заявку"); other statuses have one name.
 */
export function statusChoiceName(t: TFunction<'claim'>, status: ClaimStatusValue): string {
  return [...new Set([badgeName(t, status, false), badgeName(t, status, true)])].join(' / ');
}

/**
 * A status's name in its colour. `sameTerms`: a `requoted` claim (or history row) whose offer is the claim's own terms
 * (shared/exchange/claim-display.ts): named as the confirmation the customer is asked for, not a new rate; the status
 * itself stays `requoted` (`data-status`). `lapsed`: a `requoted` claim whose offer's time passed (either kind): it
 * asks for nothing that can still be given, so the badge says the offer expired.
 */
export function StatusBadge({
  status,
  sameTerms = false,
  lapsed = false,
  testId,
}: {
  status: ClaimStatusValue;
  sameTerms?: boolean;
  lapsed?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('claim');
  const tone = statusTone[status];
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold ring-1 ${toneClass[tone]}`}
      data-status={status}
      data-testid={testId}
    >
      <span aria-hidden="true" className={`size-2 rounded-full ${dotClass[tone]}`} />
      {badgeName(t, status, sameTerms, lapsed)}
    </span>
  );
}

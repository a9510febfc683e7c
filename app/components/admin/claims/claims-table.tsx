import { useTranslation } from '../../../i18n/use-translation.ts';
import { Link } from 'react-router';
import { ArrowRight } from '../../icons/arrow-right.tsx';
import { paths } from '../../../../shared/paths.ts';
import type { AdminClaimItem } from '../../../../shared/schemas/admin-claims.ts';
import { useLocale, useLocalizedHref } from '../../../lib/locale.ts';
import { StatusBadge } from '../../claim/status-badge.tsx';
import { formatAmount, formatDateTime } from '../../../../shared/format.ts';
import { useExchangeTimeZone } from '../../../lib/time-zone.ts';

function Side({ side }: { side: AdminClaimItem['from'] }) {
  const locale = useLocale();
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5">
      <img src={side.logo} alt="" width={20} height={20} className="shrink-0 rounded-full bg-white" loading="lazy" />
      {/* A huge amount may break anywhere on a phone's card; in the desktop table an amount stays whole, or its column
          would give way to a long e-mail's ("15 000" over ",00"). */}
      <span className="font-semibold text-ink [overflow-wrap:anywhere] md:[overflow-wrap:normal]">
        {formatAmount(side.amount, side, locale)}
      </span>
      <span className="text-slate-600" title={side.code}>
        {side.symbol}
      </span>
    </span>
  );
}

/** An e-mail that may wrap before its "@" (a break there reads best): the text itself, copied or read aloud, is whole. */
function Email({ value }: { value: string }) {
  const at = value.lastIndexOf('@');
  return (
    <span data-testid="admin-claim-email">
      {at > 0 ? (
        <>
          {value.slice(0, at)}
          <wbr />
          {value.slice(at)}
        </>
      ) : (
        value
      )}
    </span>
  );
}

/**
 * When a claim was made, written as everywhere in the console ("29 нояб. 2026 г., 03:00 (UTC+3)"), its date and its
 * time each kept whole: the line may break only between them.
 */
function Created({ at }: { at: string }) {
  const locale = useLocale();
  const zone = useExchangeTimeZone();
  const whole = formatDateTime(at, locale, zone);
  const time = formatDateTime(at, locale, zone, 'time');
  const date = whole.endsWith(time) ? whole.slice(0, -time.length) : null;
  return (
    <time dateTime={at}>
      {date === null ? (
        whole
      ) : (
        <>
          <span className="whitespace-nowrap">{date.trimEnd()}</span> <span className="whitespace-nowrap">{time}</span>
        </>
      )}
    </time>
  );
}

/**
 * The queue: a table on a wide screen, stacked rows on a phone (the same markup: each cell names itself there). The
 * number links to the claim's console page; the whole row is its click target.
 */
export function ClaimsTable({ claims }: { claims: AdminClaimItem[] }) {
  const { t } = useTranslation('adminClaims');
  const locale = useLocale();
  const zone = useExchangeTimeZone();
  const to = useLocalizedHref();
  const head = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase';
  const cell = 'px-3 py-1 md:py-3 align-middle';
  const label = 'mr-2 text-xs font-semibold whitespace-nowrap text-slate-500 md:hidden';
  return (
    // Scrolls sideways on a narrow desktop window: reachable by keyboard then (axe scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus (WCAG 2.1.1)
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('list.label')}>
      <table className="w-full text-sm" data-testid="admin-claims">
        <caption className="sr-only">{t('list.label')}</caption>
        <thead className="max-md:sr-only">
          <tr className="border-b border-slate-200">
            <th scope="col" className={head}>
              {t('list.number')}
            </th>
            <th scope="col" className={head}>
              {t('list.created')}
            </th>
            <th scope="col" className={head}>
              {t('list.email')}
            </th>
            <th scope="col" className={head}>
              {t('list.send')} → {t('list.receive')}
            </th>
            <th scope="col" className={head}>
              {t('list.status')}
            </th>
          </tr>
        </thead>
        <tbody>
          {claims.map((claim) => (
            <tr
              key={claim.uuid}
              className="relative block border-b border-slate-100 py-2 hover:bg-slate-50 md:table-row md:py-0"
              data-testid="admin-claim-row"
              data-status={claim.status}
            >
              <td className={`${cell} block md:table-cell`}>
                <Link
                  to={to(paths.adminClaim(claim.uuid))}
                  className="focus-ring rounded font-mono font-semibold text-brand-700 after:absolute after:inset-0 hover:underline"
                >
                  {claim.number}
                </Link>
              </td>
              <td className={`${cell} block text-slate-600 md:table-cell`}>
                <span className={label}>{t('list.created')}</span>
                {/* The date and the time each stay whole and may go to two lines: on a desktop the column gives way
                    to a long e-mail there rather than the whole table scrolling sideways. */}
                <Created at={claim.createdAt} />
              </td>
              {/* The whole address, never cut off: an operator tells customers apart by it. A long one wraps before
                  its "@"; on a phone a part still too long breaks anywhere, while the desktop table keeps the parts
                  whole (breaking anywhere there would let the column shrink to a few letters). */}
              <td
                className={`${cell} block text-slate-700 [overflow-wrap:anywhere] md:table-cell md:[overflow-wrap:break-word]`}
              >
                <span className={label}>{t('list.email')}</span>
                <Email value={claim.email} />
              </td>
              <td className={`${cell} block md:table-cell`}>
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <Side side={claim.from} />
                  <ArrowRight aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
                  <Side side={claim.to} />
                </span>
              </td>
              <td className={`${cell} block md:table-cell md:whitespace-nowrap`}>
                <StatusBadge status={claim.status} />
                {/* The badge alone ("New rate offered") reads as the customer's turn: a lapsed offer is the operator's. */}
                {claim.offerLapsedAt ? (
                  <p
                    className="mt-1 max-w-60 text-xs whitespace-normal text-amber-800"
                    data-testid="admin-claim-offer-lapsed"
                  >
                    {t('list.offerLapsed', { until: formatDateTime(claim.offerLapsedAt, locale, zone) })}
                  </p>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

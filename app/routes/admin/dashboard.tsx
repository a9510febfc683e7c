import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { claimStatusValues } from '../../../shared/schemas/exchange.ts';
import type { Dashboard as DashboardData } from '../../../shared/schemas/admin-claims.ts';
import { adminSections } from '../../components/admin/sections.ts';
import { staffReader } from '../../components/admin/staff-reader.server.ts';
import { StatusBadge } from '../../components/claim/status-badge.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { useLocale, useLocalizedHref } from '../../lib/locale.ts';
import { useLiveClaims } from '../../components/admin/use-live-claims.ts';
import type { Route } from './+types/dashboard';
import { formatDateTime, formatMoney } from '../../../shared/format.ts';

/**
 * The console's landing page (issue 6 §7): what waits for an operator first, then today's claims and completed volume
 * per direction, then the sections. The same figures as GET /api/v1/admin/dashboard/, read in-process.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = await staffReader(context, request);
  return { dashboard: await services.admin.dashboard.read() };
}

function Waiting({ waiting }: { waiting: DashboardData['waiting'] }) {
  const { t } = useTranslation('adminClaims');
  const to = useLocalizedHref();
  const queue = (status: string) => `${to(paths.adminClaims)}?status=${status}`;
  const items = [
    { key: 'paid', label: t('dashboard.waitingPaid'), value: waiting.paid, href: queue('paid') },
    {
      key: 'processing',
      label: t('dashboard.waitingProcessing'),
      value: waiting.processing,
      href: queue('processing'),
    },
    { key: 'hold', label: t('dashboard.waitingHold'), value: waiting.hold, href: queue('hold') },
    { key: 'error', label: t('dashboard.waitingError'), value: waiting.error, href: queue('error') },
    {
      key: 'late_payment',
      label: t('dashboard.waitingLate'),
      value: waiting.latePayment,
      href: queue('late_payment'),
    },
    {
      key: 'refund_requested',
      label: t('dashboard.waitingRefund'),
      value: waiting.refundRequested,
      href: queue('refund_requested'),
    },
    {
      key: 'offer_lapsed',
      label: t('dashboard.waitingOfferLapsed'),
      value: waiting.offerLapsed,
      href: queue('offer_lapsed'),
    },
    {
      key: 'withdrawals',
      label: t('dashboard.withdrawals'),
      value: waiting.withdrawals,
      href: to(paths.adminWithdrawals),
    },
    { key: 'staleRates', label: t('dashboard.staleRates'), value: waiting.staleRates, href: to(paths.adminRates) },
    {
      key: 'unpayable',
      label: t('dashboard.unpayable'),
      value: waiting.unpayable,
      href: to(paths.adminPaymentDetails),
    },
  ];
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="dashboard-waiting">
      {items.map((item) => (
        <li key={item.key}>
          <Link
            to={item.href}
            className={`focus-ring flex h-full items-center justify-between gap-3 rounded-2xl p-4 ring-1 hover:bg-slate-50 ${
              item.value ? 'ring-amber-300' : 'ring-slate-200'
            }`}
            data-testid={`waiting-${item.key}`}
          >
            <span className="text-sm font-medium text-slate-700">{item.label}</span>
            <span className={`text-2xl font-bold ${item.value ? 'text-amber-800' : 'text-slate-500'}`}>
              {item.value ?? <span className="text-sm font-normal">{t('dashboard.unknown')}</span>}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Today({ today, day }: { today: DashboardData['today']; day: string }) {
  const { t } = useTranslation('adminClaims');
  const locale = useLocale();
  // `day` is already the exchange's calendar day (YYYY-MM-DD in EXCHANGE_TIME_ZONE, the zone the console writes times
  // in): its midnight in UTC, written in UTC, is that same date whatever zone the exchange or the operator is in.
  const written = formatDateTime(`${day}T00:00:00Z`, locale, 'UTC', 'date');
  const shown = claimStatusValues.filter((s) => today.byStatus[s] > 0);
  return (
    <section className="card min-w-0 p-4 sm:p-6" aria-labelledby="dashboard-today">
      <h2 id="dashboard-today" className="text-lg font-semibold text-ink" data-testid="dashboard-today">
        {t('dashboard.today', { day: written })}
      </h2>
      <p className="mt-2 flex items-baseline gap-2">
        <span className="text-3xl font-bold text-ink" data-testid="today-count">
          {today.count}
        </span>
        <span className="text-sm text-slate-600">{t('dashboard.todayTotal')}</span>
      </p>
      {shown.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2">
          {shown.map((s) => (
            <li key={s} className="flex items-center gap-1.5">
              <StatusBadge status={s} />
              <span className="text-sm font-semibold text-ink">{today.byStatus[s]}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Volume({ volume }: { volume: DashboardData['volume'] }) {
  const { t } = useTranslation('adminClaims');
  const locale = useLocale();
  const th = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase';
  return (
    <section className="card min-w-0 p-4 sm:p-6" aria-labelledby="dashboard-volume">
      <h2 id="dashboard-volume" className="text-lg font-semibold text-ink">
        {t('dashboard.volume')}
      </h2>
      {volume.length ? (
        // Scrolls sideways only when amounts are very long: reachable by keyboard then (axe scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus (WCAG 2.1.1)
        <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-labelledby="dashboard-volume">
          <table className="w-full text-sm" data-testid="dashboard-volume">
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className={th}>
                  {t('dashboard.direction')}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {t('dashboard.count')}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {t('dashboard.sent')}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {t('dashboard.paidOut')}
                </th>
              </tr>
            </thead>
            <tbody>
              {volume.map((v) => (
                <tr key={`${v.directionId}-${v.from.code}-${v.to.code}`} className="border-b border-slate-100">
                  <th scope="row" className="px-3 py-2 text-left font-medium text-ink">
                    {v.from.code} → {v.to.code}
                  </th>
                  <td className="px-3 py-2 text-right">{v.count}</td>
                  <td className="px-3 py-2 text-right">{formatMoney(v.from.amount, v.from, locale)}</td>
                  <td className="px-3 py-2 text-right">{formatMoney(v.to.amount, v.to, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-600">{t('dashboard.volumeEmpty')}</p>
      )}
    </section>
  );
}

export default function Dashboard({ loaderData: { dashboard } }: Route.ComponentProps) {
  // New claims and status changes show up without a reload.
  useLiveClaims();
  const { t } = useTranslation('adminClaims');
  const { t: tAdmin } = useTranslation('admin');
  const to = useLocalizedHref();
  return (
    <div className="space-y-6">
      <PageTitle title={t('dashboard.title')} />
      <h1 className="text-2xl font-bold text-ink">{t('dashboard.title')}</h1>
      <section className="card p-4 sm:p-6" aria-labelledby="dashboard-waiting-title">
        <h2 id="dashboard-waiting-title" className="mb-3 text-lg font-semibold text-ink">
          {t('dashboard.waiting')}
        </h2>
        <Waiting waiting={dashboard.waiting} />
      </section>
      <div className="grid gap-6 xl:grid-cols-[20rem_1fr]">
        <Today today={dashboard.today} day={dashboard.day} />
        <Volume volume={dashboard.volume} />
      </div>
      <section className="card p-4 sm:p-6" aria-labelledby="dashboard-sections">
        <h2 id="dashboard-sections" className="text-lg font-semibold text-ink">
          {t('dashboard.sections')}
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {adminSections.slice(1).map(({ key, path, icon: Icon }) => (
            <li key={key}>
              <Link
                to={to(path)}
                className="focus-ring flex items-center gap-3 rounded-2xl p-4 ring-1 ring-slate-200 hover:bg-slate-50"
              >
                <Icon aria-hidden="true" className="size-5 text-brand-700" />
                <span className="font-medium text-ink">{tAdmin(`sections.${key}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

import { useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { validityDay, type AdminPromocode } from '../../../../shared/schemas/admin-promocodes.ts';
import { promocodeState, type PromocodeState } from '../../../../shared/schemas/promocodes.ts';
import { pageParam } from '../../../components/account/list-query.ts';
import { Pagination } from '../../../components/account/pagination.tsx';
import { PromocodeForm } from '../../../components/admin/partners/promocode-form.tsx';
import { ListHeader, Notice } from '../../../components/admin/page-parts.tsx';
import { useEditorToggle } from '../../../components/admin/unsaved-changes.tsx';
import { staffReader } from '../../../components/admin/staff-reader.server.ts';
import { formatDateTime, formatDecimal, formatPercent } from '../../../../shared/format.ts';
import { useLocale } from '../../../lib/locale.ts';
import { useExchangeTimeZone } from '../../../lib/time-zone.ts';
import type { Route } from './+types/list';

const pageSize = 25;
const shownCustomers = 3;

/** Promocodes (issue 6 §5): GET /api/v1/admin/promocodes/ read in-process; creation and changes through the API. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = await staffReader(context, request);
  const page = pageParam(new URL(request.url).searchParams.get('page'));
  const found = await services.admin.promocodes.list({ page, size: pageSize });
  // The moment the codes were read: what each does now is judged against it (`standing`), the same on both sides.
  return { page, count: found.count, codes: found.results, readAt: Date.now() };
}

/** The list's word for what a code does now (`promocodeState`, the server's own check of a customer's code). */
const standingKey: Record<PromocodeState, 'on' | 'off' | 'expired' | 'notYet' | 'usedUp'> = {
  active: 'on',
  disabled: 'off',
  expired: 'expired',
  not_started: 'notYet',
  used_up: 'usedUp',
};
const standing = (code: AdminPromocode, readAt: number) =>
  standingKey[
    promocodeState(
      {
        ...code,
        validFrom: code.validFrom ? new Date(code.validFrom) : null,
        validTo: code.validTo ? new Date(code.validTo) : null,
      },
      new Date(readAt),
    )
  ];

/**
 * A validity edge as the day the form shows for it (`validityDay`: the exchange's day it begins, or the last day it
 * works), written as the console writes dates: "30 июн. 2025 г.".
 */
const typedDay = (iso: string, edge: 'from' | 'to', zone: string, locale: 'ru' | 'en') =>
  formatDateTime(`${validityDay(iso, zone, edge)}T00:00:00Z`, locale, 'UTC', 'date');

function Row({ code, readAt }: { code: AdminPromocode; readAt: number }) {
  const { t } = useTranslation('adminPartners');
  const { t: tAdmin } = useTranslation('admin');
  const locale = useLocale();
  const zone = useExchangeTimeZone();
  const [open, setOpen] = useState(false);
  const editorRef = useRef<HTMLDivElement>(null);
  const toggleEditor = useEditorToggle(editorRef, open, setOpen);
  const [notice, setNotice] = useState<string | null>(null);
  const state = standing(code, readAt);
  // The first few e-mails, then a count: a list of hundreds belongs in the form, not in the row.
  const customers = (emails: string[]) =>
    t('promocodes.forCustomers', { emails: emails.slice(0, shownCustomers).join(', ') }) +
    (emails.length > shownCustomers
      ? ` ${t('promocodes.more', { more: formatDecimal(emails.length - shownCustomers, locale) })}`
      : '');
  return (
    <li className="rounded-2xl bg-white p-4 ring-1 ring-slate-200" data-testid="promocode">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p className="font-mono font-semibold text-ink">{code.code}</p>
        <span className="text-sm text-slate-700" data-testid="promocode-discount">
          {t('promocodes.discountValue', { percent: formatPercent(code.discountPercent, locale) })}
        </span>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ${
            state === 'on'
              ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
              : state === 'off'
                ? 'bg-slate-100 text-slate-700 ring-slate-200'
                : 'bg-amber-50 text-amber-900 ring-amber-200'
          }`}
          data-testid="promocode-state"
        >
          {t(`promocodes.${state}`)}
        </span>
        {(code.validFrom || code.validTo) && (
          <span className="text-sm text-slate-600" data-testid="promocode-period">
            {[
              code.validFrom && t('promocodes.validFromDay', { day: typedDay(code.validFrom, 'from', zone, locale) }),
              code.validTo && t('promocodes.validToDay', { day: typedDay(code.validTo, 'to', zone, locale) }),
            ]
              .filter(Boolean)
              .join(' ')}
          </span>
        )}
        <span className="text-sm text-slate-600">
          {/* Counts as the site writes numbers: "1 000", "1,000". */}
          {t('promocodes.uses', { count: code.usesCount, uses: formatDecimal(code.usesCount, locale) })}
          {code.maxUses !== null ? ` / ${formatDecimal(code.maxUses, locale)}` : ''} ·{' '}
          {code.assignedTo.length ? customers(code.assignedTo) : t('promocodes.anyone')}
        </span>
        <button type="button" className="btn-secondary ml-auto" aria-expanded={open} onClick={toggleEditor}>
          {tAdmin('common.edit')}
        </button>
      </div>
      <Notice text={notice} />
      <div ref={editorRef}>
        {open && (
          <PromocodeForm
            code={code}
            onDone={(m) => {
              setOpen(false);
              setNotice(m);
            }}
          />
        )}
      </div>
    </li>
  );
}

export default function PromocodesPage({ loaderData: { page, count, codes, readAt } }: Route.ComponentProps) {
  const { t } = useTranslation('adminPartners');
  const { t: tAdmin } = useTranslation('admin');
  const [creating, setCreating] = useState(false);
  const createRef = useRef<HTMLDivElement>(null);
  const toggleCreate = useEditorToggle(createRef, creating, setCreating);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <section className="card p-4 sm:p-6">
      <ListHeader
        title={t('promocodes.title')}
        text={t('promocodes.text')}
        create={{ label: t('promocodes.create'), open: creating, toggle: toggleCreate }}
      />
      <Notice text={notice} />
      <div ref={createRef}>
        {creating && (
          <PromocodeForm
            onDone={(m) => {
              setCreating(false);
              setNotice(m);
            }}
          />
        )}
      </div>
      <p className="mt-4 text-sm text-slate-600">{tAdmin('common.total', { count })}</p>
      {codes.length ? (
        <ul className="mt-2 space-y-3">
          {codes.map((c) => (
            <Row key={c.id} code={c} readAt={readAt} />
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-slate-600">{t('promocodes.empty')}</p>
      )}
      <Pagination page={page} count={count} size={pageSize} />
    </section>
  );
}

import { useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Form, useLocation, useNavigate } from 'react-router';
import { TriangleExclamationPoint as AlertTriangle } from '../../components/icons/triangle-exclamation-point.tsx';
import { CreditCard } from '../../components/icons/credit-card.tsx';
import { pageCount, pageParam, withParams } from '../../components/account/list-query.ts';
import { Pagination } from '../../components/account/pagination.tsx';
import { EmptyState, SkeletonRows, usePendingList } from '../../components/account/states.tsx';
import { PaymentDetailForm } from '../../components/admin/payment-details/detail-form.tsx';
import { PaymentDetailRow } from '../../components/admin/payment-details/detail-row.tsx';
import { useEditorToggle } from '../../components/admin/unsaved-changes.tsx';
import { ListHeader, Notice } from '../../components/admin/page-parts.tsx';
import { staffReader } from '../../components/admin/staff-reader.server.ts';
import type { Route } from './+types/payment-details';

const pageSize = 50;

/**
 * The payment-details pool (issue 6 §3): GET /api/v1/admin/payment-details/ and .../coverage/ read in-process,
 * filtered by currency and on/off in the address; changes through the API.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, locale } = await staffReader(context, request);
  const params = new URL(request.url).searchParams;
  const service = services.admin.paymentDetails;
  const coverage = await service.coverage(locale);
  // An unknown code (a mangled link) shows every currency rather than an error page.
  const currency = coverage.find((c) => c.code === params.get('currency')?.toUpperCase())?.code;
  const status = params.get('status');
  const active = status === 'on' ? 'true' : status === 'off' ? 'false' : undefined;
  const q = { currency, active, page: pageParam(params.get('page')), size: pageSize } as const;
  let found = await service.list(q, locale);
  const last = pageCount(found.count, pageSize);
  if (q.page > last) found = await service.list({ ...q, page: last }, locale);
  return {
    page: Math.min(q.page, last),
    count: found.count,
    details: found.results,
    coverage,
    currency: currency ?? '',
    status: active === undefined ? '' : (status ?? ''),
  };
}

/** A filter of the list: a change is a navigation to the address with it (back and shared links work). */
function FilterSelect(props: { label: string; name: string; value: string; options: [string, string][] }) {
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <label className="text-sm font-medium text-slate-700">
      {props.label}
      <select
        name={props.name}
        value={props.value}
        onChange={(e) =>
          void navigate(withParams(search, { [props.name]: e.currentTarget.value, page: null }), {
            preventScrollReset: true,
          })
        }
        className="focus-ring mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-ink"
      >
        {props.options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

export default function PaymentDetails({
  loaderData: { page, count, details, coverage, currency, status },
}: Route.ComponentProps) {
  const { t } = useTranslation('adminPaymentDetails');
  const { t: tAdmin } = useTranslation('admin');
  const pending = usePendingList(['currency', 'status', 'page']);
  const [creating, setCreating] = useState(false);
  const createRef = useRef<HTMLDivElement>(null);
  const toggleCreate = useEditorToggle(createRef, creating, setCreating);
  const [notice, setNotice] = useState<string | null>(null);
  const uncovered = coverage.filter((c) => c.uncovered);

  return (
    <section className="card p-4 sm:p-6">
      <ListHeader
        title={t('title')}
        text={t('text')}
        create={{ label: t('create'), open: creating, toggle: toggleCreate }}
      />
      {uncovered.length > 0 && (
        <div
          role="alert"
          className="mt-4 flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 px-3.5 py-3 text-sm text-amber-900"
        >
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div>
            <p className="font-semibold">{t('uncovered.title')}</p>
            <p className="mt-1">{t('uncovered.text')}</p>
            <p className="mt-1 font-medium">{uncovered.map((c) => `${c.name} (${c.code})`).join(', ')}</p>
          </div>
        </div>
      )}
      <Notice text={notice} />
      <div ref={createRef}>
        {creating && (
          <PaymentDetailForm
            currencies={coverage}
            currencyId={coverage.find((c) => c.code === currency)?.id}
            onDone={(m) => {
              setCreating(false);
              setNotice(m);
            }}
          />
        )}
      </div>
      <Form method="get" className="mt-5 grid gap-3 sm:max-w-xl sm:grid-cols-2">
        <FilterSelect
          label={t('filter.currency')}
          name="currency"
          value={currency}
          options={[
            ['', t('filter.all')],
            ...coverage.map((c): [string, string] => [c.code, `${c.name} (${c.code}) · ${c.activeDetails}`]),
          ]}
        />
        <FilterSelect
          label={t('filter.status')}
          name="status"
          value={status}
          options={[
            ['', t('filter.any')],
            ['on', t('filter.on')],
            ['off', t('filter.off')],
          ]}
        />
        <noscript>
          <button type="submit" className="btn-secondary">
            {tAdmin('common.search')}
          </button>
        </noscript>
      </Form>
      <p className="mt-4 text-sm text-slate-600" aria-live="polite">
        {tAdmin('common.total', { count })}
      </p>
      <div className="mt-2">
        {pending ? (
          <SkeletonRows rows={3} />
        ) : details.length ? (
          <ul className="space-y-3">
            {details.map((d) => (
              <PaymentDetailRow key={d.id} detail={d} currencies={coverage} />
            ))}
          </ul>
        ) : (
          <EmptyState
            icon={<CreditCard aria-hidden="true" className="size-6" />}
            title={t('emptyTitle')}
            text={t('emptyText')}
          />
        )}
      </div>
      <Pagination page={page} count={count} size={pageSize} />
    </section>
  );
}

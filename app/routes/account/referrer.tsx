import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useRevalidator } from 'react-router';
import { translateFieldErrors } from '../../../shared/field-issues.ts';
import { fieldErrors } from '../../../shared/schemas/fields.ts';
import { dwQuery } from '../../../shared/schemas/referral.ts';
import { accountReader } from '../../components/account/account-reader.server.ts';
import { DwHistory } from '../../components/account/dw-history.tsx';
import { pageCount, pageParam } from '../../components/account/list-query.ts';
import { ReferralSummaryPanel } from '../../components/account/referral-summary.tsx';
import { AccountError, usePendingList } from '../../components/account/states.tsx';
import { WithdrawalForm } from '../../components/account/withdrawal-form.tsx';
import { WithdrawalsList } from '../../components/account/withdrawals-list.tsx';
import { AccountSection } from '../../components/account-section.tsx';
import type { Route } from './+types/referrer';

const NotificationModal = lazy(() => import('../../components/notification-modal.tsx'));

const historySize = 20;
const withdrawalsSize = 10;

/**
 * The referral programme (users/me/refferal/, /dw/, /withdrawal/; docs/product/api.md), read in-process as the user
 * (account-reader.server.ts says why). The history's `page`, `date_from`, `date_to` and the withdrawals' `wpage` are in
 * the address. Bad dates get the API's own field errors (the same schema and range rule as its dw route).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { user, services, locale } = await accountReader(context, request);
  const params = new URL(request.url).searchParams;
  const filter = { date_from: params.get('date_from') ?? '', date_to: params.get('date_to') ?? '' };
  const { referral } = services;

  // The GET form sends an empty field as `date_from=`: no filter, as the API's callers would omit it.
  const parsed = dwQuery.safeParse({
    page: String(pageParam(params.get('page'))),
    size: String(historySize),
    date_from: filter.date_from || undefined,
    date_to: filter.date_to || undefined,
  });
  const errors: Record<string, string[]> = parsed.success
    ? {}
    : translateFieldErrors(fieldErrors(parsed.error), locale);

  const [summary, history, withdrawals] = await Promise.all([
    referral.summary(user.id, locale),
    (async () => {
      if (!parsed.success || Object.keys(errors).length) return { items: null, count: 0, page: 1 };
      const q = parsed.data;
      let found = await referral.history(user.id, q);
      // Past the last page (a stale link): the last page rather than an empty one.
      const last = pageCount(found.count, historySize);
      if (q.page > last) found = await referral.history(user.id, { ...q, page: last });
      return { items: found.results, count: found.count, page: Math.min(q.page, last) };
    })(),
    (async () => {
      const page = pageParam(params.get('wpage'));
      let found = await referral.withdrawals(user.id, page, withdrawalsSize);
      const last = pageCount(found.count, withdrawalsSize);
      if (page > last) found = await referral.withdrawals(user.id, last, withdrawalsSize);
      return { items: found.results, count: found.count, page: Math.min(page, last) };
    })(),
  ]);
  return { summary, history: { ...history, filter, errors }, withdrawals };
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10 border-t border-slate-200 pt-8">
      <h2 id={id} className="mb-4 text-xl font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function ReferrerRoute({ loaderData }: Route.ComponentProps) {
  const { summary, history, withdrawals } = loaderData;
  const { t } = useTranslation('account');
  const revalidator = useRevalidator();
  // Bumped after each created request: remounts the form, so the next request starts empty with a new key.
  const [created, setCreated] = useState(0);
  const [notice, setNotice] = useState(false);
  const formBox = useRef<HTMLDivElement>(null);
  const historyPending = usePendingList(['page', 'date_from', 'date_to']);
  const withdrawalsPending = usePendingList(['wpage']);

  return (
    <>
      <AccountSection section="referrer" />
      <div className="mt-6">
        <ReferralSummaryPanel summary={summary} />
      </div>

      <Section id="withdraw-title" title={t('referrer.form.title')}>
        <div className="max-w-lg" ref={formBox}>
          <WithdrawalForm
            key={created}
            limits={{ balance: summary.balance, minWithdrawal: summary.minWithdrawal }}
            currency={summary.currency}
            onCreated={() => {
              // The new form is in place before the dialog opens, and its amount field has the focus: the dialog
              // returns the focus there when it closes (Escape, its button, a click outside). The pressed button went
              // with the old form, and the focus went to the body with it.
              flushSync(() => setCreated((n) => n + 1));
              formBox.current?.querySelector('input')?.focus();
              setNotice(true);
              // The balance, the history and the list all changed: read them again.
              void revalidator.revalidate();
            }}
          />
        </div>
      </Section>

      <Section id="withdrawals-title" title={t('referrer.withdrawals.title')}>
        <WithdrawalsList
          {...withdrawals}
          size={withdrawalsSize}
          currency={summary.currency}
          pending={withdrawalsPending}
        />
      </Section>

      <Section id="history-title" title={t('referrer.history.title')}>
        <DwHistory {...history} size={historySize} currency={summary.currency} pending={historyPending} />
      </Section>

      {notice && (
        <Suspense fallback={null}>
          <NotificationModal
            isOpen={notice}
            onOpenChange={setNotice}
            title={t('referrer.form.successTitle')}
            message="withdrawalCreated"
            size="small"
          />
        </Suspense>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <AccountError />;
}

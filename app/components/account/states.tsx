import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useLocation, useNavigation, useRevalidator } from 'react-router';
import { TriangleExclamationPoint as AlertTriangle } from '../icons/triangle-exclamation-point.tsx';
import { LoaderCircle } from '../icons/loader-circle.tsx';
import { RotateCw } from '../icons/rotate-cw.tsx';

/** What a list shows when it has nothing: a title, a line on why, and what to do next. */
export function EmptyState({
  icon,
  title,
  text,
  action,
  testId,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div
      className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 px-6 py-10 text-center"
      data-testid={testId}
    >
      <div className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">{icon}</div>
      <h2 className="mt-4 text-lg font-semibold text-ink">{title}</h2>
      <p className="mt-1 max-w-md text-slate-600">{text}</p>
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}

/** Grey placeholders in the shape of `rows` list rows, while a filter or page loads. */
export function SkeletonRows({ rows = 3, testId }: { rows?: number; testId?: string }) {
  const { t } = useTranslation('account');
  return (
    <div data-testid={testId}>
      <p className="sr-only">{t('common.loading')}</p>
      <ul aria-hidden="true" className="space-y-3">
        {Array.from({ length: rows }, (_, i) => (
          <li key={i} className="animate-pulse rounded-2xl p-4 ring-1 ring-slate-200">
            <div className="h-4 w-1/3 rounded bg-slate-200" />
            <div className="mt-3 h-4 w-2/3 rounded bg-slate-200" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Whether this page's own data is loading after a change of its address (filter, page): the list then shows
 * skeletons rather than the previous results, which no longer match the controls. Optionally only when `param`
 * changes, so a page with two lists shows only the one that changes as loading.
 */
export function usePendingList(params?: readonly string[]): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  const next = navigation.location;
  if (navigation.state !== 'loading' || !next || next.pathname !== location.pathname) return false;
  if (!params) return true;
  const before = new URLSearchParams(location.search);
  const after = new URLSearchParams(next.search);
  return params.some((p) => before.get(p) !== after.get(p));
}

/**
 * An account page that could not load (the database or the connection failed): said inside the account frame, with a
 * retry, instead of the whole site's error page. Exported as each account route's ErrorBoundary.
 */
export function AccountError() {
  const { t } = useTranslation('account');
  const revalidator = useRevalidator();
  const busy = revalidator.state === 'loading';
  return (
    <div role="alert" className="flex flex-col items-center py-8 text-center">
      <AlertTriangle aria-hidden="true" className="size-10 text-amber-600" />
      <h1 className="mt-3 text-xl font-semibold text-ink">{t('common.errorTitle')}</h1>
      <p className="mt-1 text-slate-600">{t('common.errorText')}</p>
      <button
        type="button"
        className="btn-primary mt-5 gap-2"
        aria-busy={busy || undefined}
        onClick={() => void revalidator.revalidate()}
      >
        {busy ? (
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <RotateCw aria-hidden="true" className="size-4" />
        )}
        {t('common.retry')}
      </button>
    </div>
  );
}

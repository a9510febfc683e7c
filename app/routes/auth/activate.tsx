import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link, useRouteLoaderData } from 'react-router';
import { LoaderCircle } from '../../components/icons/loader-circle.tsx';
import { paths } from '../../../shared/paths.ts';
import { AuthPage, AuthSuccess } from '../../components/auth/auth-page.tsx';
import { failureMessages } from '../../components/auth/use-auth-form.ts';
import { FormAlert } from '../../components/form/form-alert.tsx';
import { apiUrl, postJson, type ApiResult } from '../../lib/api.ts';
import { useLocale, useLocalizedHref } from '../../lib/locale.ts';
import type { RootData } from '../../root.tsx';
import type { Route } from './+types/activate';
import { authStrings } from '../../i18n/auth-strings.ts';
import { preloadStrings, useLocaleStrings } from '../../i18n/locale-strings.ts';

// The 'auth' strings start loading with this module (i18n/locale-strings.ts).
void preloadStrings(authStrings);

const NotificationModal = lazy(() => import('../../components/notification-modal.tsx'));

/**
 * One activation per token and page: React's development double-mount must not spend the single-use token twice
 * (the second call would report the link as used).
 */
const activations = new Map<string, Promise<ApiResult<unknown>>>();

/**
 * /activate/{token}: the page the sign-up e-mail links to (in the language of sign-up). It activates with a POST from
 * the browser, not on the page's GET: mail scanners that open links must not spend the token. Success shows
 * 'Account successfully activated' in the notification modal (docs/product/behaviour.md); a bad or expired link says
 * so, and the link opened again after it worked says the account is already active.
 * Not guarded: a logged-in customer follows the link too.
 */
export default function ActivateRoute({ params: { token } }: Route.ComponentProps) {
  useLocaleStrings(authStrings);
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const to = useLocalizedHref();
  const user = useRouteLoaderData<RootData>('root')?.user ?? null;
  const [outcome, setOutcome] = useState<{ ok: true } | { ok: false; already: boolean; messages: string[] } | null>(
    null,
  );
  const [modalOpen, setModalOpen] = useState(false);

  useEffect(() => {
    let pending = activations.get(token);
    if (!pending) {
      pending = postJson(
        apiUrl(locale, `/api/v1/users/activate/${encodeURIComponent(token)}/`),
        {},
        { anonymous: true },
      );
      activations.set(token, pending);
    }
    let current = true;
    void pending.then((result) => {
      if (!current) return;
      if (result.ok) {
        setOutcome({ ok: true });
        setModalOpen(true);
      } else {
        // The link opened again after it worked: the account is active, said as the good news it is.
        const already = (result.body as { code?: unknown } | undefined)?.code === 'already_activated';
        setOutcome({ ok: false, already, messages: failureMessages(result, t) });
      }
    });
    return () => {
      current = false;
    };
  }, [token, locale, t]);

  const next = user
    ? { to: to(paths.accountOrders), label: t('activate.toAccount') }
    : { to: to(paths.login), label: t('activate.login') };

  let body;
  if (!outcome) {
    body = (
      <p role="status" className="flex items-center gap-2 text-slate-700">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
        {t('activate.pending')}
      </p>
    );
  } else if (outcome.ok) {
    body = (
      <div className="space-y-4">
        <AuthSuccess title={t('activate.successTitle')}>{t('activate.success')}</AuthSuccess>
        <Link to={next.to} className="btn-primary w-full py-3 text-base">
          {next.label}
        </Link>
      </div>
    );
  } else if (outcome.already) {
    body = (
      <div className="space-y-4" data-testid="activate-already">
        <AuthSuccess title={t('activate.alreadyTitle')}>{t('activate.already')}</AuthSuccess>
        <Link to={next.to} className="btn-primary w-full py-3 text-base">
          {next.label}
        </Link>
      </div>
    );
  } else {
    body = (
      <div className="space-y-4">
        <FormAlert messages={outcome.messages} />
        <p className="text-sm leading-relaxed text-slate-600">{t(user ? 'activate.failedUser' : 'activate.failed')}</p>
        <Link to={next.to} className="btn-primary w-full py-3 text-base">
          {next.label}
        </Link>
      </div>
    );
  }

  return (
    <AuthPage title={t('activate.title')}>
      {body}
      {outcome?.ok && (
        <Suspense fallback={null}>
          <NotificationModal
            isOpen={modalOpen}
            onOpenChange={setModalOpen}
            title={t('activate.title')}
            message="activated"
            size="small"
          />
        </Suspense>
      )}
    </AuthPage>
  );
}

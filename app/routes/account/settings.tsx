import { useTranslation } from '../../i18n/use-translation.ts';
import { BadgeCheck } from '../../components/icons/badge-check.tsx';
import { PasswordForm } from '../../components/account/password-form.tsx';
import { AccountError } from '../../components/account/states.tsx';
import { AccountSection } from '../../components/account-section.tsx';
import { ActivationNotice } from '../../components/auth/activation-notice.tsx';
import { requireUser } from '../../lib/guards.ts';
import type { Route } from './+types/settings';

/** The user as the guard read it (shared with the layout's lookup): `activated` decides the account block. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return { user: await requireUser(context, request) };
}

/**
 * Password change and reactivation (docs/product/api.md). The layout shows its activation notice on every other account
 * page; here the notice sits in the account block instead (one notice per page: its heading and button are unique).
 */
export default function SettingsRoute({ loaderData: { user } }: Route.ComponentProps) {
  const { t } = useTranslation('account');
  return (
    <>
      <AccountSection section="settings" />
      <section aria-labelledby="settings-account" className="mt-8">
        <h2 id="settings-account" className="mb-3 text-xl font-semibold text-ink">
          {t('settings.status.title')}
        </h2>
        {user.activated ? (
          <p className="flex items-start gap-2 text-slate-700" data-testid="account-activated">
            <BadgeCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
            {t('settings.status.activated', { email: user.email })}
          </p>
        ) : (
          <ActivationNotice email={user.email} />
        )}
      </section>
      <section aria-labelledby="settings-password" className="mt-10 border-t border-slate-200 pt-8">
        <h2 id="settings-password" className="mb-3 text-xl font-semibold text-ink">
          {t('settings.password.title')}
        </h2>
        <PasswordForm />
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <AccountError />;
}

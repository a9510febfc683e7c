import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { AuthPage, AuthSuccess } from '../../components/auth/auth-page.tsx';
import { useAuthChecks, useAuthForm } from '../../components/auth/use-auth-form.ts';
import { SubmitButton, TextField } from '../../components/form/fields.tsx';
import { FormAlert } from '../../components/form/form-alert.tsx';
import { apiUrl, postJson } from '../../lib/api.ts';
import { requireGuest } from '../../lib/guards.ts';
import { useLocale, useLocalizedHref } from '../../lib/locale.ts';
import type { Route } from './+types/forget';
import { authStrings } from '../../i18n/auth-strings.ts';
import { preloadStrings, useLocaleStrings } from '../../i18n/locale-strings.ts';

// The 'auth' strings start loading with this module (i18n/locale-strings.ts).
void preloadStrings(authStrings);

/**
 * The 'guest' guard (docs/product/behaviour.md): a logged-in visitor goes to the account (the password changes in the
 * settings).
 */
export function loader({ context, request }: Route.LoaderArgs) {
  return requireGuest(context, request);
}

/**
 * /forget: asks for a password reset link (POST /api/v1/users/restore/, docs/product/api.md). The server answers alike
 * for any address, and so does the page: it never tells whether an account exists.
 */
export default function ForgetRoute() {
  useLocaleStrings(authStrings);
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const to = useLocalizedHref();
  const check = useAuthChecks();
  const [done, setDone] = useState<string | null>(null);
  const form = useAuthForm({ email: '' });

  const onSubmit = form.onSubmit(
    (v) => ({ email: check.email(v.email) }),
    (v) =>
      postJson(apiUrl(locale, '/api/v1/users/restore/'), { email: v.email.trim().toLowerCase() }, { anonymous: true }),
    (_data, v) => setDone(v.email.trim().toLowerCase()),
  );

  return (
    <AuthPage title={t('forget.title')} intro={done ? undefined : t('forget.intro')}>
      {done ? (
        <AuthSuccess title={t('forget.successTitle')}>{t('forget.success', { email: done })}</AuthSuccess>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <FormAlert messages={form.general} />
          <TextField
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={t('fields.emailPlaceholder')}
            {...form.text('email')}
          />
          <SubmitButton submitting={form.submitting}>{t('forget.submit')}</SubmitButton>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={to(paths.login)} className="link">
          {t('forget.back')}
        </Link>
      </p>
    </AuthPage>
  );
}

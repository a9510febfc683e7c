import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { richText } from '../../i18n/rich-text.tsx';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { AuthPage, AuthSuccess } from '../../components/auth/auth-page.tsx';
import { signupEmailIssue, signupPasswordIssue } from '../../components/auth/signup-check.ts';
import { useAuthChecks, useAuthForm } from '../../components/auth/use-auth-form.ts';
import { CheckboxField, PasswordField, SubmitButton, TextField } from '../../components/form/fields.tsx';
import { FormAlert } from '../../components/form/form-alert.tsx';
import { apiUrl, postJson } from '../../lib/api.ts';
import { requireGuest } from '../../lib/guards.ts';
import { useLocale, useLocalizedHref } from '../../lib/locale.ts';
import { minPasswordLength } from '../../lib/validation.ts';
import type { Route } from './+types/register';
import { authStrings } from '../../i18n/auth-strings.ts';
import { preloadStrings, useLocaleStrings } from '../../i18n/locale-strings.ts';

// The 'auth' strings start loading with this module (i18n/locale-strings.ts).
void preloadStrings(authStrings);

/** The 'guest' guard (docs/product/behaviour.md): a logged-in visitor goes to the account. */
export function loader({ context, request }: Route.LoaderArgs) {
  return requireGuest(context, request);
}

/**
 * /register: sign-up (POST /api/v1/users/signup/, docs/product/api.md); the server's DRF errors show as they come. A
 * referral code in the address (`?ref=`) goes along as `refferal` (the API's spelling); remembering it across visits is
 * the referral programme's part.
 */
export default function RegisterRoute() {
  useLocaleStrings(authStrings);
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const to = useLocalizedHref();
  const refferal = useSearchParams()[0].get('ref')?.trim() || null;
  const check = useAuthChecks();
  const [done, setDone] = useState<string | null>(null);
  const form = useAuthForm({ email: '', password: '', password_confirm: '', agree: false });

  const onSubmit = form.onSubmit(
    (v) => ({
      email: check.email(v.email) ?? signupEmailIssue(v.email, locale),
      password: check.newPassword(v.password) ?? signupPasswordIssue(v.password, v.email, locale),
      password_confirm: check.confirm(v.password_confirm, v.password),
      agree: v.agree ? undefined : [t('validation.agreeRequired')],
    }),
    (v) =>
      postJson(
        apiUrl(locale, '/api/v1/users/signup/'),
        {
          email: v.email.trim().toLowerCase(),
          password: v.password,
          password_confirm: v.password_confirm,
          ...(refferal ? { refferal } : {}),
        },
        { anonymous: true },
      ),
    (_data, v) => setDone(v.email.trim().toLowerCase()),
  );

  return (
    <AuthPage title={t('register.title')} intro={done ? undefined : t('register.intro')}>
      {done ? (
        <AuthSuccess title={t('register.successTitle')}>{t('register.success', { email: done })}</AuthSuccess>
      ) : (
        <form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
          <FormAlert messages={form.general} />
          <TextField
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={t('fields.emailPlaceholder')}
            {...form.text('email')}
          />
          <PasswordField
            label={t('fields.password')}
            autoComplete="new-password"
            hint={t('fields.passwordHint', { count: minPasswordLength })}
            {...form.text('password')}
          />
          <PasswordField label={t('fields.confirm')} autoComplete="new-password" {...form.text('password_confirm')} />
          <CheckboxField {...form.checkbox('agree')}>
            {richText(t('register.agree'), { rules: <Link to={to(paths.rules)} className="link" /> })}
          </CheckboxField>
          <SubmitButton submitting={form.submitting}>{t('register.submit')}</SubmitButton>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        {t('register.haveAccount')}{' '}
        <Link to={to(paths.login)} className="link">
          {t('register.login')}
        </Link>
      </p>
    </AuthPage>
  );
}

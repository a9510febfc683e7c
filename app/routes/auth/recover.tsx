import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { AuthPage, AuthSuccess } from '../../components/auth/auth-page.tsx';
import { useAuthChecks, useAuthForm } from '../../components/auth/use-auth-form.ts';
import { PasswordField, SubmitButton } from '../../components/form/fields.tsx';
import { FormAlert } from '../../components/form/form-alert.tsx';
import { apiUrl, getJson, postJson } from '../../lib/api.ts';
import { requireGuest } from '../../lib/guards.ts';
import { useLocale, useLocalizedHref } from '../../lib/locale.ts';
import { minPasswordLength } from '../../lib/validation.ts';
import type { Route } from './+types/recover';
import { authStrings } from '../../i18n/auth-strings.ts';
import { preloadStrings, useLocaleStrings } from '../../i18n/locale-strings.ts';

// The 'auth' strings start loading with this module (i18n/locale-strings.ts).
void preloadStrings(authStrings);

/** The 'guest' guard (docs/product/behaviour.md): a logged-in visitor goes to the account. */
export function loader({ context, request }: Route.LoaderArgs) {
  return requireGuest(context, request);
}

/**
 * /recover?token=...: sets a new password (POST /api/v1/users/restore/{token}/, docs/product/api.md); the e-mailed
 * token is the credential. Success ends every session, so the page then offers the login. On load it asks whether the
 * link still works (GET, which spends nothing): a used, expired or bogus one says so at once, with the way to a new
 * one, instead of after the new password was typed twice.
 */
export default function RecoverRoute() {
  useLocaleStrings(authStrings);
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const to = useLocalizedHref();
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const check = useAuthChecks();
  const [done, setDone] = useState(false);
  // The server's message when the link cannot set a password, kept with the token it is about (the address may change).
  const [refusal, setRefusal] = useState<{ token: string; messages: string[] } | null>(null);
  const invalid = refusal?.token === token ? refusal.messages : null;

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    getJson(apiUrl(locale, `/api/v1/users/restore/${encodeURIComponent(token)}/`), {
      anonymous: true,
      signal: controller.signal,
    }).then(
      (result) => {
        // Only the link's own answer: a limit or a lost connection leaves the form, whose submit will say why.
        const answer = result.ok ? (result.data as { valid: boolean; detail?: string }) : null;
        if (answer && !answer.valid) setRefusal({ token, messages: [answer.detail ?? t('recover.noToken')] });
      },
      () => {}, // aborted: the page moved on
    );
    return () => controller.abort();
  }, [token, locale, t]);
  const form = useAuthForm({ password: '', password_confirm: '' });

  const onSubmit = form.onSubmit(
    (v) => ({
      password: check.newPassword(v.password),
      password_confirm: check.confirm(v.password_confirm, v.password),
    }),
    (v) =>
      postJson(
        apiUrl(locale, `/api/v1/users/restore/${encodeURIComponent(token)}/`),
        { password: v.password, password_confirm: v.password_confirm },
        { anonymous: true },
      ),
    () => setDone(true),
  );

  let body;
  if (!token || invalid) {
    body = (
      <div className="space-y-4">
        <FormAlert messages={invalid ?? [t('recover.noToken')]} />
        <Link to={to(paths.forget)} className="btn-primary w-full py-3 text-base">
          {t('recover.requestNew')}
        </Link>
      </div>
    );
  } else if (done) {
    body = (
      <div className="space-y-4">
        <AuthSuccess title={t('recover.successTitle')}>{t('recover.success')}</AuthSuccess>
        <Link to={to(paths.login)} className="btn-primary w-full py-3 text-base">
          {t('recover.login')}
        </Link>
      </div>
    );
  } else {
    body = (
      <form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
        <FormAlert messages={form.general} />
        <PasswordField
          label={t('fields.newPassword')}
          autoComplete="new-password"
          hint={t('fields.passwordHint', { count: minPasswordLength })}
          {...form.text('password')}
        />
        <PasswordField label={t('fields.confirm')} autoComplete="new-password" {...form.text('password_confirm')} />
        <SubmitButton submitting={form.submitting}>{t('recover.submit')}</SubmitButton>
        {form.general.length > 0 && (
          <p className="text-center text-sm">
            <Link to={to(paths.forget)} className="link">
              {t('recover.requestNew')}
            </Link>
          </p>
        )}
      </form>
    );
  }

  return (
    <AuthPage title={t('recover.title')} intro={token && !done && !invalid ? t('recover.intro') : undefined}>
      {body}
    </AuthPage>
  );
}

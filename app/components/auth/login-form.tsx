import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { apiUrl, postJson } from '../../lib/api.ts';
import { useLocale, useLocalizedHref } from '../../lib/locale.ts';
import { safeNext } from '../../lib/validation.ts';
import { CheckboxField, PasswordField, SubmitButton, TextField } from '../form/fields.tsx';
import { FormAlert } from '../form/form-alert.tsx';
import { staysBusy, useAuthChecks, useAuthForm } from './use-auth-form.ts';

/**
 * The login form (login modal: docs/product/site.md; states and checks: docs/product/behaviour.md), shared by the modal
 * and the /login page. On success the browser loads the next page in full, so the header's user comes from the server
 * render and the page starts with a clean session state (docs/product/behaviour.md: a full-page redirect). `next` (from
 * the 'auth' guard) is followed only when it is a path on this site.
 */
export function LoginForm({ next, focusOnMount = false }: { next?: string | null; focusOnMount?: boolean }) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const to = useLocalizedHref();
  const check = useAuthChecks();
  const form = useAuthForm({ email: '', password: '', remember: false });

  const onSubmit = form.onSubmit(
    (v) => ({ email: check.email(v.email), password: check.password(v.password) }),
    (v) =>
      postJson(
        apiUrl(locale, '/front-api/auth/login/'),
        { email: v.email.trim().toLowerCase(), password: v.password, remember: v.remember },
        // The answer's token is not kept: the full load that follows gets its own when it needs one.
        { anonymous: true },
      ),
    () => {
      window.location.assign(safeNext(next) ?? to(paths.accountOrders));
      return staysBusy();
    },
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" data-testid="login-form">
      <FormAlert messages={form.general} />
      <TextField
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder={t('fields.emailPlaceholder')}
        // In the modal: a dialog moves focus to its first field (WAI-ARIA dialog pattern). Pages do not ask for it.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus={focusOnMount}
        {...form.text('email')}
      />
      <PasswordField label={t('fields.password')} autoComplete="current-password" {...form.text('password')} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CheckboxField {...form.checkbox('remember')}>{t('login.remember')}</CheckboxField>
        <Link to={to(paths.forget)} className="link text-sm">
          {t('login.forgot')}
        </Link>
      </div>
      <SubmitButton submitting={form.submitting}>{t('login.submit')}</SubmitButton>
      <p className="text-center text-sm">
        <Link to={to(paths.register)} className="link">
          {t('login.noAccount')}
        </Link>
      </p>
    </form>
  );
}

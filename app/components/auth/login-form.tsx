import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { apiUrl, postJson } from '../../lib/api.ts';
import { useLocale, useLocalizedHref } from '../../lib/locale.ts';
import { focusFirstError, useFormErrors } from '../../lib/use-form-errors.ts';
import { isEmail, safeNext } from '../../lib/validation.ts';
import { CheckboxField, FormAlert, PasswordField, SubmitButton, TextField } from '../form/fields.tsx';

const fieldNames = ['email', 'password'] as const;

/**
 * The login form (SPEC §2 login modal, §4 login states, §5 validation), shared by the modal and the /login page.
 * On success the browser loads the account page in full, so the session cookie and the header's user come from the
 * server (SPEC §4: a full-page redirect).
 */
export function LoginForm({ next, focusOnMount = false }: { next?: string | null; focusOnMount?: boolean }) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const to = useLocalizedHref();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const form = useFormErrors(fieldNames);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    void form.submit(async () => {
      const errors: { email?: string[]; password?: string[] } = {};
      if (!email.trim()) errors.email = [t('validation.emailRequired')];
      else if (!isEmail(email)) errors.email = [t('validation.emailInvalid')];
      if (!password) errors.password = [t('validation.passwordRequired')];
      form.setGeneral([]);
      form.setFields(errors);
      if (focusFirstError(element, fieldNames, errors)) return;

      const result = await postJson(apiUrl(locale, '/front-api/auth/login/'), {
        email: email.trim().toLowerCase(),
        password,
        remember,
      });
      if (result.ok) {
        window.location.assign(safeNext(next) ?? to(paths.accountOrders));
        return;
      }
      form.showServer(result.errors, t(result.network ? 'errors.network' : 'errors.generic'));
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" data-testid="login-form">
      <FormAlert messages={form.general} />
      <TextField
        label={t('fields.email')}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder={t('fields.emailPlaceholder')}
        // In the modal: a dialog moves focus to its first field (WAI-ARIA dialog pattern). Pages do not ask for it.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus={focusOnMount}
        value={email}
        errors={form.fields.email}
        onChange={(event) => {
          setEmail(event.target.value);
          form.clearField('email');
        }}
      />
      <PasswordField
        label={t('fields.password')}
        name="password"
        autoComplete="current-password"
        value={password}
        errors={form.fields.password}
        onChange={(event) => {
          setPassword(event.target.value);
          form.clearField('password');
        }}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CheckboxField name="remember" checked={remember} onChange={(event) => setRemember(event.target.checked)}>
          {t('login.remember')}
        </CheckboxField>
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

import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { AuthPage, AuthSuccess } from '../../components/auth/auth-page.tsx';
import { CheckboxField, FormAlert, PasswordField, SubmitButton, TextField } from '../../components/form/fields.tsx';
import { apiUrl, postJson } from '../../lib/api.ts';
import { useLocale, useLocalizedHref } from '../../lib/locale.ts';
import { focusFirstError, useFormErrors, type FieldErrors } from '../../lib/use-form-errors.ts';
import { isEmail, minPasswordLength } from '../../lib/validation.ts';

const fieldNames = ['email', 'password', 'password_confirm', 'agree'] as const;
type Field = (typeof fieldNames)[number];

/** /register: sign-up (SPEC §7 POST /api/v1/users/signup/); the server's DRF errors show as they come. */
export default function RegisterRoute() {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const to = useLocalizedHref();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [agree, setAgree] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const form = useFormErrors(fieldNames);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    void form.submit(async () => {
      const errors: FieldErrors<Field> = {};
      if (!email.trim()) errors.email = [t('validation.emailRequired')];
      else if (!isEmail(email)) errors.email = [t('validation.emailInvalid')];
      if (!password) errors.password = [t('validation.passwordRequired')];
      else if (password.length < minPasswordLength)
        errors.password = [t('validation.passwordShort', { min: minPasswordLength })];
      if (!confirm) errors.password_confirm = [t('validation.confirmRequired')];
      else if (confirm !== password) errors.password_confirm = [t('validation.confirmMismatch')];
      if (!agree) errors.agree = [t('validation.agreeRequired')];
      form.setGeneral([]);
      form.setFields(errors);
      if (focusFirstError(element, fieldNames, errors)) return;

      const address = email.trim().toLowerCase();
      const result = await postJson(apiUrl(locale, '/api/v1/users/signup/'), {
        email: address,
        password,
        password_confirm: confirm,
      });
      if (result.ok) setDone(address);
      else form.showServer(result.errors, t(result.network ? 'errors.network' : 'errors.generic'));
    });
  };

  return (
    <AuthPage title={t('register.title')} intro={done ? undefined : t('register.intro')}>
      {done ? (
        <AuthSuccess title={t('register.successTitle')}>{t('register.success', { email: done })}</AuthSuccess>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <FormAlert messages={form.general} />
          <TextField
            label={t('fields.email')}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={t('fields.emailPlaceholder')}
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
            autoComplete="new-password"
            hint={t('fields.passwordHint', { min: minPasswordLength })}
            value={password}
            errors={form.fields.password}
            onChange={(event) => {
              setPassword(event.target.value);
              form.clearField('password');
            }}
          />
          <PasswordField
            label={t('fields.confirm')}
            name="password_confirm"
            autoComplete="new-password"
            value={confirm}
            errors={form.fields.password_confirm}
            onChange={(event) => {
              setConfirm(event.target.value);
              form.clearField('password_confirm');
            }}
          />
          <CheckboxField
            name="agree"
            checked={agree}
            errors={form.fields.agree}
            onChange={(event) => {
              setAgree(event.target.checked);
              form.clearField('agree');
            }}
          >
            <Trans
              t={t}
              i18nKey="register.agree"
              components={{ rules: <Link to={to(paths.rules)} className="link" /> }}
            />
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

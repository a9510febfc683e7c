import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { AuthPage, AuthSuccess } from '../../components/auth/auth-page.tsx';
import { FormAlert, SubmitButton, TextField } from '../../components/form/fields.tsx';
import { apiUrl, postJson } from '../../lib/api.ts';
import { useLocale, useLocalizedHref } from '../../lib/locale.ts';
import { focusFirstError, useFormErrors } from '../../lib/use-form-errors.ts';
import { isEmail } from '../../lib/validation.ts';

const fieldNames = ['email'] as const;

/** /forget: asks for a password reset link (SPEC §7 POST /api/v1/users/restore/). */
export default function ForgetRoute() {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const to = useLocalizedHref();
  const [email, setEmail] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const form = useFormErrors(fieldNames);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    void form.submit(async () => {
      const error = !email.trim()
        ? t('validation.emailRequired')
        : !isEmail(email)
          ? t('validation.emailInvalid')
          : null;
      form.setGeneral([]);
      const errors = error ? { email: [error] } : {};
      form.setFields(errors);
      if (focusFirstError(element, fieldNames, errors)) return;
      const address = email.trim().toLowerCase();
      const result = await postJson(apiUrl(locale, '/api/v1/users/restore/'), { email: address });
      if (result.ok) setDone(address);
      else form.showServer(result.errors, t(result.network ? 'errors.network' : 'errors.generic'));
    });
  };

  return (
    <AuthPage title={t('forget.title')} intro={done ? undefined : t('forget.intro')}>
      {done ? (
        <AuthSuccess title={t('forget.successTitle')}>{t('forget.success', { email: done })}</AuthSuccess>
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

import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { AuthPage, AuthSuccess } from '../../components/auth/auth-page.tsx';
import { FormAlert, PasswordField, SubmitButton } from '../../components/form/fields.tsx';
import { apiUrl, postJson } from '../../lib/api.ts';
import { useLocale, useLocalizedHref } from '../../lib/locale.ts';
import { focusFirstError, useFormErrors, type FieldErrors } from '../../lib/use-form-errors.ts';
import { minPasswordLength } from '../../lib/validation.ts';

const fieldNames = ['password', 'password_confirm'] as const;
type Field = (typeof fieldNames)[number];

/** /recover?token=...: sets a new password (SPEC §7 POST /api/v1/users/restore/{token}/), the link comes by e-mail. */
export default function RecoverRoute() {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const to = useLocalizedHref();
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState(false);
  const form = useFormErrors(fieldNames);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    void form.submit(async () => {
      const errors: FieldErrors<Field> = {};
      if (!password) errors.password = [t('validation.passwordRequired')];
      else if (password.length < minPasswordLength)
        errors.password = [t('validation.passwordShort', { min: minPasswordLength })];
      if (!confirm) errors.password_confirm = [t('validation.confirmRequired')];
      else if (confirm !== password) errors.password_confirm = [t('validation.confirmMismatch')];
      form.setGeneral([]);
      form.setFields(errors);
      if (focusFirstError(element, fieldNames, errors)) return;
      const result = await postJson(apiUrl(locale, `/api/v1/users/restore/${encodeURIComponent(token)}/`), {
        password,
        password_confirm: confirm,
      });
      if (result.ok) setDone(true);
      else form.showServer(result.errors, t(result.network ? 'errors.network' : 'errors.generic'));
    });
  };

  let body;
  if (!token) {
    body = (
      <div className="space-y-4">
        <FormAlert messages={[t('recover.noToken')]} />
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
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <FormAlert messages={form.general} />
        <PasswordField
          label={t('fields.newPassword')}
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
        <SubmitButton submitting={form.submitting}>{t('recover.submit')}</SubmitButton>
      </form>
    );
  }

  return (
    <AuthPage title={t('recover.title')} intro={token && !done ? t('recover.intro') : undefined}>
      {body}
    </AuthPage>
  );
}

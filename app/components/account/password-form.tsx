import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { CircleCheck as CheckCircle2 } from '../icons/circle-check.tsx';
import { apiUrl, postJson } from '../../lib/api.ts';
import { useLocale } from '../../lib/locale.ts';
import { minPasswordLength } from '../../lib/validation.ts';
import { useAuthChecks, useAuthForm } from '../auth/use-auth-form.ts';
import { PasswordField, SubmitButton } from '../form/fields.tsx';
import { FormAlert } from '../form/form-alert.tsx';
import { authStrings } from '../../i18n/auth-strings.ts';
import { preloadStrings, useLocaleStrings } from '../../i18n/locale-strings.ts';

// The 'auth' strings start loading with this module (i18n/locale-strings.ts).
void preloadStrings(authStrings);

/**
 * POST /api/v1/users/me/password/ (docs/product/api.md): the current password, the new one twice (the repeat is checked
 * here only; the API takes `old_password` and `new_password`). The server keeps this session and ends every other
 * (0007). After a success the form starts over (the owner's key), and the message stays until the next change.
 */
export function PasswordForm() {
  const { t } = useTranslation('account');
  useLocaleStrings(authStrings);
  const { t: tAuth } = useTranslation('auth');
  const locale = useLocale();
  const check = useAuthChecks();
  const [round, setRound] = useState(0);
  const [done, setDone] = useState(false);
  const success = useRef<HTMLParagraphElement>(null);
  // A success starts the form over, which takes the focused submit button away (focus fell to the body): the
  // message takes the focus, so keyboard and screen-reader users are where the news is.
  useEffect(() => {
    if (round > 0) success.current?.focus();
  }, [round]);
  return (
    <div className="max-w-md space-y-4">
      <p className="text-sm text-slate-600">{t('settings.password.note')}</p>
      <div role="status">
        {done && (
          <p
            ref={success}
            tabIndex={-1}
            className="flex items-start gap-2 rounded-xl bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900 ring-1 ring-emerald-200 outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
          >
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t('settings.password.success')}
          </p>
        )}
      </div>
      <Fields
        key={round}
        onTyping={() => setDone(false)}
        onDone={() => {
          setDone(true);
          setRound((n) => n + 1);
        }}
        check={check}
        locale={locale}
        labels={{
          old: t('settings.password.old'),
          new: t('settings.password.new'),
          confirm: t('settings.password.confirm'),
          submit: t('settings.password.submit'),
          hint: tAuth('fields.passwordHint', { count: minPasswordLength }),
        }}
      />
    </div>
  );
}

function Fields({
  onDone,
  onTyping,
  check,
  locale,
  labels,
}: {
  onDone: () => void;
  onTyping: () => void;
  check: ReturnType<typeof useAuthChecks>;
  locale: ReturnType<typeof useLocale>;
  labels: Record<'old' | 'new' | 'confirm' | 'submit' | 'hint', string>;
}) {
  const form = useAuthForm({ old_password: '', new_password: '', confirm: '' });
  const onSubmit = form.onSubmit(
    (v) => ({
      old_password: check.password(v.old_password),
      new_password: check.newPassword(v.new_password),
      confirm: check.confirm(v.confirm, v.new_password),
    }),
    (v) =>
      postJson(apiUrl(locale, '/api/v1/users/me/password/'), {
        old_password: v.old_password,
        new_password: v.new_password,
      }),
    onDone,
  );
  const field = (name: 'old_password' | 'new_password' | 'confirm') => {
    const props = form.text(name);
    return {
      ...props,
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        onTyping();
        props.onChange(e);
      },
    };
  };
  return (
    <form method="post" noValidate onSubmit={onSubmit} className="space-y-4" data-testid="password-form">
      <FormAlert messages={form.general} />
      <PasswordField label={labels.old} autoComplete="current-password" {...field('old_password')} />
      <PasswordField label={labels.new} autoComplete="new-password" hint={labels.hint} {...field('new_password')} />
      <PasswordField label={labels.confirm} autoComplete="new-password" {...field('confirm')} />
      <SubmitButton submitting={form.submitting}>{labels.submit}</SubmitButton>
    </form>
  );
}

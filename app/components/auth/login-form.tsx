import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import { landingPath, paths } from '../../../shared/paths.ts';
import type { LoginAnswer, LoginCaptchaNeeded } from '../../../shared/schemas/auth.ts';
import type { CaptchaCheck } from '../../../shared/schemas/exchange.ts';
import { apiUrl, postJson, type ApiResult } from '../../lib/api.ts';
import { useLocale, useLocalizedHref } from '../../lib/locale.ts';
import { safeNext } from '../../lib/validation.ts';
import { Captcha, useCaptchaHandle } from '../captcha/captcha.tsx';
import { CheckboxField, PasswordField, SubmitButton, TextField } from '../form/fields.tsx';
import { FormAlert } from '../form/form-alert.tsx';
import { staysBusy, useAuthChecks, useAuthForm } from './use-auth-form.ts';
import { authStrings } from '../../i18n/auth-strings.ts';
import { preloadStrings, useLocaleStrings } from '../../i18n/locale-strings.ts';

// The 'auth' strings start loading with this module (i18n/locale-strings.ts).
void preloadStrings(authStrings);

/**
 * The login form (login modal: docs/product/site.md; states and checks: docs/product/behaviour.md), shared by the modal
 * and the /login page. On success the browser loads the next page in full, so the header's user comes from the server
 * render and the page starts with a clean session state (docs/product/behaviour.md: a full-page redirect). `next` (from
 * the 'auth' guard) is followed only when it is a path on this site.
 *
 * After several failed logins of an account the server asks for the captcha (docs/auth.md): its answer says which, the
 * form shows the widget (which solves itself in a few seconds) and sends the proof with the next submit. A proof
 * counts once, so after any failed attempt that sent one the widget solves a new challenge.
 */
/** The form asks the widget for its proof when it sends (`proofFrom`), so nothing keeps it on each change. */
const noProofKept = () => {};

export function LoginForm({ next, focusOnMount = false }: { next?: string | null; focusOnMount?: boolean }) {
  useLocaleStrings(authStrings);
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const to = useLocalizedHref();
  const check = useAuthChecks();
  const form = useAuthForm({ email: '', password: '', remember: false });

  const { t: tFrame } = useTranslation('frame');
  const [captchaCheck, setCaptchaCheck] = useState<CaptchaCheck | null>(null);
  const captcha = useCaptchaHandle();

  const send = async (v: typeof form.values): Promise<ApiResult<LoginAnswer>> => {
    let proof: string | null = null;
    if (captchaCheck?.provider === 'altcha') {
      proof = await captcha.proof();
      if (!proof) return { ok: false, status: 0, errors: { general: [tFrame('captcha.failed')], fields: {} } };
    }
    const result = await postJson<LoginAnswer>(
      apiUrl(locale, '/front-api/auth/login/'),
      {
        email: v.email.trim().toLowerCase(),
        password: v.password,
        remember: v.remember,
        ...(proof ? { captcha: proof } : {}),
      },
      // The answer's token is not kept: the full load that follows gets its own when it needs one.
      { anonymous: true },
    );
    if (!result.ok) {
      const needed = (result.body as Partial<LoginCaptchaNeeded> | null)?.captchaCheck;
      if (needed && typeof needed === 'object') setCaptchaCheck(needed);
      if (proof) captcha.reset();
    }
    return result;
  };

  const onSubmit = form.onSubmit(
    (v) => ({ email: check.email(v.email), password: check.password(v.password) }),
    send,
    (answer) => {
      // `next` (a page the guard sent the visitor from) first; else the account's own landing: staff to the console.
      window.location.assign(safeNext(next) ?? to(landingPath(answer.role)));
      return staysBusy();
    },
  );

  // The script sends the form (its button waits for hydration: app/lib/use-hydrated.ts). `method="post"` is for the
  // case nothing else covers: a native submit then carries no password in the address.
  return (
    <form method="post" noValidate onSubmit={onSubmit} className="space-y-4" data-testid="login-form">
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
      {/* The server's message (why the check is there) is in the block above the form. */}
      <Captcha check={captchaCheck} engaged locale={locale} handleRef={captcha.handleRef} onProof={noProofKept} />
      <SubmitButton submitting={form.submitting}>{t('login.submit')}</SubmitButton>
      <p className="text-center text-sm">
        <Link to={to(paths.register)} className="link">
          {t('login.noAccount')}
        </Link>
      </p>
    </form>
  );
}

import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { MailExclamationPoint as MailWarning } from '../icons/mail-exclamation-point.tsx';
import { apiUrl, postJson } from '../../lib/api.ts';
import { useLocale } from '../../lib/locale.ts';
import { FormAlert } from '../form/form-alert.tsx';
import { failureMessages } from './use-auth-form.ts';
import { authStrings } from '../../i18n/auth-strings.ts';
import { preloadStrings, useLocaleStrings } from '../../i18n/locale-strings.ts';

// The 'auth' strings start loading with this module (i18n/locale-strings.ts).
void preloadStrings(authStrings);

/**
 * The account area's notice to a customer who has not confirmed their e-mail yet (0007: inactive accounts may log
 * in), with the reactivation call (docs/product/api.md): a fresh link by e-mail. An authenticated call, so it goes with
 * the session's bearer token (and its refresh-and-retry).
 */
export function ActivationNotice({ email }: { email: string }) {
  const { t } = useTranslation('account');
  useLocaleStrings(authStrings);
  const { t: tAuth } = useTranslation('auth');
  const locale = useLocale();
  const [state, setState] = useState<{ sending: boolean; sent: string | null; errors: string[] }>({
    sending: false,
    sent: null,
    errors: [],
  });

  const resend = async () => {
    if (state.sending) return;
    setState({ sending: true, sent: null, errors: [] });
    const result = await postJson<{ detail: string }>(apiUrl(locale, '/api/v1/users/reactivate/'), {});
    if (result.ok) setState({ sending: false, sent: result.data.detail, errors: [] });
    else setState({ sending: false, sent: null, errors: failureMessages(result, tAuth) });
  };

  return (
    <section
      aria-labelledby="activation-notice"
      className="mb-6 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950 sm:p-5"
    >
      <div className="flex items-start gap-3">
        <MailWarning aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
        <div className="min-w-0 flex-1">
          <h2 id="activation-notice" className="font-semibold">
            {t('activation.title')}
          </h2>
          <p className="mt-1 leading-relaxed">{t('activation.text', { email })}</p>
          <div role="status" className={state.sent ? 'mt-3 font-medium text-emerald-800' : 'sr-only'}>
            {state.sent}
          </div>
          <div className="mt-3">
            <FormAlert messages={state.errors} />
          </div>
          {!state.sent && (
            <button
              type="button"
              onClick={() => void resend()}
              aria-busy={state.sending || undefined}
              className="btn-secondary"
            >
              {t('activation.resend')}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}

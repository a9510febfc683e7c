import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { apiUrl, postJson } from '../../lib/api.ts';
import { useLocale } from '../../lib/locale.ts';
import { Field } from '../exchange/form-parts.tsx';
import { ClaimStepForm } from './claim-step-form.tsx';
import { claimPanelStrings } from '../../i18n/claim-strings.ts';
import { preloadStrings, useLocaleStrings } from '../../i18n/locale-strings.ts';

// Its strings are the panels' (claimPanels), not a new claim's first load: confirm-paid.tsx loads them beside this
// module, so they are there when the step renders.
void preloadStrings(claimPanelStrings);

/**
 * The second step of "I have paid" (confirm-paid.tsx): an optional payment reference and "Yes, I have paid", which
 * posts /claim/{id}/confirm/. Its own module: it loads when the customer reaches for the button, not with every claim
 * page (docs/decisions/0028). A 400 shows at the field, a 409 (expired, or an operator acted) above the buttons, and
 * the page then reads where the claim is now.
 */
export function ConfirmStep({
  uuid,
  onPaid,
  onRefused,
  onBack,
}: {
  uuid: string;
  onPaid: () => void;
  onRefused: () => void;
  onBack: () => void;
}) {
  useLocaleStrings(claimPanelStrings);
  const { t } = useTranslation('claimPanels');
  const { t: tClaim } = useTranslation('claim');
  const locale = useLocale();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<string[] | undefined>(undefined);
  const step = useRef<HTMLFormElement>(null);

  // Keyboard focus moves into the reference field as the step opens: in the same commit that shows it (a passive
  // effect ran a moment later, so the form could be on screen, and found by a test, before the field had focus).
  useLayoutEffect(() => {
    step.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, []);

  async function confirm(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (sending) return;
    const txid = String(new FormData(e.currentTarget).get('txid') ?? '').trim();
    setSending(true);
    setError(null);
    setFieldErrors(undefined);
    const res = await postJson(apiUrl(locale, `/api/v1/claim/${encodeURIComponent(uuid)}/confirm/`), { txid });
    setSending(false);
    if (res.ok) {
      onPaid();
      return;
    }
    if (res.network) {
      setError(tClaim('pay.offline'));
      return;
    }
    if (res.errors.fields.txid?.length) {
      setFieldErrors(res.errors.fields.txid);
      step.current?.querySelector<HTMLInputElement>('input')?.focus();
      return;
    }
    setError(res.errors.general[0] ?? t('confirmStep.failed'));
    // A 409 means the claim moved on (expired, or an operator acted): show where it is now.
    if (res.status === 409) onRefused();
  }

  return (
    <ClaimStepForm
      ref={step}
      onSubmit={(e) => void confirm(e)}
      titleId="claim-confirm-title"
      title={t('confirmStep.title')}
      text={t('confirmStep.text')}
      className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
      testId="confirm-step"
      error={error}
      sending={sending}
      submit={{
        label: t('confirmStep.yes'),
        sendingLabel: t('confirmStep.sending'),
        testId: 'confirm-yes',
        className: 'w-full px-6 py-3 text-base sm:w-auto',
      }}
      cancel={{ label: t('confirmStep.back'), onClick: onBack, className: 'w-full px-5 py-3 sm:w-auto' }}
    >
      <Field
        label={t('confirmStep.reference')}
        name="txid"
        maxLength={200}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        hint={t('confirmStep.referenceHint')}
        errors={fieldErrors}
      />
    </ClaimStepForm>
  );
}

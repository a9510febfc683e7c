import { lazy, Suspense, useMemo, useRef, type Ref, type RefObject } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { CircleExclamationPoint as AlertCircle } from '../icons/circle-exclamation-point.tsx';
import { LoaderCircle } from '../icons/loader-circle.tsx';
import type { Locale } from '../../../shared/locales.ts';
import type { CaptchaCheck } from '../../../shared/schemas/exchange.ts';
import type { CaptchaHandle } from './altcha-widget.tsx';

export type { CaptchaHandle };

// The widget (~30 KiB gzip with its worker and styles) is fetched only once the customer starts on the form (or, on
// the login form, once the server asks for it).
const AltchaWidget = lazy(() => import('./altcha-widget.tsx'));

interface CaptchaProps {
  /** What GET /claim/captchacheck (or a login that needs the captcha) answered; null until then. */
  check: CaptchaCheck | null;
  /** The customer has started on the form: time to fetch the widget. */
  engaged: boolean;
  locale: Locale;
  handleRef: Ref<CaptchaHandle>;
  onProof: (proof: string | null) => void;
  errors?: string[] | undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The proof of the widget behind `handle`: waits for the widget's chunk when pressing the button is what brought it
 * (up to 10 s), then for its check. Null when there is no widget or the check failed.
 */
export async function proofFrom(handle: RefObject<CaptchaHandle | null>): Promise<string | null> {
  for (let i = 0; i < 100 && !handle.current; i++) await sleep(100);
  return (await handle.current?.ensure()) ?? null;
}

/** A widget's handle for a form that asks for the proof only when it sends (the login form). */
export function useCaptchaHandle() {
  const handleRef = useRef<CaptchaHandle>(null);
  return useMemo(
    () => ({
      handleRef,
      proof: () => proofFrom(handleRef),
      /** A proof counts once: the next `proof` solves a new challenge. */
      reset: () => handleRef.current?.reset(),
    }),
    [],
  );
}

/**
 * The captcha of the claim form and of the login form (after failed logins), by provider: the ALTCHA widget, or nothing for `none`. reCAPTCHA is a server option for
 * operators who want Google's; the form does not load Google's script (it would need CSP sources of its own), so with
 * that provider the server refuses the claim (or the login that needs it) with its captcha message.
 */
export function Captcha({ check, engaged, locale, handleRef, onProof, errors }: CaptchaProps) {
  const { t } = useTranslation('frame');
  if (!check || check.provider !== 'altcha' || !check.challengeUrl) {
    return errors?.length ? <CaptchaErrors errors={errors} /> : null;
  }
  const loading = (
    <p className="flex items-center gap-2 text-sm text-slate-600">
      <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
      {t('captcha.loading')}
    </p>
  );
  return (
    <div>
      {engaged ? (
        <Suspense fallback={loading}>
          <AltchaWidget challengeUrl={check.challengeUrl} locale={locale} handleRef={handleRef} onProof={onProof} />
        </Suspense>
      ) : (
        // Same height as the widget, so nothing jumps when it arrives.
        <div className="h-[3.75rem]" aria-hidden="true" />
      )}
      {errors?.length ? <CaptchaErrors errors={errors} /> : null}
    </div>
  );
}

function CaptchaErrors({ errors }: { errors: string[] }) {
  return (
    <p id="captcha-error" className="mt-1.5 flex items-start gap-1.5 text-sm text-red-700">
      <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{errors.join(' ')}</span>
    </p>
  );
}

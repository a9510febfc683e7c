import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { LoaderCircle } from '../icons/loader-circle.tsx';
import type { ConfirmStep as Step } from './confirm-step.tsx';
import { claimPanelStrings } from '../../i18n/claim-strings.ts';
import { preloadStrings } from '../../i18n/locale-strings.ts';

type StepComponent = ComponentType<Parameters<typeof Step>[0]>;
/** The step's module once loaded: a later claim page (or a second "I have paid") opens it at once. */
let loadedStep: StepComponent | null = null;
// The step's strings (claimPanels) load beside its code: it renders with both or not at all (a failed load of either
// is the button's "No connection…").
const loadStep = () =>
  Promise.all([import('./confirm-step.tsx'), preloadStrings(claimPanelStrings)]).then(
    ([m]) => (loadedStep = m.ConfirmStep),
  );

/**
 * "I have paid" in two steps: the button opens a short confirmation with an optional payment reference (a hash or a
 * transfer number helps the operator find the money), and only "Yes, I have paid" posts /claim/{id}/confirm/ — a
 * stray tap on a phone must not tell the operator to look for money that was never sent.
 *
 * The step's code (its form, the field's parts) is not part of a claim page's first load (docs/decisions/0028): it
 * starts loading as the customer reaches for the button (pointer over it, a touch, keyboard focus), so it is usually
 * there by the click; if not, the button waits with a spinner, and says so when the network failed.
 */
export function ConfirmPaid({ uuid, onPaid, onRefused }: { uuid: string; onPaid: () => void; onRefused: () => void }) {
  const { t } = useTranslation('claim');
  const [open, setOpen] = useState(false);
  const [ConfirmStep, setStep] = useState<StepComponent | null>(() => loadedStep);
  const [failed, setFailed] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  // Keyboard focus goes back to the button on "Back" (the step moves it into its field on opening).
  useEffect(() => {
    if (!open && wasOpen.current) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const load = () => {
    if (ConfirmStep) return Promise.resolve(ConfirmStep);
    return loadStep().then((component) => {
      setStep(() => component);
      return component;
    });
  };
  const preload = () => void load().catch(() => undefined);
  const openStep = () => {
    setFailed(false);
    setOpen(true);
    load().catch(() => {
      setOpen(false);
      setFailed(true);
    });
  };

  if (open && ConfirmStep) {
    return <ConfirmStep uuid={uuid} onPaid={onPaid} onRefused={onRefused} onBack={() => setOpen(false)} />;
  }
  const waiting = open && !ConfirmStep;
  return (
    <>
      <button
        ref={opener}
        type="button"
        className="btn-primary w-full gap-2 px-6 py-3 text-base sm:w-auto"
        aria-expanded={false}
        aria-disabled={waiting || undefined}
        onPointerEnter={preload}
        onTouchStart={preload}
        onFocus={preload}
        onClick={() => !waiting && openStep()}
        data-testid="confirm-open"
      >
        {waiting && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
        {t('pay.confirm')}
      </button>
      {failed && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
          {t('pay.offline')}
        </p>
      )}
    </>
  );
}

import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import 'altcha/external';
import 'altcha/i18n/ru';
import 'altcha/altcha.css';
import ShaWorker from 'altcha/workers/sha?worker';
import type {} from 'altcha/types/react';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import type { Locale } from '../../../shared/locales.ts';

/**
 * The ALTCHA widget (self-hosted proof of work), in its own chunk: loaded only when the claim form is in use, or
 * the login form after failed logins.
 *
 * CSP (server/plugins/security.ts, docs/decisions/0005): the default `altcha` bundle builds its styles and its worker
 * from inline strings (a blob: worker), which `script-src 'self' 'nonce-…'` refuses. `altcha/external` leaves both
 * out: the stylesheet is a file of our own origin (style-src 'self'), and the SHA worker is bundled by Vite as a file
 * of our own origin too, which `worker-src` (falling back to script-src 'self') allows. So the policy needs no new
 * source. The widget fetches its challenge itself (a public, session-less GET of our own origin, connect-src 'self').
 */

// The server signs SHA-256 challenges (server/modules/captcha/service.ts); the other SHA sizes cost nothing to allow.
for (const algorithm of ['SHA-256', 'SHA-384', 'SHA-512'])
  globalThis.$altcha.algorithms.set(algorithm, () => new ShaWorker());

export interface CaptchaHandle {
  /** The solved proof: at once when verified, after the running check, or after a new one. Null when it fails. */
  ensure(): Promise<string | null>;
  /** Forgets the proof (the server refused it): the next `ensure` solves a new challenge. */
  reset(): void;
}

interface AltchaWidgetProps {
  challengeUrl: string;
  locale: Locale;
  handleRef: Ref<CaptchaHandle>;
  /** The proof when verified, null in every other state. */
  onProof: (proof: string | null) => void;
}

type StateDetail = { state: string; payload?: string | null };

export default function AltchaWidget({ challengeUrl, locale, handleRef, onProof }: AltchaWidgetProps) {
  const widgetRef = useRef<AltchaWidgetElement>(null);
  const proof = useRef<string | null>(null);
  const onProofRef = useRef(onProof);
  useEffect(() => {
    onProofRef.current = onProof;
  }, [onProof]);

  useEffect(() => {
    const widget = widgetRef.current;
    if (!widget) return;
    const onState = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateDetail>).detail;
      proof.current = state === 'verified' && payload ? payload : null;
      onProofRef.current(proof.current);
    };
    widget.addEventListener('statechange', onState);
    return () => widget.removeEventListener('statechange', onState);
  }, []);

  useImperativeHandle(handleRef, () => ({
    async ensure() {
      const widget = widgetRef.current;
      if (!widget) return null;
      if (proof.current) return proof.current;
      if (widget.getState() === 'verifying') {
        // A check is running (it started when the widget appeared): wait for its outcome rather than restart it.
        return new Promise<string | null>((resolve) => {
          const done = (event: Event) => {
            const { state, payload } = (event as CustomEvent<StateDetail>).detail;
            if (state === 'verifying') return;
            widget.removeEventListener('statechange', done);
            resolve(state === 'verified' ? (payload ?? null) : null);
          };
          widget.addEventListener('statechange', done);
        });
      }
      const result = await widget.verify();
      return result?.payload ?? null;
    },
    reset() {
      proof.current = null;
      widgetRef.current?.reset();
    },
  }));

  // `auto="onload"`: the check starts as soon as the widget appears (it appears once the customer starts filling the
  // form), so it is usually done before they press the button. The hidden input it adds is not read by the form.
  return (
    <altcha-widget
      ref={widgetRef}
      challenge={challengeUrl}
      language={locale}
      auto="onload"
      name="altcha"
      style={{ '--altcha-max-width': '100%', '--altcha-border-radius': '0.75rem', '--altcha-color-primary': '#1663c0' }}
    />
  );
}

import type { FormEventHandler, ReactNode, Ref } from 'react';
import { LoaderCircle } from '../icons/loader-circle.tsx';

/**
 * The box a claim's small form tells its general error in (the server's words, "No connection…"): an alert under the
 * fields. The offer panel shows it above its answer buttons too, when the refund form is closed.
 */
export function ClaimStepError({ error }: { error: string | null | undefined }) {
  return error ? (
    <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
      {error}
    </p>
  ) : null;
}

/**
 * The frame of a claim page's small forms (the "I have paid" step, the late-payment report, the re-quote's refund
 * request): a form named by its heading, a line of explanation, the fields, the general error and its two buttons (send,
 * with a spinner and its own words while it sends; back, which closes the form). Only the
 * lazy chunks import it (confirm-step.tsx loads as the customer reaches for "I have paid", the other two with the
 * statuses that show them): keep it out of the claim page's first load (docs/decisions/0028).
 */
export function ClaimStepForm({
  ref,
  onSubmit,
  titleId,
  title,
  text,
  className,
  testId,
  error,
  submit,
  cancel,
  sending,
  locked = sending,
  children,
}: {
  ref: Ref<HTMLFormElement>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The heading's id, which names the form (aria-labelledby). */
  titleId: string;
  title: string;
  text: string;
  /** The frame's own look: each form sits differently on its panel. */
  className: string;
  testId: string;
  error: string | null | undefined;
  /** The send button: its words, its words while this form sends, its test id and its size on the panel. */
  submit: { label: string; sendingLabel: string; testId: string; className: string };
  /** The button that closes the form without sending, and its size on the panel. */
  cancel: { label: string; onClick: () => void; className: string };
  /** This form's answer is on its way. */
  sending: boolean;
  /** Nothing may be sent or closed now (this form's or the panel's other answer on its way); `sending` by default. */
  locked?: boolean;
  /** The fields. */
  children: ReactNode;
}) {
  return (
    <form ref={ref} noValidate onSubmit={onSubmit} aria-labelledby={titleId} className={className} data-testid={testId}>
      <h3 id={titleId} className="font-semibold text-ink">
        {title}
      </h3>
      <p className="mt-1 mb-3 text-sm text-slate-700">{text}</p>
      {children}
      <ClaimStepError error={error} />
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          type="submit"
          className={`btn-primary gap-2 ${submit.className}`}
          aria-disabled={locked || undefined}
          data-testid={submit.testId}
        >
          {sending && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
          {sending ? submit.sendingLabel : submit.label}
        </button>
        <button
          type="button"
          className={`btn-secondary ${cancel.className}`}
          disabled={locked}
          onClick={cancel.onClick}
        >
          {cancel.label}
        </button>
      </div>
    </form>
  );
}

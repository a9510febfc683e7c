import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { CircleExclamationPoint as AlertCircle } from '../icons/circle-exclamation-point.tsx';

/**
 * Inputs of the claim form. The look of app/components/form/fields.tsx, written again here because that module also
 * holds the password field and its react-aria toggle, which the home page's calculator must not pull in.
 */

/** `read-only:` the claim form's fields while its claim is on its way (exchange-form.tsx): they look as disabled ones. */
export const inputClass =
  'block w-full scroll-mt-28 rounded-xl border bg-white px-3.5 py-2.5 text-base text-ink shadow-sm outline-none transition ' +
  'placeholder:text-slate-400 focus:border-brand-600 focus:ring-4 focus:ring-brand-100 ' +
  'aria-invalid:border-red-600 aria-invalid:focus:ring-red-100 disabled:bg-slate-50 read-only:bg-slate-50 read-only:text-slate-700';

export function ErrorList({ id, messages }: { id: string; messages: string[] }) {
  return (
    <ul id={id} className="mt-1.5 space-y-0.5 text-sm text-red-700">
      {messages.map((message) => (
        <li key={message} className="flex items-start gap-1.5">
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{message}</span>
        </li>
      ))}
    </ul>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-describedby' | 'aria-invalid'>;

/** A labelled input with its hint and errors wired through aria-describedby. */
export function Field({
  label,
  errors,
  hint,
  ...input
}: InputProps & { label: string; errors?: string[] | undefined; hint?: ReactNode }) {
  const id = useId();
  const invalid = !!errors?.length;
  const describedBy = [invalid ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div>
      {/* scroll-mt: shown below the sticky header when its field is focused for an error (use-claim-submit.ts). */}
      <label htmlFor={id} className="mb-1.5 block scroll-mt-20 text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        className={`${inputClass} ${invalid ? 'border-red-600' : 'border-slate-300'}`}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {invalid && <ErrorList id={`${id}-error`} messages={errors} />}
      {hint && !invalid && (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}

/** The columns of the send and receive sides, with the swap button's width between them. */
export const columns = 'md:grid-cols-[minmax(0,1fr)_2.75rem_minmax(0,1fr)] md:gap-x-4';

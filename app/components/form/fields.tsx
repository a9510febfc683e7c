import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ToggleButton } from 'react-aria-components';
import { Eye } from '../icons/eye.tsx';
import { EyeOff } from '../icons/eye-off.tsx';
import { LoaderCircle } from '../icons/loader-circle.tsx';
import { ErrorList } from '../exchange/form-parts.tsx';
import { authStrings } from '../../i18n/auth-strings.ts';
import { preloadStrings, useLocaleStrings } from '../../i18n/locale-strings.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

// The 'auth' strings start loading with this module (i18n/locale-strings.ts).
void preloadStrings(authStrings);

// Where the forms have always found it; the home page's claim form imports form-alert.tsx itself (no react-aria).

const inputClass =
  'block w-full rounded-xl border bg-white px-3.5 py-2.5 text-base text-ink shadow-sm outline-none transition ' +
  'placeholder:text-slate-400 focus:border-brand-600 focus:ring-4 focus:ring-brand-100 ' +
  'aria-invalid:border-red-600 aria-invalid:focus:ring-red-100';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-describedby' | 'aria-invalid'> & {
  /** Reaches the input itself (a prop like any other since React 19). */
  ref?: Ref<HTMLInputElement> | undefined;
};

interface FieldProps extends InputProps {
  label: string;
  errors?: string[] | undefined;
  hint?: string | undefined;
  /** A control inside the input's right edge (the password toggle). */
  adornment?: ReactNode;
}

/** What a field's control gets from its frame: its id, its state and its description for screen readers. */
interface ControlWiring {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
}

interface FrameProps {
  label: string;
  errors?: string[] | undefined;
  hint?: string | undefined;
  className?: string | undefined;
}

/**
 * The label, hint and errors around one control, wired through aria-describedby (the errors while there are any,
 * else the hint): the one frame of TextField, SelectField and TextAreaField.
 */
function FieldFrame({
  label,
  errors,
  hint,
  className,
  control,
}: FrameProps & { control: (w: ControlWiring) => ReactNode }) {
  const id = useId();
  const invalid = !!errors?.length;
  const wiring: ControlWiring = {
    id,
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? `${id}-error` : hint ? `${id}-hint` : undefined,
    className: `${inputClass} ${invalid ? 'border-red-600' : 'border-slate-300'}`,
  };
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {control(wiring)}
      {hint && !invalid && (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {invalid && <ErrorList id={`${id}-error`} messages={errors} />}
    </div>
  );
}

type Wired<T> = Omit<T, 'id' | 'aria-describedby' | 'aria-invalid' | 'className'> & FrameProps;

/** A labelled input with its hint and errors wired through aria-describedby. */
export function TextField({ label, errors, hint, adornment, className, ...input }: FieldProps) {
  return (
    <FieldFrame
      label={label}
      errors={errors}
      hint={hint}
      className={className}
      control={(w) => (
        <div className="relative">
          <input {...w} className={`${w.className} ${adornment ? 'pr-12' : ''}`} {...input} />
          {adornment && <div className="absolute inset-y-0 right-1 flex items-center">{adornment}</div>}
        </div>
      )}
    />
  );
}

/** A labelled native select with its errors, in the inputs' look (the console's choices: kinds, currencies). */
export function SelectField({
  label,
  errors,
  hint,
  options,
  className,
  ...select
}: Wired<SelectHTMLAttributes<HTMLSelectElement>> & { options: { value: string; label: string }[] }) {
  return (
    <FieldFrame
      label={label}
      errors={errors}
      hint={hint}
      className={className}
      control={(w) => (
        <select {...w} {...select}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/** A labelled textarea with its hint and errors, wired like TextField. */
export function TextAreaField({
  label,
  errors,
  hint,
  className,
  ...area
}: Wired<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return (
    <FieldFrame
      label={label}
      errors={errors}
      hint={hint}
      className={className}
      control={(w) => <textarea rows={3} {...w} {...area} />}
    />
  );
}

/** A password input with a show/hide toggle (a pressed-state button: its name stays 'Show password'). */
export function PasswordField(props: Omit<FieldProps, 'type' | 'adornment'>) {
  useLocaleStrings(authStrings);
  const { t } = useTranslation('auth');
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      autoCapitalize="off"
      spellCheck={false}
      adornment={
        <ToggleButton
          isSelected={shown}
          onChange={setShown}
          aria-label={t('fields.showPassword')}
          className="inline-flex size-10 cursor-pointer items-center justify-center rounded-lg text-slate-500 outline-none hover:bg-slate-100 hover:text-ink data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600"
        >
          {shown ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
        </ToggleButton>
      }
    />
  );
}

/** A checkbox with its label (native: it needs no script to work and submits like any input). */
export function CheckboxField({
  children,
  errors,
  ...input
}: Omit<InputProps, 'type'> & { children: ReactNode; errors?: string[] | undefined }) {
  const id = useId();
  const invalid = !!errors?.length;
  return (
    <div>
      <div className="flex items-start gap-2.5">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-brand-600"
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          {...input}
        />
        <label htmlFor={id} className="cursor-pointer text-sm text-slate-700">
          {children}
        </label>
      </div>
      {invalid && <ErrorList id={`${id}-error`} messages={errors} />}
    </div>
  );
}

/**
 * A form's submit button. It stays disabled until the page has hydrated (app/lib/use-hydrated.ts) unless the form also
 * works without script (`native`: a React Router `<Form method="post">` to the page's action).
 */
export function SubmitButton({
  children,
  submitting,
  native = false,
}: {
  children: ReactNode;
  submitting: boolean;
  native?: boolean;
}) {
  useLocaleStrings(authStrings);
  const { t } = useTranslation('auth');
  const hydrated = useHydrated();
  return (
    <>
      {/* Without script the button never comes alive: say why, rather than leave a button that does nothing. Before
          the button, which stays its container's last child (spacing utilities such as space-y skip the last one). */}
      {!native && (
        <noscript>
          <p className="mb-3 text-center text-sm text-amber-800">{t('needsScript')}</p>
        </noscript>
      )}
      <button
        type="submit"
        disabled={!native && !hydrated}
        aria-busy={submitting || undefined}
        className="btn-primary inline-flex w-full items-center justify-center gap-2 py-3 text-base"
      >
        {submitting && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
        {children}
        {submitting && <span className="sr-only">{t('submitting')}</span>}
      </button>
    </>
  );
}

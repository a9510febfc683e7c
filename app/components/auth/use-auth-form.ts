import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { TFunction } from 'i18next';
import type { ApiResult } from '../../lib/api.ts';
import { focusFirstError, useFormErrors, type FieldErrors } from '../../lib/use-form-errors.ts';
import { isEmail, minPasswordLength } from '../../lib/validation.ts';
import { authStrings } from '../../i18n/auth-strings.ts';
import { preloadStrings, useLocaleStrings } from '../../i18n/locale-strings.ts';

// The 'auth' strings start loading with this module (i18n/locale-strings.ts).
void preloadStrings(authStrings);

type Failure = Extract<ApiResult<unknown>, { ok: false }>;
type AuthT = TFunction<'auth'>;

/** What to show for a failed call that has no server messages of its own, or that the user must read first. */
function fallbackMessage(result: Failure, t: AuthT): string {
  if (result.status === 429) {
    const minutes = result.retryAfter ? Math.max(1, Math.ceil(result.retryAfter / 60)) : null;
    return minutes ? t('errors.throttledFor', { minutes }) : t('errors.throttled');
  }
  return t(result.network ? 'errors.network' : 'errors.generic');
}

/** The messages of a failed call outside a form: the server's, or what `fallbackMessage` says. */
export function failureMessages(result: Failure, t: AuthT): string[] {
  if (result.status === 429) return [fallbackMessage(result, t)];
  const messages = [...result.errors.general, ...Object.values(result.errors.fields).flat()];
  return messages.length ? messages : [fallbackMessage(result, t)];
}

/**
 * The client-side checks the auth forms share (docs/product/behaviour.md; the server has the final word and its own
 * messages).
 */
export function useAuthChecks() {
  useLocaleStrings(authStrings);
  const { t } = useTranslation('auth');
  const required = (value: string, message: string) => (value ? undefined : [message]);
  return {
    email: (value: string) =>
      !value.trim() ? [t('validation.emailRequired')] : isEmail(value) ? undefined : [t('validation.emailInvalid')],
    password: (value: string) => required(value, t('validation.passwordRequired')),
    newPassword: (value: string) =>
      !value
        ? [t('validation.passwordRequired')]
        : value.length < minPasswordLength
          ? [t('validation.passwordShort', { count: minPasswordLength })]
          : undefined,
    confirm: (value: string, password: string) =>
      !value ? [t('validation.confirmRequired')] : value === password ? undefined : [t('validation.confirmMismatch')],
  };
}

/** Drops the fields without messages, so "no errors" is an empty object. */
function onlyErrors<F extends string>(errors: Partial<Record<F, string[] | undefined>>): FieldErrors<F> {
  return Object.fromEntries(
    Object.entries(errors).filter(([, v]) => (v as string[] | undefined)?.length),
  ) as FieldErrors<F>;
}

/** A page is leaving (full-page redirect): the form stays busy, so no second submit starts meanwhile. */
export const staysBusy = () => new Promise<never>(() => {});

/**
 * The wiring every auth form repeats (docs/product/behaviour.md): controlled values; per-field errors shown under the
 * field and cleared when the user types in it; the general block above the form for `detail` (and a clear message for
 * 429 and lost connections), cleared by any edit; submits ignored while one runs; focus on the first invalid field.
 */
export function useAuthForm<V extends Record<string, string | boolean>>(initial: V) {
  type F = keyof V & string;
  useLocaleStrings(authStrings);
  const { t } = useTranslation('auth');
  const [names] = useState(() => Object.keys(initial) as F[]);
  const [values, setValues] = useState(initial);
  const form = useFormErrors(names);

  const set = (name: F, value: string | boolean) => {
    setValues((current) => ({ ...current, [name]: value }));
    form.clearField(name);
    // The block above the form spoke of the values sent ('wrong e-mail or password'): editing them makes it stale.
    if (form.general.length) form.setGeneral([]);
  };

  // Text typed, or filled in by a password manager, before the page hydrated is in the field but not in the state:
  // React hydrates a controlled field without reading it, and its next render would write the state's empty value
  // over it (the visitor would be asked for an e-mail under a filled field). Each field's ref takes the value it holds
  // when React attaches to it. The callbacks are stable: React calls a new one again on every render.
  const [adopters] = useState(() => new Map<F, (field: HTMLInputElement | null) => void>());
  const adopt = (name: F) => {
    let ref = adopters.get(name);
    if (!ref) {
      ref = (field) => {
        if (!field) return;
        const shown = field.type === 'checkbox' ? field.checked : field.value;
        setValues((current) => (current[name] === shown ? current : { ...current, [name]: shown }));
      };
      adopters.set(name, ref);
    }
    return ref;
  };

  /** Props of a TextField/PasswordField for `name`. */
  const text = (name: F) => ({
    name,
    ref: adopt(name),
    value: String(values[name]),
    errors: form.fields[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(name, event.target.value),
  });

  /** Props of a CheckboxField for `name`. */
  const checkbox = (name: F) => ({
    name,
    ref: adopt(name),
    checked: Boolean(values[name]),
    errors: form.fields[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(name, event.target.checked),
  });

  /**
   * The form's onSubmit: `check` the values (messages per field), then `send` them, then `done` with the answer's
   * data; a failure shows the server's messages where they belong.
   */
  const onSubmit =
    <T>(
      check: (values: V) => Partial<Record<F, string[] | undefined>>,
      send: (values: V) => Promise<ApiResult<T>>,
      done: (data: T, values: V) => void | Promise<void>,
    ) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const element = event.currentTarget;
      void form.submit(async () => {
        const errors = onlyErrors<F>(check(values));
        form.setGeneral([]);
        form.setFields(errors);
        if (focusFirstError(element, names, errors)) return;
        const result = await send(values);
        if (result.ok) {
          await done(result.data, values);
          return;
        }
        // A 429 says nothing about the fields: only the clear message, even if the body had more.
        if (result.status === 429) form.showServer({ general: [], fields: {} }, fallbackMessage(result, t));
        // The server's field messages take the focus as the browser's do (docs/product/behaviour.md, "Forms"): left
        // on the submit button, a refused password's message sat under a field the keyboard was not in.
        else focusFirstError(element, names, form.showServer(result.errors, fallbackMessage(result, t)));
      });
    };

  return { values, text, checkbox, onSubmit, general: form.general, submitting: form.submitting };
}

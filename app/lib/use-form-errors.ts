import { useCallback, useRef, useState } from 'react';
import type { DrfErrors } from './api.ts';

export type FieldErrors<F extends string> = Partial<Record<F, string[]>>;

/**
 * Moves focus to the first field of `order` that has an error, so keyboard and screen-reader users land on it (its
 * message is tied to it by aria-describedby). Returns whether there was one.
 */
export function focusFirstError<F extends string>(
  form: HTMLFormElement,
  order: readonly F[],
  errors: FieldErrors<F>,
): boolean {
  const first = order.find((name) => errors[name]?.length);
  if (!first) return false;
  const element = form.elements.namedItem(first);
  if (element instanceof HTMLElement) element.focus();
  return true;
}

/**
 * Errors of one form: per field (shown under the field, cleared when the user types in it) and general ones (the block
 * above the form: the server's `detail`, or field errors for fields the form does not have; `showServer` answers the
 * ones it put under fields, for the focus). `submit` ignores further submits while one is running
 * (docs/product/behaviour.md: the login form's submitting state).
 */
export function useFormErrors<F extends string>(known: readonly F[]) {
  const [fields, setFields] = useState<FieldErrors<F>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);

  const clearField = useCallback((name: F) => {
    setFields((current) => {
      if (!current[name]) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  }, []);

  const showServer = useCallback(
    (errors: DrfErrors, fallback: string) => {
      const byField: FieldErrors<F> = {};
      const rest = [...errors.general];
      for (const [key, messages] of Object.entries(errors.fields)) {
        if ((known as readonly string[]).includes(key)) byField[key as F] = messages;
        else rest.push(...messages);
      }
      setFields(byField);
      setGeneral(rest.length || Object.keys(byField).length ? rest : [fallback]);
      return byField;
    },
    [known],
  );

  const submit = useCallback(async (work: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    setSubmitting(true);
    try {
      await work();
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  }, []);

  return { fields, setFields, general, setGeneral, clearField, showServer, submit, submitting };
}

import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useRevalidator } from 'react-router';
import { apiUrl, requestJson, type ApiResult, type DrfErrors } from '../../lib/api.ts';
import { useLocale } from '../../lib/locale.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The one submit state of the console's forms: busy (further submits ignored), the server's DRF errors (general ones
 * above the form, field ones under their fields), a generic "could not save" when the answer carried no message (a
 * network failure, an HTML 5xx), and `saved` after a success, when the page's loader data is reloaded.
 *
 *   const form = useConsoleForm<Direction>();
 *   const res = await form.send('PUT', `/api/v1/admin/directions/${id}/`, body);
 *   <TextField errors={form.field('courseManual')} /> <FormAlert messages={form.general} />
 */
export function useConsoleForm<T = unknown>(opts: { revalidate?: boolean } = {}) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<DrfErrors | null>(null);
  const [saved, setSaved] = useState(false);
  // A ref as well as the state: two submits in one event loop turn both see the state of the same render.
  const running = useRef(false);
  const revalidate = opts.revalidate ?? true;

  const send = useCallback(
    async (method: Method, path: string, body?: unknown): Promise<ApiResult<T> | null> => {
      if (running.current) return null;
      running.current = true;
      setBusy(true);
      setErrors(null);
      setSaved(false);
      const res = await requestJson<T>(apiUrl(locale, path), { method, body });
      running.current = false;
      setBusy(false);
      if (res.ok) {
        setSaved(true);
        if (revalidate) void revalidator.revalidate();
      } else if (res.errors.general.length || Object.keys(res.errors.fields).length) setErrors(res.errors);
      else setErrors({ general: [t('common.failed')], fields: {} });
      return res;
    },
    [locale, revalidate, revalidator, t],
  );

  return {
    /** A submit is running, or the page has not hydrated yet (its buttons would submit the form natively). */
    busy: busy || !hydrated,
    saved,
    errors,
    /** Messages for the block above the form. */
    general: errors?.general ?? [],
    /** A field's messages, by the API's field name (`title.ru`, `fromRequisites.card`, ...). */
    field: (name: string) => errors?.fields[name],
    send,
    /**
     * Field messages found before anything is sent (a check the page can make itself, the server making it again),
     * shown as the server's would be; `fields` as the API names them, values in the caller's language.
     */
    refuse: (fields: Record<string, string[]>) => {
      setErrors({ general: [], fields });
      setSaved(false);
    },
    /** Clears the errors and the saved mark (a form closed or reset). */
    reset: () => {
      setErrors(null);
      setSaved(false);
    },
  };
}

/**
 * A refusal takes the keyboard to the first field it names, as the claim actions' form does: the submit button was
 * disabled while the request ran, which dropped the focus to <body>, and the fields may be screens above it. A refusal
 * that names no field (the message above the form) gives the focus back to the button, so Tab goes on from there.
 * A field in a hidden panel (the other language's tab) is passed over: the first one on screen takes the focus.
 * Every console form that shows the server's field messages uses it. A list row's buttons that change the row (the
 * team's roles: no form, no field) pass the row as `formRef` and mark their refusal's message `data-refusal` (focusable,
 * `tabIndex={-1}`): a refusal takes the keyboard to that message, next to the row, and Tab goes on to its buttons.
 */
export function useFocusOnRefusal(formRef: RefObject<HTMLElement | null>, errors: DrfErrors | null) {
  useEffect(() => {
    const form = formRef.current;
    if (!errors || !form) return;
    const invalid = [...form.querySelectorAll<HTMLElement>('[aria-invalid="true"]')].find(
      (f) => !f.closest('[hidden]'),
    );
    const message = form.querySelector<HTMLElement>('[data-refusal]');
    if (invalid) invalid.focus();
    else if (message) message.focus();
    else if (!form.contains(document.activeElement)) form.querySelector<HTMLElement>('[type="submit"]')?.focus();
  }, [errors, formRef]);
}

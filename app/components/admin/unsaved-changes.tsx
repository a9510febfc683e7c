import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';

type Report = (form: string, dirty: boolean) => void;

/** Where the console's editors say whether they hold changes not yet saved; null outside the console's frame. */
const UnsavedContext = createContext<Report | null>(null);

/** What a form would send now, to compare with what it opened with (typing and undoing leaves it unchanged). */
function snapshot(form: HTMLFormElement): string {
  return JSON.stringify([...new FormData(form)].map(([name, value]) => [name, String(value)]));
}

/**
 * Marks a console form as holding unsaved changes while what it would send differs from what it opened with, so the
 * console's frame (`UnsavedChangesGuard`) asks before a navigation or a reload drops them. `ref` is the form's; call
 * the answer, `saved()`, once the server took it (a form that stays open starts over from what it now holds).
 */
export function useUnsavedChanges(ref: RefObject<HTMLFormElement | null>) {
  const report = useContext(UnsavedContext);
  const id = useId();
  const initial = useRef('');

  useEffect(() => {
    const form = ref.current;
    if (!form || !report) return;
    initial.current = snapshot(form);
    const check = () => report(id, snapshot(form) !== initial.current);
    form.addEventListener('input', check);
    form.addEventListener('change', check);
    return () => {
      form.removeEventListener('input', check);
      form.removeEventListener('change', check);
      // A form closed (or its page left) no longer holds anything to lose.
      report(id, false);
    };
  }, [id, ref, report]);

  return useCallback(() => {
    if (ref.current) initial.current = snapshot(ref.current);
    report?.(id, false);
  }, [id, ref, report]);
}

/**
 * The console frame's guard for unsaved edits: while any form reports changes, a navigation inside the app to another
 * page (a console link, the browser's back) stops at a dialog (stay, or leave without saving), and leaving the
 * document (reload, closing the tab, a link to the site) gets the browser's own question through `beforeunload`,
 * the only one a browser shows there. One blocker for the whole console: React Router consults only one at a time.
 */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation('admin');
  const [dirty, setDirty] = useState<ReadonlySet<string>>(() => new Set());
  const report = useCallback<Report>((form, changed) => {
    setDirty((now) => {
      if (now.has(form) === changed) return now;
      const next = new Set(now);
      if (changed) next.add(form);
      else next.delete(form);
      return next;
    });
  }, []);
  const unsaved = dirty.size > 0;

  // Only a move to another address loses the forms: a link to a part of the same page (`#...`) does not.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!unsaved) return;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older Chromium asks only when returnValue is set; its text is never shown.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);

  const dialog = useRef<HTMLDialogElement>(null);
  const stay = useRef<HTMLButtonElement>(null);
  const blocked = blocker.state === 'blocked';
  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (blocked && !el.open) {
      // Modal: the page behind is inert and focus stays in the dialog; it starts on the safe choice.
      el.showModal();
      stay.current?.focus();
    } else if (!blocked && el.open) el.close();
  }, [blocked]);

  return (
    <UnsavedContext.Provider value={report}>
      {children}
      <dialog
        ref={dialog}
        aria-labelledby="unsaved-title"
        aria-describedby="unsaved-text"
        // Escape is "stay": the dialog closes and the page is left as it was.
        onCancel={(e) => {
          e.preventDefault();
          if (blocker.state === 'blocked') blocker.reset();
        }}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-5 text-ink shadow-2xl backdrop:bg-ink/60 sm:p-6"
        data-testid="unsaved-dialog"
      >
        <h2 id="unsaved-title" className="text-lg font-semibold">
          {t('unsaved.title')}
        </h2>
        <p id="unsaved-text" className="mt-2 text-sm text-slate-700">
          {t('unsaved.text')}
        </p>
        <div className="mt-4 flex flex-wrap gap-2">
          <button
            ref={stay}
            type="button"
            className="btn-primary"
            onClick={() => blocker.state === 'blocked' && blocker.reset()}
          >
            {t('unsaved.stay')}
          </button>
          <button
            type="button"
            className="btn-ghost text-red-700"
            onClick={() => blocker.state === 'blocked' && blocker.proceed()}
          >
            {t('unsaved.leave')}
          </button>
        </div>
      </dialog>
    </UnsavedContext.Provider>
  );
}

import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';

/** A form's unsaved state: the form itself while it holds changes, null once it holds none (or is gone). */
type Report = (form: string, dirty: HTMLFormElement | null) => void;

interface Unsaved {
  report: Report;
  /** Runs `close` at once when no form inside `region` holds unsaved changes; else after the operator says so. */
  confirmClose: (region: Element | null, close: () => void) => void;
}

/** Where the console's editors say whether they hold changes not yet saved; null outside the console's frame. */
const UnsavedContext = createContext<Unsaved | null>(null);

/** What a form would send now, to compare with what it opened with (typing and undoing leaves it unchanged). */
function snapshot(form: HTMLFormElement): string {
  return JSON.stringify([...new FormData(form)].map(([name, value]) => [name, String(value)]));
}

/**
 * Marks a console form as holding unsaved changes while what it would send differs from what it opened with, so the
 * console's frame (`UnsavedChangesGuard`) asks before a navigation or a reload drops them. `ref` is the form's; call
 * the answer, `saved()`, once the server took it (a form that stays open starts over from what it now holds).
 * `state` is what the form sends besides its named fields (a list edited in React state, as a currency's customer
 * fields): it is compared as well, and the form is checked again whenever it changes, so fields that render anew for
 * it (a direction's course mode) are compared as they end up, not as they stood when the change was typed.
 */
export function useUnsavedChanges(ref: RefObject<HTMLFormElement | null>, state?: unknown) {
  const report = useContext(UnsavedContext)?.report;
  const id = useId();
  const initial = useRef('');
  const held = state === undefined ? '' : JSON.stringify(state);
  const heldNow = useRef(held);

  useEffect(() => {
    const form = ref.current;
    if (!form || !report) return;
    initial.current = snapshot(form) + heldNow.current;
    const check = () => report(id, snapshot(form) + heldNow.current !== initial.current ? form : null);
    form.addEventListener('input', check);
    form.addEventListener('change', check);
    return () => {
      form.removeEventListener('input', check);
      form.removeEventListener('change', check);
      // A form closed (or its page left) no longer holds anything to lose.
      report(id, null);
    };
  }, [id, ref, report]);

  useEffect(() => {
    if (heldNow.current === held) return;
    heldNow.current = held;
    const form = ref.current;
    if (form && report) report(id, snapshot(form) + held !== initial.current ? form : null);
  }, [held, id, ref, report]);

  return useCallback(() => {
    if (ref.current) initial.current = snapshot(ref.current) + heldNow.current;
    report?.(id, null);
  }, [id, ref, report]);
}

/**
 * An editor's own open/close button ("Edit", "New post"): closing the editor drops what it holds as surely as leaving
 * the page, so with unsaved changes in a form inside `region` (the element around the editor) it asks the frame's
 * question first; opening, or closing an editor with nothing to lose, happens at once. Outside the console's frame it
 * just toggles.
 *
 *   const region = useRef<HTMLDivElement>(null);
 *   const toggle = useEditorToggle(region, open, setOpen);
 *   <button aria-expanded={open} onClick={toggle}>…</button>
 *   <div ref={region}>{open && <NewsForm … />}</div>
 */
export function useEditorToggle(
  region: RefObject<HTMLElement | null>,
  open: boolean,
  setOpen: (open: boolean) => void,
) {
  const guardedClose = useGuardedClose(region);
  return useCallback(() => {
    if (!open) setOpen(true);
    else guardedClose(() => setOpen(false));
  }, [guardedClose, open, setOpen]);
}

/**
 * The same question for an editor closed some other way than one toggle (the claim's action form: another action's
 * button, "Back"): `guardedClose(close)` runs `close` at once when no form inside `region`
 * holds unsaved changes, else once the operator chose to drop them. Outside the console's frame it just closes.
 */
export function useGuardedClose(region: RefObject<HTMLElement | null>) {
  const guard = useContext(UnsavedContext);
  return useCallback(
    (close: () => void) => {
      if (guard) guard.confirmClose(region.current, close);
      else close();
    },
    [guard, region],
  );
}

/**
 * The console frame's guard for unsaved edits: while any form reports changes, a navigation inside the app to another
 * page (a console link, the browser's back) stops at a dialog (stay, or leave without saving), and leaving the
 * document (reload, closing the tab, a link to the site) gets the browser's own question through `beforeunload`,
 * the only one a browser shows there. Closing an editor with its own button (`useEditorToggle`) asks in the same
 * dialog, in words of closing. One blocker for the whole console: React Router consults only one at a time.
 */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation('admin');
  // Forms holding unsaved changes, by id: a ref for the close question (which asks about the forms of one editor),
  // the state for what renders (the blocker, beforeunload).
  const dirtyForms = useRef(new Map<string, HTMLFormElement>());
  const [unsaved, setUnsaved] = useState(false);
  const report = useCallback<Report>((form, dirty) => {
    if (dirty) dirtyForms.current.set(form, dirty);
    else dirtyForms.current.delete(form);
    setUnsaved(dirtyForms.current.size > 0);
  }, []);
  // The editor close waiting for the operator's answer (null: none asked).
  const [closing, setClosing] = useState<(() => void) | null>(null);
  const confirmClose = useCallback((region: Element | null, close: () => void) => {
    const atStake = [...dirtyForms.current.values()].some((form) => region?.contains(form));
    if (atStake) setClosing(() => close);
    else close();
  }, []);
  const context = useMemo(() => ({ report, confirmClose }), [report, confirmClose]);

  // Only a move to another address loses the forms: a link to a part of the same page (`#...`) does not. The forms
  // are read at the moment of the navigation, not from the last render: a form that saved and goes on at once (a new
  // direction opens its own page) has reported itself clean, but the render that would say so has not happened yet.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyForms.current.size > 0 &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
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
  const asking = blocked || closing !== null;
  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (asking && !el.open) {
      // Modal: the page behind is inert and focus stays in the dialog; it starts on the safe choice.
      el.showModal();
      stay.current?.focus();
    } else if (!asking && el.open) el.close();
  }, [asking]);
  // A navigation asks about leaving; an editor's own button about closing it (the page stays).
  const words = blocked || !closing ? 'leave' : 'close';

  const onStay = () => {
    if (blocker.state === 'blocked') blocker.reset();
    else setClosing(null);
  };
  const onDrop = () => {
    if (blocker.state === 'blocked') blocker.proceed();
    else {
      closing?.();
      setClosing(null);
    }
  };

  return (
    <UnsavedContext.Provider value={context}>
      {children}
      <dialog
        ref={dialog}
        aria-labelledby="unsaved-title"
        aria-describedby="unsaved-text"
        // Escape is "stay": the dialog closes and the page is left as it was.
        onCancel={(e) => {
          e.preventDefault();
          onStay();
        }}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-5 text-ink shadow-2xl backdrop:bg-ink/60 sm:p-6"
        data-testid="unsaved-dialog"
      >
        <h2 id="unsaved-title" className="text-lg font-semibold">
          {t(words === 'leave' ? 'unsaved.title' : 'unsaved.closeTitle')}
        </h2>
        <p id="unsaved-text" className="mt-2 text-sm text-slate-700">
          {t(words === 'leave' ? 'unsaved.text' : 'unsaved.closeText')}
        </p>
        <div className="mt-4 flex flex-wrap gap-2">
          <button ref={stay} type="button" className="btn-primary" onClick={onStay}>
            {t('unsaved.stay')}
          </button>
          <button type="button" className="btn-ghost text-red-700" onClick={onDrop}>
            {t(words === 'leave' ? 'unsaved.leave' : 'unsaved.close')}
          </button>
        </div>
      </dialog>
    </UnsavedContext.Provider>
  );
}

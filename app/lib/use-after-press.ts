import { useCallback, useEffect, useRef } from 'react';

/**
 * Runs a change of layout after the press that caused it (docs/product/behaviour.md, "The claim form's messages").
 * A field left for a click is checked on its blur, which comes between the pointer's press and its release: a message
 * inserted then moves what the customer aimed at, the release lands elsewhere and the click is lost (an unticked box,
 * a claim button that did nothing). While a pointer is pressed the change waits until the click has been handled (or
 * the press ended without one); with no press (Tab, a script) it runs at once.
 *
 * A touch taps differently: the finger's pointerup comes before the tap's mousedown, which is what moves the focus, so
 * a touch's press lasts until its click, with a fallback for a touch that ends in none (a long press, a scroll).
 */

/** How long after a finger lifts a tap's click may still come; past it, held changes run anyway. */
const touchClickWait = 500;

export function useAfterPress(): (change: () => void) => void {
  const pressed = useRef(false);
  const held = useRef<(() => void)[]>([]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      pressed.current = false;
      const changes = held.current;
      held.current = [];
      for (const change of changes) change();
    };
    // A zero timeout from the release's (or the click's) capture listener runs after the click's own handlers and
    // default action (a box ticked, a form submitted): Chromium dispatches pointerup, mouseup and click in one task.
    const later = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(flush, ms);
    };
    const down = () => {
      clearTimeout(timer);
      pressed.current = true;
    };
    const up = (event: PointerEvent) => later(event.pointerType === 'touch' ? touchClickWait : 0);
    const done = () => later(0);
    const options = { capture: true, passive: true } as const;
    document.addEventListener('pointerdown', down, options);
    document.addEventListener('pointerup', up, options);
    document.addEventListener('pointercancel', done, options);
    document.addEventListener('click', done, options);
    return () => {
      document.removeEventListener('pointerdown', down, options);
      document.removeEventListener('pointerup', up, options);
      document.removeEventListener('pointercancel', done, options);
      document.removeEventListener('click', done, options);
      clearTimeout(timer);
      // Gone with the form: what it would have said has no field left to say it under.
      held.current = [];
    };
  }, []);

  return useCallback((change: () => void) => {
    if (pressed.current) held.current.push(change);
    else change();
  }, []);
}

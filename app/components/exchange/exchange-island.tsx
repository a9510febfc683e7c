import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { replayedInputs } from '../../lib/exchange/replayed.ts';
import { useNonce } from '../../nonce.tsx';
import type { ExchangeFormProps } from './exchange-form.tsx';

/**
 * The calculator as an island (docs/decisions/0012): server-rendered in full, its code in a chunk of its own that is
 * fetched on the visitor's first interaction with the form, not with the page. The page's first-load JavaScript
 * (README, "Performance budgets") stays with React, the router and the frame.
 *
 * Until the chunk arrives React keeps the server's HTML of the form as it is: the fields focus and take text, links
 * work, the claim button stays disabled (it needs the script). React drops presses on a boundary it cannot hydrate
 * yet (it stops their propagation), so the island listens on `window`, ahead of React, and once the form has hydrated
 * replays what the visitor did meanwhile: a press on one of its buttons (a currency select opens) and the values
 * typed or ticked (React adopts the DOM's values without reading them into its state).
 */

let Loaded: ComponentType<ExchangeFormProps> | null = null;

/** Fetches the form's chunk (once). The server's loader awaits it, so SSR renders the form itself, not a fallback. */
export function loadExchangeForm(): Promise<ComponentType<ExchangeFormProps>> {
  return import('./exchange-form.tsx').then((module) => (Loaded = module.ExchangeForm));
}

/** Resolved on the first interaction with the server-rendered form (or when there is no server HTML to keep). */
let wake: () => void = () => undefined;
const woken = new Promise<void>((resolve) => (wake = resolve));

/** What happened on the form before it hydrated: the last button press React dropped, and where the island is. */
const pending: {
  island: HTMLElement | null;
  pressed: HTMLButtonElement | null;
  /** The form's hydration has committed: from then on React's own handlers receive presses. */
  hydrated: boolean;
  stop: () => void;
} = {
  island: null,
  pressed: null,
  hydrated: false,
  stop: () => undefined,
};

const LazyForm = lazy(async () => {
  await woken;
  const Form = await loadExchangeForm();
  function HydratedForm(props: ExchangeFormProps) {
    // In the commit itself, before any event handler can run on the hydrated form (also when React hydrates it
    // synchronously inside a press).
    useLayoutEffect(() => {
      pending.hydrated = true;
    }, []);
    // Runs after the form's own effects: its handlers are attached, so what is replayed reaches them.
    useEffect(replayPending, []);
    return <Form {...props} />;
  }
  return { default: HydratedForm };
});

/** Events that show the visitor is about to use the form: a pointer over or on it, focus in it, a key in it. */
const wakeEvents = ['pointerover', 'pointerdown', 'focusin', 'keydown'] as const;

/** What the inline script below saw before the page's own script ran (absent after a client navigation). */
interface EarlyCapture {
  pressed: HTMLButtonElement | null;
  woke: boolean;
  stop: () => void;
}
declare global {
  interface Window {
    __obmenIsland?: EarlyCapture;
  }
}

/**
 * Runs while the HTML is parsed (inline, with the CSP nonce), before React and the page's own script are there: on a
 * slow phone a visitor may tap a currency select before any of our code runs, and React cannot replay what happened
 * before it hydrated. It remembers the last press on one of the island's buttons and whether the visitor came near
 * the form; the island takes both over when it mounts and removes these listeners. Plain ES5 on purpose: it is
 * not compiled.
 */
const earlyCapture = `(function(){if(window.__obmenIsland)return;var w=window,s={pressed:null,woke:false};
function inside(e){var i=document.querySelector('.exchange-island');return i&&e.target instanceof Node&&i.contains(e.target);}
function wake(e){if(inside(e))s.woke=true;}
function press(e){if(!inside(e))return;var b=e.target.closest&&e.target.closest('button');s.pressed=b&&b.type==='button'?b:null;}
var types=${JSON.stringify(wakeEvents)};types.forEach(function(t){w.addEventListener(t,wake,true);});
w.addEventListener('click',press,true);
s.stop=function(){types.forEach(function(t){w.removeEventListener(t,wake,true);});w.removeEventListener('click',press,true);};
w.__obmenIsland=s;})();`;

function Fallback() {
  const { t } = useTranslation('home');
  // Rendered only when there is no server HTML to hydrate (React renders this boundary on the client): load at once.
  useEffect(() => wake(), []);
  return (
    <div className="card flex min-h-[28rem] items-center justify-center p-6 text-slate-600" aria-busy="true">
      {/* A CSS spinner: an icon here would add a module to every home page's first load. */}
      <span
        aria-hidden="true"
        className="mr-2 size-5 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600"
      />
      {t('calculatorLoading')}
    </div>
  );
}

export function ExchangeIsland(props: ExchangeFormProps) {
  // Chosen once per mount: switching from the lazy wrapper to the loaded component later would remount the form.
  const [Form] = useState<ComponentType<ExchangeFormProps>>(() => Loaded ?? LazyForm);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const island = ref.current;
    if (Form !== LazyForm || !island) return;
    pending.island = island;
    const inside = (event: Event) => event.target instanceof Node && island.contains(event.target);
    const onWake = (event: Event) => {
      if (inside(event)) wake();
    };
    const onPress = (event: MouseEvent) => {
      const button = inside(event) ? (event.target as Element).closest('button') : null;
      pending.pressed = button?.type === 'button' ? button : null;
      // The wrapper is React's already (hydrated with the page): marking it does not disturb the form's hydration.
      if (pending.pressed) island.setAttribute('aria-busy', 'true');
    };
    // Seen after React's listener on the document. Only a hydrated form means React handled the press itself (it may
    // have hydrated the form synchronously for it); a press that merely passed through a form still waiting for its
    // code (React 19 does not always stop those, as measured under load) is kept for the replay.
    const onHandled = () => {
      if (!pending.hydrated) return;
      pending.pressed = null;
      island.removeAttribute('aria-busy');
    };
    // Capturing on window, ahead of React: it stops these events at the document while the form is not hydrated.
    for (const type of wakeEvents) window.addEventListener(type, onWake, true);
    window.addEventListener('click', onPress, true);
    window.addEventListener('click', onHandled);
    pending.stop = () => {
      for (const type of wakeEvents) window.removeEventListener(type, onWake, true);
      window.removeEventListener('click', onPress, true);
      window.removeEventListener('click', onHandled);
    };
    // What came before this effect (the visitor was quicker than the page's script) counts too: the inline script's
    // record of a press and of the visitor coming near, and focus already inside.
    const early = window.__obmenIsland;
    if (early) {
      early.stop();
      if (early.pressed?.isConnected && island.contains(early.pressed)) {
        pending.pressed = early.pressed;
        island.setAttribute('aria-busy', 'true');
      }
      if (early.woke || pending.pressed) wake();
      early.pressed = null;
    }
    if (island.contains(document.activeElement)) wake();
    return () => pending.stop();
  }, [Form]);

  const nonce = useNonce();
  return (
    <>
      {/* The server's copy runs while the page is parsed; React keeps it as it is (browsers hide the nonce, hence the
          suppressed warning) and never runs it again. */}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: earlyCapture }} />
      <div ref={ref} className="exchange-island">
        <Suspense fallback={<Fallback />}>
          <Form {...props} />
        </Suspense>
      </div>
    </>
  );
}

const valueSetter = (element: HTMLInputElement | HTMLTextAreaElement) =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element) as object, 'value')?.set;

/**
 * After the form hydrated: hands React what the visitor did to the server's HTML. Hydration keeps the DOM's values
 * but not in React's state (a re-render would put the old ones back), so each changed field gets the input event
 * React listens for, with React's value tracker set back so it sees a change; then the focus the visitor is in, and
 * the press on a button whose handler was not there yet.
 */
function replayPending() {
  const { island, pressed } = pending;
  pending.stop();
  pending.pressed = null;
  if (!island) return;
  island.removeAttribute('aria-busy');
  for (const field of island.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked === field.defaultChecked) continue;
      // Back to the rendered state through React's tracked setter, then the click React reads a change from.
      field.checked = field.defaultChecked;
      field.click();
    } else if (field.type !== 'hidden' && field.value !== field.defaultValue) {
      const typed = field.value;
      field.value = field.defaultValue;
      valueSetter(field)?.call(field, typed);
      const input = new Event('input', { bubbles: true });
      replayedInputs.add(input);
      field.dispatchEvent(input);
    } else continue;
    // A field the visitor has already left gets its blur too: what it does on leaving (the amount's clamp, a
    // requisite's check) happens as it would have with the code there.
    if (field !== document.activeElement) field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  }
  const focused = document.activeElement;
  if (focused instanceof HTMLElement && island.contains(focused)) {
    focused.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  }
  if (pressed?.isConnected && !pressed.disabled) pressed.click();
}

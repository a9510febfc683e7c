import { useLayoutEffect, useRef, useState, type FocusEvent } from 'react';
import type { Locale } from '../../shared/locales.ts';
import { groupedTypedText, groupSign, isCompleteTyped } from './exchange/amounts.ts';

/**
 * What an amount field shows (docs/product/behaviour.md, "Amounts read as the page writes them"): the figure grouped
 * as every other one on the page while the customer is not in the field ("20 000,00", "20,000.00"), plain while they
 * are, so no group sign appears or moves the caret as they type. The calculator's two amounts and the referral
 * withdrawal's amount use it, so a customer meets one behaviour. `text` is the field's text as typed, in the page's
 * language; what it stands for, and what is sent, stays the owner's business (a decimal with a point).
 */
export interface GroupedAmount {
  /** The field's value. Not focused on the server either, so the server's page writes the grouped figure. */
  value: string;
  onFocus: (event: FocusEvent<HTMLInputElement>) => void;
  onBlur: () => void;
  /** To call on a keystroke: the customer is in the field even before the focus has settled (a fill() at once). */
  typed: () => void;
  /**
   * The field's ref where its owner takes over what was typed before the page's code arrived (useAuthForm's own ref):
   * a field already focused then is one the customer is typing in, plain from the first render, or the next key would
   * land in a figure grouped under their caret. Stable, as a ref callback must be.
   */
  attach: (input: HTMLInputElement | null) => void;
}

/**
 * `asTyped`: the text is not the number the customer meant (a refused comma holds, "100,5" standing as 1005): shown
 * as typed also outside the field, since grouped ("1,005") it would read as an amount the page accepted.
 */
export function useGroupedAmount(text: string, locale: Locale, asTyped = false): GroupedAmount {
  const [editing, setEditing] = useState(false);
  // The plain figure the focus put in place of `of`, a text with group signs the customer typed themselves
  // ("1 500,50"): shown until the text changes, so the figure stays plain and the selection where the focus left it.
  const [plain, setPlain] = useState<{ of: string; text: string } | null>(null);
  const value = !editing && !asTyped ? groupedTypedText(text, locale) : plain?.of === text ? plain.text : text;
  const [attach] = useState(() => (input: HTMLInputElement | null) => {
    if (input && input.ownerDocument.activeElement === input) setEditing(true);
  });
  /** The text React last wrote into the field: what the focus may ungroup in place. */
  const rendered = useRef(value);
  useLayoutEffect(() => {
    rendered.current = value;
  });
  return {
    value,
    attach,
    onFocus: (event) => {
      // Ungrouped once the browser has settled the selection (a tab selects the figure after this event, select()
      // puts back the one it set before focusing), in place, so the same digits stay selected; then React's render
      // finds the plain text there. A text React did not write is the visitor's, typed before the code arrived and
      // being handed over (exchange-island.tsx): left to the render. A text that is not a complete number is shown
      // as typed, so it has no group signs of ours: an English "1,5" that the form refused under its comma hint was
      // read as grouped and became "15" on focus (also the focus a refusal moves there), "1,5" again on leaving.
      const input = event.currentTarget;
      queueMicrotask(() => {
        if (input.ownerDocument.activeElement !== input) return;
        const { selectionStart: start, selectionEnd: end, value: shown } = input;
        if (shown === rendered.current && isCompleteTyped(text, locale)) {
          const sign = groupSign(locale);
          const at = (to: number | null) => (to === null ? null : to - shown.slice(0, to).split(sign).length + 1);
          const ungrouped = shown.split(sign).join('');
          input.value = ungrouped;
          input.setSelectionRange(at(start), at(end));
          setPlain(ungrouped === text ? null : { of: text, text: ungrouped });
        }
        setEditing(true);
      });
    },
    onBlur: () => setEditing(false),
    typed: () => {
      setEditing(true);
      setPlain(null);
    },
  };
}

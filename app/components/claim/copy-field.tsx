import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Check } from '../icons/check.tsx';
import { Copy } from '../icons/copy.tsx';

/** How long the "Copied" confirmation stays visible. */
export const copiedMs = 2000;

/** The old way, for browsers without the async clipboard (plain http, old WebViews): a hidden textarea and execCommand. */
function legacyCopy(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.className = 'fixed top-0 -left-[9999px] opacity-0';
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

/** Copies `text`: the async clipboard when present and allowed, else the legacy way. False when neither worked. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused or not a secure context: try the legacy way.
  }
  return legacyCopy(text);
}

/** Selects the text of `el`, so a customer whose browser refused the copy can press Ctrl+C / long-press. */
function selectContents(el: HTMLElement | null) {
  const selection = window.getSelection();
  if (!el || !selection) return;
  const range = document.createRange();
  range.selectNodeContents(el);
  selection.removeAllRanges();
  selection.addRange(range);
}

/**
 * One value of the payment details with its 'Copy' button (docs/product/site.md copy block). The result is shown next
 * to the button and announced once (polite); when copying is impossible the value is selected for a manual copy.
 */
export function CopyField({
  label,
  value,
  display,
  suffix,
  mono = true,
  large = false,
  stacked = false,
}: {
  label: string;
  value: string;
  /** How the value is written for reading ("8 681 500,00", a card in groups of four); `value` is what is copied. */
  display?: string | undefined;
  /** Shown after the value and not copied (the amount's currency). */
  suffix?: string;
  mono?: boolean;
  large?: boolean;
  /** Button under the value at every width (narrow places). */
  stacked?: boolean;
}) {
  const { t } = useTranslation('claim');
  const valueId = useId();
  const valueRef = useRef<HTMLElement>(null);
  const [result, setResult] = useState<'copied' | 'failed' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    const ok = await copyText(value);
    clearTimeout(timer.current);
    setResult(ok ? 'copied' : 'failed');
    if (ok) timer.current = setTimeout(() => setResult(null), copiedMs);
    else selectContents(valueRef.current);
  }

  return (
    <div>
      <div
        className={`flex flex-col gap-1.5 ${stacked ? '' : 'sm:flex-row sm:items-start sm:justify-between sm:gap-4'}`}
      >
        <dl className="min-w-0 flex-1">
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd
            id={valueId}
            ref={valueRef}
            className={`mt-0.5 [overflow-wrap:anywhere] text-ink ${mono ? 'font-mono' : ''} ${large ? 'text-xl font-semibold' : 'text-base'}`}
          >
            {display ?? value}
            {/* A real no-break space, as every amount is joined to its ticker (docs/money.md): the margin alone left
                "10 000,00RUB" to a screen reader and to a copy of the text. */}
            {suffix && <span className="font-sans text-slate-600">{`\u00a0${suffix}`}</span>}
          </dd>
        </dl>
        <div className="flex shrink-0 items-center gap-2">
          <button
            type="button"
            className="btn-secondary gap-1.5"
            aria-label={t('copy.label', { what: label })}
            aria-describedby={valueId}
            onClick={() => void copy()}
          >
            {result === 'copied' ? (
              <Check aria-hidden="true" className="size-4 text-emerald-600" />
            ) : (
              <Copy aria-hidden="true" className="size-4" />
            )}
            {t('copy.button')}
          </button>
          <span role="status" className="text-sm font-medium text-emerald-700">
            {result === 'copied' ? t('copy.copied') : null}
          </span>
        </div>
      </div>
      {result === 'failed' && (
        <p role="alert" className="mt-1.5 text-sm text-red-700">
          {t('copy.failed')}
        </p>
      )}
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Check } from '../icons/check.tsx';
import { Copy } from '../icons/copy.tsx';
import { copiedMs, copyText } from '../claim/copy-field.tsx';

/**
 * A 'Copy' button for a value shown elsewhere (an embed code's textarea): the claim page's copying (async clipboard,
 * then the legacy way); when both fail, `onFailed` lets the owner select the text for a manual copy.
 */
export function CopyButton({ value, label, onFailed }: { value: string; label: string; onFailed?: () => void }) {
  const { t } = useTranslation('claim');
  const [result, setResult] = useState<'copied' | 'failed' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    const ok = await copyText(value);
    clearTimeout(timer.current);
    setResult(ok ? 'copied' : 'failed');
    if (ok) timer.current = setTimeout(() => setResult(null), copiedMs);
    else onFailed?.();
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="button" className="btn-secondary gap-1.5" aria-label={label} onClick={() => void copy()}>
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
      {result === 'failed' && (
        <span role="alert" className="text-sm text-red-700">
          {t('copy.failed')}
        </span>
      )}
    </div>
  );
}

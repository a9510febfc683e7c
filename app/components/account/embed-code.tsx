import { useId, useRef } from 'react';
import { CopyButton } from './copy-button.tsx';

/**
 * An embed code in a read-only textarea with its Copy button; a failed copy selects the code for a manual one. The box
 * grows to show the whole code, wrapped anywhere (a long address has no spaces to wrap at); `rows` is its height where
 * the browser cannot size a field to its content.
 */
export function EmbedCode({ label, code, rows = 3 }: { label: string; code: string; rows?: number }) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        ref={area}
        readOnly
        rows={rows}
        value={code}
        onFocus={(e) => e.currentTarget.select()}
        className="block w-full resize-none rounded-xl break-all field-sizing-content border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-ink outline-none focus:border-brand-600 focus:ring-4 focus:ring-brand-100"
      />
      <div className="mt-2">
        <CopyButton
          value={code}
          label={label}
          onFailed={() => {
            area.current?.focus();
            area.current?.select();
          }}
        />
      </div>
    </div>
  );
}

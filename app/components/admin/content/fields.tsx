import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { apiUrl, postJson } from '../../../lib/api.ts';
import { useLocale } from '../../../lib/locale.ts';

/** A labelled textarea with its errors, and a preview rendered by the server's own Markdown renderer. */
export function MarkdownField({
  name,
  label,
  defaultValue,
  errors,
  rows = 8,
  hint,
}: {
  name: string;
  label: string;
  defaultValue?: string;
  errors?: string[] | undefined;
  rows?: number;
  hint?: string;
}) {
  const { t } = useTranslation('adminContent');
  const locale = useLocale();
  const id = useId();
  const [html, setHtml] = useState<string | null>(null);
  const invalid = !!errors?.length;

  async function preview() {
    const value = (document.getElementById(id) as HTMLTextAreaElement | null)?.value ?? '';
    const res = await postJson<{ html: string }>(apiUrl(locale, '/api/v1/admin/markdown/preview/'), {
      markdown: value,
    });
    if (res.ok) setHtml(res.data.html);
  }

  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        defaultValue={defaultValue}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={`focus-ring block w-full rounded-xl border bg-white px-3 py-2 font-mono text-sm text-ink ${
          invalid ? 'border-red-500' : 'border-slate-300'
        }`}
      />
      {invalid ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {errors!.join(' ')}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <button type="button" className="btn-ghost mt-2" onClick={() => void preview()}>
        {t('preview')}
      </button>
      {html !== null && (
        <section aria-label={t('previewTitle')} className="mt-2 rounded-xl bg-white p-4 ring-1 ring-slate-200">
          <p className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('previewTitle')}</p>
          {/* Rendered and sanitised by the server (server/modules/content/markdown.ts), as on the site. */}
          <div className="prose-content" dangerouslySetInnerHTML={{ __html: html }} />
        </section>
      )}
    </div>
  );
}

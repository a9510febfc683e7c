import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { DrfErrors } from '../../../lib/api.ts';

type Lang = 'ru' | 'en';
const langs = ['ru', 'en'] as const;

/**
 * The two languages of a text as tabs, one shown at a time; both panels stay in the form (the hidden one is still
 * sent). A tab whose fields (`….ru`, `….en`) have errors is marked, and after a failed save the form shows the
 * language with the errors when the open one has none. `panel(l)` renders one language's fields.
 */
export function LanguageTabs({ errors, panel }: { errors: DrfErrors | null; panel: (lang: Lang) => ReactNode }) {
  const { t } = useTranslation('adminContent');
  const [tab, setTab] = useState<Lang>('ru');
  const id = useId();
  const keys = Object.keys(errors?.fields ?? {});
  const hasErrors = (l: Lang) => keys.some((k) => k.endsWith(`.${l}`));

  // A new answer (not the operator's own clicks) may move the tab: adjusted while rendering, as React advises for
  // state that follows a prop.
  const [seen, setSeen] = useState(errors);
  if (errors !== seen) {
    setSeen(errors);
    const other: Lang = tab === 'ru' ? 'en' : 'ru';
    if (!hasErrors(tab) && hasErrors(other)) setTab(other);
  }

  return (
    <>
      <div role="tablist" aria-label={t('pages.language')} className="mb-3 flex gap-2">
        {langs.map((l) => (
          <button
            key={l}
            type="button"
            role="tab"
            id={`${id}-tab-${l}`}
            aria-controls={`${id}-panel-${l}`}
            aria-selected={tab === l}
            tabIndex={tab === l ? 0 : -1}
            onClick={() => setTab(l)}
            onKeyDown={(e) => {
              if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
              const next = l === 'ru' ? 'en' : 'ru';
              setTab(next);
              document.getElementById(`${id}-tab-${next}`)?.focus();
            }}
            className={`focus-ring rounded-full px-3 py-1.5 text-sm font-medium ring-1 ${
              tab === l ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-700 ring-slate-300'
            }`}
          >
            {t(`news.locales.${l}`)}
            {hasErrors(l) && (
              <span className="ml-1.5 inline-block size-2 rounded-full bg-red-600" aria-label={t('pages.hasErrors')} />
            )}
          </button>
        ))}
      </div>
      {langs.map((l) => (
        <fieldset
          key={l}
          id={`${id}-panel-${l}`}
          role="tabpanel"
          aria-labelledby={`${id}-tab-${l}`}
          hidden={tab !== l}
          className="space-y-3"
        >
          {panel(l)}
        </fieldset>
      ))}
    </>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminPage } from '../../../../shared/schemas/admin-content.ts';
import { useConsoleForm } from '../use-console-form.ts';
import { FormAlert, TextField } from '../../form/fields.tsx';
import { MarkdownField } from './fields.tsx';

/** A content page's texts in both languages (ru required; an empty en shows ru on the site). */
export function PageForm({ page, onDone }: { page: AdminPage; onDone: (message: string) => void }) {
  const { t } = useTranslation('adminContent');
  const { t: tAdmin } = useTranslation('admin');
  const { busy, errors, general, field: f, send } = useConsoleForm<AdminPage>();
  const [tab, setTab] = useState<'ru' | 'en'>('ru');
  const id = useId();
  const tabHasErrors = (l: 'ru' | 'en') => Object.keys(errors?.fields ?? {}).some((k) => k.endsWith(`.${l}`));

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const pair = (name: string) => ({
      ru: String(form.get(`${name}.ru`) ?? ''),
      en: String(form.get(`${name}.en`) ?? ''),
    });
    const res = await send('PUT', `/api/v1/admin/pages/${page.slug}/`, {
      title: pair('title'),
      description: pair('description'),
      body: pair('body'),
    });
    if (!res) return;
    if (res.ok) onDone(t('pages.saved'));
    else {
      // Show the language with the errors when the open tab has none.
      const keys = Object.keys(res.errors.fields);
      if (!keys.some((k) => k.endsWith(`.${tab}`)) && keys.some((k) => k.endsWith(tab === 'ru' ? '.en' : '.ru')))
        setTab(tab === 'ru' ? 'en' : 'ru');
    }
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="mt-3 rounded-xl bg-slate-50 p-4"
      data-testid="page-form"
    >
      <FormAlert messages={general} />
      <div role="tablist" aria-label={t('pages.language')} className="mb-3 flex gap-2">
        {(['ru', 'en'] as const).map((l) => (
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
            {tabHasErrors(l) && (
              <span className="ml-1.5 inline-block size-2 rounded-full bg-red-600" aria-label={t('pages.hasErrors')} />
            )}
          </button>
        ))}
      </div>
      <div>
        {(['ru', 'en'] as const).map((l) => (
          // Both panels stay in the form (the hidden one is still sent), one is shown at a time.
          <fieldset
            key={l}
            id={`${id}-panel-${l}`}
            role="tabpanel"
            aria-labelledby={`${id}-tab-${l}`}
            hidden={tab !== l}
            className="space-y-3"
          >
            <TextField
              name={`title.${l}`}
              label={t('pages.heading')}
              defaultValue={page.title[l]}
              errors={f(`title.${l}`)}
            />
            <TextField
              name={`description.${l}`}
              label={t('pages.description')}
              defaultValue={page.description[l]}
              errors={f(`description.${l}`)}
            />
            <MarkdownField
              name={`body.${l}`}
              label={t('pages.body')}
              defaultValue={page.body[l]}
              errors={f(`body.${l}`)}
              rows={12}
              {...(l === 'en' ? { hint: t('pages.enHint') } : {})}
            />
          </fieldset>
        ))}
      </div>
      <button type="submit" className="btn-primary mt-4" aria-busy={busy || undefined} disabled={busy}>
        {busy ? tAdmin('common.saving') : tAdmin('common.save')}
      </button>
    </form>
  );
}

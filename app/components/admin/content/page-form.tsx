import { useRef, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { AdminPage } from '../../../../shared/schemas/admin-content.ts';
import { TextField } from '../../form/fields.tsx';
import { FormAlert } from '../../form/form-alert.tsx';
import { useConsoleForm, useFocusOnRefusal } from '../use-console-form.ts';
import { useUnsavedChanges } from '../unsaved-changes.tsx';
import { MarkdownField } from './fields.tsx';
import { LanguageTabs } from './language-tabs.tsx';

/** The ru and en values of `name.ru` / `name.en` fields of a form. */
export function localizedPair(form: FormData, name: string) {
  return { ru: String(form.get(`${name}.ru`) ?? ''), en: String(form.get(`${name}.en`) ?? '') };
}

/** A content page's texts in both languages (ru required; an empty en shows ru on the site). */
export function PageForm({ page, onDone }: { page: AdminPage; onDone: (message: string) => void }) {
  const { t } = useTranslation('adminContent');
  const { t: tAdmin } = useTranslation('admin');
  const form = useConsoleForm<AdminPage>();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusOnRefusal(formRef, form.errors);
  const saved = useUnsavedChanges(formRef);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const res = await form.send('PUT', `/api/v1/admin/pages/${page.slug}/`, {
      title: localizedPair(data, 'title'),
      description: localizedPair(data, 'description'),
      body: localizedPair(data, 'body'),
    });
    if (!res?.ok) return;
    saved();
    onDone(t('pages.saved'));
  }

  return (
    <form
      ref={formRef}
      onSubmit={(e) => void submit(e)}
      noValidate
      className="mt-3 rounded-xl bg-slate-50 p-4"
      data-testid="page-form"
    >
      <FormAlert messages={form.general} />
      <LanguageTabs
        errors={form.errors}
        panel={(l) => (
          <>
            <TextField
              name={`title.${l}`}
              label={t('pages.heading')}
              defaultValue={page.title[l]}
              errors={form.field(`title.${l}`)}
            />
            <TextField
              name={`description.${l}`}
              label={t('pages.description')}
              defaultValue={page.description[l]}
              errors={form.field(`description.${l}`)}
            />
            <MarkdownField
              name={`body.${l}`}
              label={t('pages.body')}
              defaultValue={page.body[l]}
              errors={form.field(`body.${l}`)}
              rows={12}
              {...(l === 'en' ? { hint: t('pages.enHint') } : {})}
            />
          </>
        )}
      />
      <button type="submit" className="btn-primary mt-4" aria-busy={form.busy || undefined} disabled={form.busy}>
        {form.busy ? tAdmin('common.saving') : tAdmin('common.save')}
      </button>
    </form>
  );
}

import { useRef, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { AdminFaqItem } from '../../../../shared/schemas/admin-content.ts';
import { TextField } from '../../form/fields.tsx';
import { FormAlert } from '../../form/form-alert.tsx';
import { useConsoleForm, useFocusOnRefusal } from '../use-console-form.ts';
import { useUnsavedChanges } from '../unsaved-changes.tsx';
import { MarkdownField } from './fields.tsx';
import { LanguageTabs } from './language-tabs.tsx';
import { localizedPair } from './page-form.tsx';

/** Adds a question to the FAQ (at the end), or changes `item`: the question and its Markdown answer per language. */
export function FaqForm({ item, onDone }: { item?: AdminFaqItem; onDone: (message: string) => void }) {
  const { t } = useTranslation('adminContent');
  const { t: tAdmin } = useTranslation('admin');
  const form = useConsoleForm<AdminFaqItem>();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusOnRefusal(formRef, form.errors);
  const saved = useUnsavedChanges(formRef);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const body = { question: localizedPair(data, 'question'), answer: localizedPair(data, 'answer') };
    const res = item
      ? await form.send('PUT', `/api/v1/admin/faq/${item.id}/`, body)
      : await form.send('POST', '/api/v1/admin/faq/', body);
    if (!res?.ok) return;
    saved();
    onDone(t(item ? 'faq.saved' : 'faq.added'));
  }

  return (
    <form
      ref={formRef}
      onSubmit={(e) => void submit(e)}
      noValidate
      className="mt-3 rounded-xl bg-slate-50 p-4"
      data-testid="faq-form"
    >
      <FormAlert messages={form.general} />
      <LanguageTabs
        errors={form.errors}
        panel={(l) => (
          <>
            <TextField
              name={`question.${l}`}
              label={t('faq.question')}
              defaultValue={item?.question[l]}
              errors={form.field(`question.${l}`)}
              autoComplete="off"
            />
            <MarkdownField
              name={`answer.${l}`}
              label={t('faq.answer')}
              defaultValue={item?.answer[l]}
              errors={form.field(`answer.${l}`)}
              rows={6}
              {...(l === 'en' ? { hint: t('pages.enHint') } : {})}
            />
          </>
        )}
      />
      <button type="submit" className="btn-primary mt-4" aria-busy={form.busy || undefined} disabled={form.busy}>
        {form.busy ? tAdmin('common.saving') : item ? tAdmin('common.save') : t('faq.add')}
      </button>
    </form>
  );
}

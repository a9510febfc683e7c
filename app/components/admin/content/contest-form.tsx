import { useRef, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { ContestInput } from '../../../../shared/schemas/admin-content.ts';
import { useConsoleForm, useFocusOnRefusal } from '../use-console-form.ts';
import { useUnsavedChanges } from '../unsaved-changes.tsx';
import { TextField } from '../../form/fields.tsx';
import { FormAlert } from '../../form/form-alert.tsx';

const lines = (v: FormDataEntryValue | null) =>
  String(v ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** The contest the header's banner announces; prizes are typed one per line, paired by position across languages. */
export function ContestForm({ contest }: { contest: ContestInput }) {
  const { t } = useTranslation('adminContent');
  const { t: tAdmin } = useTranslation('admin');
  const { busy, saved, general, errors, field, send } = useConsoleForm<ContestInput>();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusOnRefusal(formRef, errors);
  const keep = useUnsavedChanges(formRef);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const ru = lines(form.get('prizes.ru'));
    const en = lines(form.get('prizes.en'));
    const prizes = Array.from({ length: Math.max(ru.length, en.length) }, (_, i) => ({
      ru: ru[i] ?? '',
      en: en[i] ?? '',
    }));
    const res = await send('PUT', '/api/v1/admin/settings/contest/', {
      status: form.get('active') === 'on' ? 'active' : 'inactive',
      title: { ru: String(form.get('title.ru') ?? ''), en: String(form.get('title.en') ?? '') },
      startsAt: String(form.get('startsAt') ?? '').trim() || null,
      endsAt: String(form.get('endsAt') ?? '').trim() || null,
      prizes,
    });
    if (res?.ok) keep();
  }

  const area = 'focus-ring mt-1.5 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-ink';
  return (
    <section aria-labelledby="contest-title" className="card p-4 sm:p-6">
      <h2 id="contest-title" className="text-lg font-semibold text-ink">
        {t('contest.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('contest.text')}</p>
      <form
        ref={formRef}
        onSubmit={(e) => void submit(e)}
        noValidate
        className="mt-4 max-w-2xl space-y-3"
        data-testid="contest-form"
      >
        <FormAlert messages={general} />
        <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-700">
          <input type="checkbox" name="active" defaultChecked={contest.status === 'active'} />
          {t('contest.active')}
        </label>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            name="title.ru"
            label={t('contest.titleRu')}
            defaultValue={contest.title.ru}
            errors={field('title.ru')}
          />
          <TextField
            name="title.en"
            label={t('contest.titleEn')}
            defaultValue={contest.title.en}
            errors={field('title.en')}
          />
          <TextField
            name="startsAt"
            label={t('contest.startsAt')}
            defaultValue={contest.startsAt ?? ''}
            errors={field('startsAt')}
          />
          <TextField
            name="endsAt"
            label={t('contest.endsAt')}
            defaultValue={contest.endsAt ?? ''}
            errors={field('endsAt')}
          />
          <label className="text-sm font-medium text-slate-700">
            {t('contest.prizesRu')}
            <textarea
              name="prizes.ru"
              rows={4}
              defaultValue={contest.prizes.map((p) => p.ru).join('\n')}
              className={area}
            />
          </label>
          <label className="text-sm font-medium text-slate-700">
            {t('contest.prizesEn')}
            <textarea
              name="prizes.en"
              rows={4}
              defaultValue={contest.prizes.map((p) => p.en).join('\n')}
              className={area}
            />
          </label>
        </div>
        <button type="submit" className="btn-primary" aria-busy={busy || undefined} disabled={busy}>
          {busy ? tAdmin('common.saving') : tAdmin('common.save')}
        </button>
      </form>
      {saved && (
        <p role="status" className="mt-3 text-sm text-emerald-700">
          {t('contest.saved')}
        </p>
      )}
    </section>
  );
}

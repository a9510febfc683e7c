import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { wallClockTime, zoneLabel, zonedWallClockInstant } from '../../../../shared/format.ts';
import type { AdminNewsItem } from '../../../../shared/schemas/admin-content.ts';
import { useExchangeTimeZone } from '../../../lib/time-zone.ts';
import { TextField } from '../../form/fields.tsx';
import { FormAlert } from '../../form/form-alert.tsx';
import { useConsoleForm, useFocusOnRefusal } from '../use-console-form.ts';
import { useUnsavedChanges } from '../unsaved-changes.tsx';
import { MarkdownField } from './fields.tsx';

const select = 'focus-ring mt-1.5 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-ink';

/** Publishes a new post, or saves an existing one (`item`). The server checks every field (newsBody). */
export function NewsForm({
  item,
  kind,
  onDone,
}: {
  item?: AdminNewsItem;
  /** A new post's section: the list's filter, when one is chosen. */
  kind?: AdminNewsItem['kind'] | null;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('adminContent');
  const { t: tAdmin } = useTranslation('admin');
  const { busy, general, errors, field: f, send } = useConsoleForm<AdminNewsItem>();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusOnRefusal(formRef, errors);
  const saved = useUnsavedChanges(formRef);
  const zone = useExchangeTimeZone();
  // The field holds the exchange's wall clock, as the server reads it back (newsBody) and as the site dates posts.
  const shownTime = item ? wallClockTime(new Date(item.publishedAt), zone) : '';
  const [typed, setTyped] = useState(shownTime);
  // Named by the offset at the time in the field (or now, while empty), so a summer date typed in winter names its own.
  const zoneName = zoneLabel((typed && zonedWallClockInstant(typed, zone)) || new Date(), zone);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const body = Object.fromEntries(
      ['kind', 'locale', 'slug', 'title', 'summary', 'body', 'publishedAt'].map((k) => [k, String(form.get(k) ?? '')]),
    );
    const res = await send(
      item ? 'PUT' : 'POST',
      item ? `/api/v1/admin/news/${item.id}/` : '/api/v1/admin/news/',
      body,
    );
    if (!res?.ok) return;
    saved();
    onDone(t(item ? 'news.saved' : 'news.published'));
  }

  return (
    <form
      ref={formRef}
      onSubmit={(e) => void submit(e)}
      noValidate
      className="mt-3 space-y-3 rounded-xl bg-slate-50 p-4"
      data-testid="news-form"
    >
      <FormAlert messages={general} />
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="text-sm font-medium text-slate-700">
          {t('news.kind')}
          <select name="kind" defaultValue={item?.kind ?? kind ?? 'news'} className={select}>
            <option value="news">{t('news.kinds.news')}</option>
            <option value="update">{t('news.kinds.update')}</option>
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700">
          {t('news.locale')}
          <select name="locale" defaultValue={item?.locale ?? 'ru'} className={select}>
            <option value="ru">{t('news.locales.ru')}</option>
            <option value="en">{t('news.locales.en')}</option>
          </select>
          <span className="mt-1 block text-xs font-normal text-slate-600">{t('news.localeHint')}</span>
        </label>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField name="slug" label={t('news.slug')} defaultValue={item?.slug} errors={f('slug')} autoComplete="off" />
        <TextField
          name="publishedAt"
          type="datetime-local"
          label={t('news.publishedAt', { zone: zoneName })}
          hint={t('news.publishedAtHint')}
          defaultValue={shownTime}
          onChange={(e) => setTyped(e.currentTarget.value)}
          errors={f('publishedAt')}
        />
      </div>
      <TextField name="title" label={t('news.heading')} defaultValue={item?.title} errors={f('title')} />
      <TextField name="summary" label={t('news.summary')} defaultValue={item?.summary} errors={f('summary')} />
      <MarkdownField name="body" label={t('news.body')} defaultValue={item?.body} errors={f('body')} />
      <button type="submit" className="btn-primary" aria-busy={busy || undefined} disabled={busy}>
        {busy ? tAdmin('common.saving') : item ? tAdmin('common.save') : t('news.publish')}
      </button>
    </form>
  );
}

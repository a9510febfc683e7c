import { useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { supportEmailPlaceholder } from '../../../../shared/content-placeholders.ts';
import { ArrowDown } from '../../../components/icons/arrow-down.tsx';
import { ArrowUp } from '../../../components/icons/arrow-up.tsx';
import { MessageCircleQuestionMark as MessageCircleQuestion } from '../../../components/icons/message-circle-question-mark.tsx';
import { href, paths } from '../../../../shared/paths.ts';
import type { AdminFaqItem } from '../../../../shared/schemas/admin-content.ts';
import { EmptyState } from '../../../components/account/states.tsx';
import { FaqForm } from '../../../components/admin/content/faq-form.tsx';
import { ConfirmRemove, ListHeader, Notice } from '../../../components/admin/page-parts.tsx';
import { staffReader } from '../../../components/admin/staff-reader.server.ts';
import { useConsoleForm } from '../../../components/admin/use-console-form.ts';
import { useEditorToggle } from '../../../components/admin/unsaved-changes.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { useLocale } from '../../../lib/locale.ts';
import type { Route } from './+types/faq';

/** The FAQ (issue 6 §6): GET /api/v1/admin/faq/ read in-process; adding, edits, order and deletes through the API. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = await staffReader(context, request);
  return { items: await services.admin.faq.list() };
}

function Question({
  item,
  index,
  count,
  move,
  moving,
}: {
  item: AdminFaqItem;
  index: number;
  count: number;
  move: (from: number, to: number) => void;
  moving: boolean;
}) {
  const { t } = useTranslation('adminContent');
  const { t: tAdmin } = useTranslation('admin');
  const [editing, setEditing] = useState(false);
  const editorRef = useRef<HTMLDivElement>(null);
  const toggleEditor = useEditorToggle(editorRef, editing, setEditing);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const remove = useConsoleForm();
  const arrow = 'btn-ghost inline-flex size-10 items-center justify-center p-0 disabled:opacity-40';
  return (
    <li className="rounded-2xl bg-white p-4 ring-1 ring-slate-200" data-testid="faq-item">
      <div className="flex items-start gap-3">
        <span className="mt-0.5 min-w-6 text-right text-sm font-semibold text-slate-500 tabular-nums">
          {index + 1}.
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-words text-ink">{item.question.ru}</p>
          <p className="mt-0.5 text-sm break-words text-slate-600">
            {item.question.en || <span className="italic">{t('faq.noEnglish')}</span>}
          </p>
        </div>
        <div className="flex shrink-0 gap-1">
          <button
            type="button"
            className={arrow}
            aria-label={t('faq.moveUp', { question: item.question.ru })}
            title={t('faq.up')}
            disabled={index === 0 || moving}
            onClick={() => move(index, index - 1)}
          >
            <ArrowUp aria-hidden="true" className="size-4" />
          </button>
          <button
            type="button"
            className={arrow}
            aria-label={t('faq.moveDown', { question: item.question.ru })}
            title={t('faq.down')}
            disabled={index === count - 1 || moving}
            onClick={() => move(index, index + 1)}
          >
            <ArrowDown aria-hidden="true" className="size-4" />
          </button>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="btn-secondary" aria-expanded={editing} onClick={toggleEditor}>
          {tAdmin('common.edit')}
        </button>
        <button
          type="button"
          className="btn-ghost"
          aria-expanded={confirming}
          onClick={() => setConfirming(!confirming)}
        >
          {t('faq.remove')}
        </button>
      </div>
      {confirming && (
        <ConfirmRemove
          message={t('faq.confirmRemove', { question: item.question.ru })}
          yes={t('faq.removeYes')}
          busy={remove.busy}
          errors={remove.general}
          onYes={() => void remove.send('DELETE', `/api/v1/admin/faq/${item.id}/`)}
          onCancel={() => setConfirming(false)}
        />
      )}
      <Notice text={notice} />
      <div ref={editorRef}>
        {editing && (
          <FaqForm
            item={item}
            onDone={(m) => {
              setEditing(false);
              setNotice(m);
            }}
          />
        )}
      </div>
    </li>
  );
}

export default function FaqPage({ loaderData: { items } }: Route.ComponentProps) {
  const { t } = useTranslation('adminContent');
  const locale = useLocale();
  const [creating, setCreating] = useState(false);
  const createRef = useRef<HTMLDivElement>(null);
  const toggleCreate = useEditorToggle(createRef, creating, setCreating);
  const [notice, setNotice] = useState<string | null>(null);
  const order = useConsoleForm<{ results: AdminFaqItem[] }>();

  async function move(from: number, to: number) {
    const ids = items.map((i) => i.id);
    const [id] = ids.splice(from, 1);
    ids.splice(to, 0, id!);
    setNotice(null);
    const res = await order.send('PUT', '/api/v1/admin/faq/order/', { ids });
    if (res?.ok) setNotice(t('faq.moved'));
  }

  return (
    <section className="card p-4 sm:p-6">
      <ListHeader
        title={t('faq.title')}
        text={t('faq.text', { placeholder: supportEmailPlaceholder })}
        create={{ label: t('faq.create'), open: creating, toggle: toggleCreate }}
      />
      <a href={href(locale, paths.faq)} className="mt-2 inline-block text-sm text-brand-700 hover:underline">
        {t('faq.open')}
      </a>
      <div ref={createRef}>
        {creating && (
          <FaqForm
            onDone={(m) => {
              setCreating(false);
              setNotice(m);
            }}
          />
        )}
      </div>
      <div className="mt-4">
        <FormAlert messages={order.general} />
        <Notice text={notice} />
      </div>
      {items.length ? (
        <ol className="mt-2 space-y-3">
          {items.map((item, i) => (
            <Question
              key={item.id}
              item={item}
              index={i}
              count={items.length}
              move={(from, to) => void move(from, to)}
              moving={order.busy}
            />
          ))}
        </ol>
      ) : (
        <EmptyState
          icon={<MessageCircleQuestion aria-hidden="true" className="size-6" />}
          title={t('faq.empty')}
          text={t('faq.text', { placeholder: supportEmailPlaceholder })}
        />
      )}
    </section>
  );
}

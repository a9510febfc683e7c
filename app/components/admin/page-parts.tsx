import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { FormAlert } from '../form/form-alert.tsx';
import { RotateCw } from '../icons/rotate-cw.tsx';
import { PageTitle } from '../page-title.tsx';

/** What a console change answered ("Saved."), announced to screen readers; nothing while there is none. */
export function Notice({ text }: { text: string | null }) {
  return text ? (
    <p role="status" className="mt-2 text-sm text-emerald-700">
      {text}
    </p>
  ) : null;
}

/** The console's "Reload" after a refusal that only fresh data can answer (a claim moved, a member gone). */
export function ReloadButton({
  label,
  onClick,
  className = '',
}: {
  label: string;
  onClick: () => void;
  className?: string;
}) {
  return (
    <button type="button" className={`btn-secondary inline-flex items-center gap-2 ${className}`} onClick={onClick}>
      <RotateCw aria-hidden="true" className="size-4" />
      {label}
    </button>
  );
}

/**
 * A console list page's head: the document title, the heading, the button that opens the "new ..." form (it wraps
 * under the heading on a phone), and what the page is for.
 */
export function ListHeader(props: {
  title: string;
  text: ReactNode;
  create: { label: string; open: boolean; toggle: () => void };
}) {
  return (
    <>
      <PageTitle title={props.title} />
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-ink">{props.title}</h1>
        <button
          type="button"
          className="btn-primary ml-auto"
          aria-expanded={props.create.open}
          onClick={props.create.toggle}
        >
          {props.create.label}
        </button>
      </div>
      <p className="mt-1 max-w-3xl text-slate-600">{props.text}</p>
    </>
  );
}

/**
 * The second step of a remove that cannot be undone (a FAQ question, a news post, money taken off a reserve): what
 * will happen, then "Yes" or "Cancel". The first click only opens this; nothing is sent before "Yes". With `focus`
 * the question takes the keyboard when it appears (read out, Tab goes on to "Yes"): where the button that asked stays
 * on screen, the focus would otherwise stay there, behind a question the operator does not know is open.
 */
export function ConfirmRemove(props: {
  message: string;
  yes: string;
  busy: boolean;
  errors: string[];
  onYes: () => void;
  onCancel: () => void;
  focus?: boolean;
}) {
  const { t } = useTranslation('admin');
  const question = useRef<HTMLParagraphElement>(null);
  const focus = props.focus ?? false;
  useEffect(() => {
    if (focus) question.current?.focus();
  }, [focus]);
  return (
    <div className="mt-3 rounded-xl bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200" role="group">
      <FormAlert messages={props.errors} />
      <p
        ref={question}
        tabIndex={focus ? -1 : undefined}
        className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-red-300"
      >
        {props.message}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-primary"
          aria-busy={props.busy || undefined}
          disabled={props.busy}
          onClick={props.onYes}
        >
          {props.yes}
        </button>
        <button type="button" className="btn-ghost" onClick={props.onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </div>
  );
}

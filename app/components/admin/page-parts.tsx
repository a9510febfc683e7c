import type { ReactNode } from 'react';
import { PageTitle } from '../page-title.tsx';

/** What a console change answered ("Saved."), announced to screen readers; nothing while there is none. */
export function Notice({ text }: { text: string | null }) {
  return text ? (
    <p role="status" className="mt-2 text-sm text-emerald-700">
      {text}
    </p>
  ) : null;
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

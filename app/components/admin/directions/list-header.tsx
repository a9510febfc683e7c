import { Link } from 'react-router';
import { Plus } from '../../icons/plus.tsx';
import { useLocalizedHref } from '../../../lib/locale.ts';

/** A console list's heading with its "New …" button (directions, currencies). */
export function ListHeader({
  title,
  text,
  newLabel,
  newPath,
}: {
  title: string;
  text: string;
  newLabel: string;
  newPath: string;
}) {
  const to = useLocalizedHref();
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        <Link to={to(newPath)} className="btn-primary inline-flex items-center gap-1.5">
          <Plus aria-hidden="true" className="size-4" />
          {newLabel}
        </Link>
      </div>
      <p className="mt-1 text-slate-600">{text}</p>
    </>
  );
}

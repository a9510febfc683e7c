import { Link, useLocation } from 'react-router';
import { withParams } from '../../account/list-query.ts';

/**
 * A list's filter as links (`?param=value`, back to the first page): each filter has an address, works before
 * hydration, and the loader reads it. The current one is marked with aria-current.
 */
export function FilterTabs({
  param,
  current,
  options,
  label,
}: {
  param: string;
  current: string | null;
  options: { value: string | null; label: string }[];
  label: string;
}) {
  const { search, pathname } = useLocation();
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap gap-2">
      {options.map((o) => {
        const active = o.value === current;
        return (
          <Link
            key={o.value ?? 'all'}
            to={`${pathname}${withParams(search, { [param]: o.value, page: null })}`}
            aria-current={active ? 'page' : undefined}
            className={`focus-ring rounded-full px-3 py-1.5 text-sm font-medium ring-1 ${
              active
                ? 'bg-brand-600 text-white ring-brand-600'
                : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'
            }`}
          >
            {o.label}
          </Link>
        );
      })}
    </nav>
  );
}

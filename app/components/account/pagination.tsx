import { useTranslation } from '../../i18n/use-translation.ts';
import { Link, useLocation } from 'react-router';
import { ChevronLeft } from '../icons/chevron-left.tsx';
import { ChevronRight } from '../icons/chevron-right.tsx';
import { pageCount, pageItems, withParams } from './list-query.ts';

const itemClass =
  'focus-ring inline-flex min-w-10 items-center justify-center gap-1 rounded-xl px-3 py-2 text-sm font-medium';

/**
 * Page links of a list whose page lives in the URL (`param`, 'page' by default), other parameters kept. Links, not
 * buttons: each page has an address, works before hydration, and the loader reads it. Nothing when one page holds all.
 */
export function Pagination({
  page,
  count,
  size,
  param = 'page',
  label,
}: {
  page: number;
  count: number;
  size: number;
  param?: string;
  /** The nav's name, when a page has two lists. */
  label?: string;
}) {
  const { t } = useTranslation('account');
  const { search, pathname } = useLocation();
  const total = pageCount(count, size);
  if (total <= 1) return null;
  const to = (p: number) => `${pathname}${withParams(search, { [param]: p })}`;
  const edge = (p: number, text: string, icon: 'prev' | 'next') => {
    const content = (
      <>
        {icon === 'prev' && <ChevronLeft aria-hidden="true" className="size-4" />}
        <span className={icon === 'prev' || icon === 'next' ? 'max-sm:sr-only' : undefined}>{text}</span>
        {icon === 'next' && <ChevronRight aria-hidden="true" className="size-4" />}
      </>
    );
    const disabled = p < 1 || p > total;
    return disabled ? (
      <span aria-disabled="true" className={`${itemClass} text-slate-400`}>
        {content}
      </span>
    ) : (
      <Link to={to(p)} preventScrollReset className={`${itemClass} text-brand-700 hover:bg-brand-50`}>
        {content}
      </Link>
    );
  };
  return (
    <nav aria-label={label ?? t('common.pagination')} className="mt-6">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>{edge(page - 1, t('common.previous'), 'prev')}</li>
        {pageItems(page, total).map((item, i) =>
          item === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={to(item)}
                preventScrollReset
                aria-label={t('common.page', { page: item })}
                aria-current={item === page ? 'page' : undefined}
                className={`${itemClass} ${
                  item === page ? 'bg-brand-600 text-white' : 'text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50'
                }`}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li>{edge(page + 1, t('common.next'), 'next')}</li>
      </ul>
    </nav>
  );
}

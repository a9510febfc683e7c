import { useTranslation } from '../i18n/use-translation.ts';
import { Link } from 'react-router';
import { ChevronRight } from './icons/chevron-right.tsx';
import { paths } from '../../shared/paths.ts';
import { useLocalizedHref } from '../lib/locale.ts';

export interface BreadcrumbItem {
  label: string;
  /** A path from shared/paths.ts without the locale prefix; the breadcrumb localizes it. */
  to: string;
}

/**
 * The breadcrumb (docs/product/site.md): 'Home', then `items` as links, then `title` (the current page, not a
 * link). It is navigation only: the page still renders its own <h1>.
 */
export function Breadcrumb({ items = [], title }: { items?: BreadcrumbItem[]; title?: string }) {
  const { t } = useTranslation();
  const to = useLocalizedHref();
  const separator = <ChevronRight aria-hidden="true" className="size-3.5 shrink-0 text-slate-400" />;
  const linkClass = 'focus-ring rounded text-slate-600 hover:text-brand-700 hover:underline';
  return (
    <nav aria-label={t('breadcrumb.label')} className="mb-6">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm">
        <li>
          <Link to={to(paths.home)} className={linkClass}>
            {t('breadcrumb.main')}
          </Link>
        </li>
        {items.map((item) => (
          <li key={`${item.to}|${item.label}`} className="flex items-center gap-1.5">
            {separator}
            <Link to={to(item.to)} className={linkClass}>
              {item.label}
            </Link>
          </li>
        ))}
        {title && (
          <li className="flex min-w-0 items-center gap-1.5">
            {separator}
            <span aria-current="page" className="truncate font-medium text-ink">
              {title}
            </span>
          </li>
        )}
      </ol>
    </nav>
  );
}

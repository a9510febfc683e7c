import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { adminSections } from '../../components/admin/sections.ts';
import { staffReader } from '../../components/admin/staff-reader.server.ts';
import { useAdminI18n } from '../../components/admin/use-admin-i18n.ts';
import { useLocalizedHref } from '../../lib/locale.ts';
import type { Route } from './+types/layout';

/**
 * The operator console's frame (issue 6): the role guard on every page of it (a guest goes to the login page and
 * back, a customer gets 403) and the sections' menu. Pages inside read through staffReader in their own loaders.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { user } = await staffReader(context, request);
  return { user };
}

/** Console pages carry customers' data: never kept by a shared cache or the back-forward cache. */
export function headers() {
  return { 'Cache-Control': 'no-store' };
}

export default function AdminLayout({ loaderData: { user } }: Route.ComponentProps) {
  useAdminI18n();
  const { t } = useTranslation('admin');
  const to = useLocalizedHref();
  return (
    <div className="grid gap-6 lg:grid-cols-[14rem_1fr]" data-testid="admin-console">
      <nav aria-label={t('navLabel')} className="-mx-4 overflow-x-auto px-4 lg:mx-0 lg:px-0">
        <p className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('title')}</p>
        <p className="mb-3 truncate text-sm text-slate-600">
          <span className="font-medium text-ink">{user.email}</span> · {t(`role.${user.role}`)}
        </p>
        <ul className="flex gap-2 lg:flex-col lg:gap-1">
          {adminSections.map(({ key, path, icon: Icon, ...rest }) => (
            <li key={key} className="shrink-0">
              <NavLink
                to={to(path)}
                end={'end' in rest}
                className={({ isActive }) =>
                  `focus-ring flex items-center gap-2.5 rounded-xl px-3 py-2 text-sm font-medium whitespace-nowrap transition ${
                    isActive
                      ? 'bg-brand-600 text-white shadow-sm'
                      : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:text-ink lg:bg-transparent lg:ring-0 lg:hover:bg-white'
                  }`
                }
              >
                <Icon aria-hidden="true" className="size-4 shrink-0" />
                {t(`sections.${key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}

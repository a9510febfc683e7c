import { useTranslation } from '../../i18n/use-translation.ts';
import { useEffect, useRef } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { ExternalLink } from '../../components/icons/external-link.tsx';
import { LogOut } from '../../components/icons/log-out.tsx';
import { paths } from '../../../shared/paths.ts';
import { adminSections } from '../../components/admin/sections.ts';
import type { FrameHandle } from '../../components/frame/frame.tsx';
import { LanguageSwitcher } from '../../components/frame/language-switcher.tsx';
import { Logo } from '../../components/frame/logo.tsx';
import { staffReader } from '../../components/admin/staff-reader.server.ts';
import { UnsavedChangesGuard } from '../../components/admin/unsaved-changes.tsx';
import { useAdminI18n } from '../../components/admin/use-admin-i18n.ts';
import { useLocalizedHref } from '../../lib/locale.ts';
import { useLogout } from '../../lib/use-logout.ts';
import type { Route } from './+types/layout';

/**
 * The operator console's frame (issue 6): the role guard on every page of it (a guest goes to the login page and
 * back, a customer gets 403) and the sections' menu. Pages inside read through staffReader in their own loaders.
 * A workplace of its own (docs/admin/README.md): the full width of the screen, its own bar (the site, the operator,
 * language, logout), without the site's header, footer and contest banner (`console` tells the frame).
 */
export const handle: FrameHandle = { console: true };

export async function loader({ context, request }: Route.LoaderArgs) {
  const { user } = await staffReader(context, request);
  return { user };
}

/** Console pages carry customers' data: never kept by a shared cache or the back-forward cache. */
export function headers() {
  return { 'Cache-Control': 'no-store' };
}

/**
 * On a phone the sections are one strip scrolled sideways, fourteen tabs wide: without this, every page opened with the
 * strip at its start and the open section's tab off the screen from "Currencies" on. The open tab is brought to the
 * middle of the strip on each page, the strip only (scrollIntoView would move the page too).
 */
function useOpenSectionInView() {
  const nav = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const strip = nav.current;
    const open = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !open || strip.scrollWidth <= strip.clientWidth) return;
    strip.scrollLeft = open.offsetLeft - (strip.clientWidth - open.offsetWidth) / 2;
  }, [pathname]);
  return nav;
}

export default function AdminLayout({ loaderData: { user } }: Route.ComponentProps) {
  useAdminI18n();
  const { t } = useTranslation('admin');
  const { t: tFrame } = useTranslation();
  const to = useLocalizedHref();
  const { logout, loggingOut } = useLogout();
  const nav = useOpenSectionInView();
  return (
    <>
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
        <div className="flex h-14 items-center gap-3 px-4 sm:px-6">
          <Link
            to={to(paths.home)}
            reloadDocument
            aria-label={tFrame('nav.home')}
            className="focus-ring -ml-1 shrink-0 rounded-lg p-1"
          >
            <Logo />
          </Link>
          <p className="hidden text-sm font-semibold text-slate-700 sm:block">{t('title')}</p>
          <div className="ml-auto flex min-w-0 items-center gap-2">
            <p className="hidden min-w-0 truncate text-sm text-slate-600 md:block">
              <span className="font-medium text-ink">{user.email}</span> · {t(`role.${user.role}`)}
            </p>
            <Link
              to={to(paths.home)}
              reloadDocument
              className="btn-ghost inline-flex items-center gap-2 whitespace-nowrap"
              title={t('toSite')}
            >
              <ExternalLink aria-hidden="true" className="size-4" />
              <span className="sr-only sm:not-sr-only">{t('toSite')}</span>
            </Link>
            <LanguageSwitcher />
            <button
              type="button"
              onClick={() => void logout()}
              aria-busy={loggingOut || undefined}
              title={tFrame('header.logout')}
              className="btn-ghost inline-flex items-center gap-2 whitespace-nowrap"
            >
              <LogOut aria-hidden="true" className="size-4" />
              <span className="sr-only sm:not-sr-only">{tFrame('header.logout')}</span>
            </button>
          </div>
        </div>
      </header>
      {/* content-start: the grid fills the screen's height (flex-1), and on a short page its rows took the spare
          height between them, the phone's strip of sections growing by up to 90 px above the page. */}
      <div
        className="grid flex-1 content-start gap-6 px-4 py-5 sm:px-6 lg:grid-cols-[14rem_1fr] lg:py-6"
        data-testid="admin-console"
      >
        {/* min-w-0: a grid item is as wide as its content unless told otherwise, and the strip would not scroll. */}
        <nav aria-label={t('navLabel')} className="min-w-0">
          <p className="mb-3 truncate text-sm text-slate-600 md:hidden">
            <span className="font-medium text-ink">{user.email}</span> · {t(`role.${user.role}`)}
          </p>
          {/* The strip scrolls, not the nav: the operator's line above it stays where it is. */}
          <ul
            ref={nav}
            className="relative -mx-4 flex gap-2 overflow-x-auto px-4 lg:mx-0 lg:flex-col lg:gap-1 lg:overflow-visible lg:px-0"
          >
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
        <main id="main" tabIndex={-1} className="min-w-0 outline-none">
          <UnsavedChangesGuard>
            <Outlet />
          </UnsavedChangesGuard>
        </main>
      </div>
    </>
  );
}

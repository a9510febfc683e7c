import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { authStrings } from '../../i18n/auth-strings.ts';
import { preloadStrings } from '../../i18n/locale-strings.ts';
import { Link, useLocation } from 'react-router';
import { LayoutDashboard } from '../icons/layout-dashboard.tsx';
import { LogOut } from '../icons/log-out.tsx';
import { Menu } from '../icons/menu.tsx';
import { UserRound } from '../icons/user-round.tsx';
import { X } from '../icons/x.tsx';
import { isActive, menuFor } from '../../../shared/navigation.ts';
import { paths } from '../../../shared/paths.ts';
import { useBarePath, useLocale, useLocalizedHref } from '../../lib/locale.ts';
import type { SessionUser } from '../../lib/session.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useLogout } from '../../lib/use-logout.ts';
import { useScrollLock } from '../../lib/use-scroll-lock.ts';
import { LanguageSwitcher } from './language-switcher.tsx';
import { Logo } from './logo.tsx';

// The modal's strings load beside its chunk, not after it (i18n/locale-strings.ts).
const loadLoginModal = () =>
  Promise.all([import('../auth/login-modal.tsx'), preloadStrings(authStrings)]).then(([modal]) => modal);
// First paint never needs the modal (nor react-aria under it): fetched on first hover, focus or click of 'Log in'.
const LoginModal = lazy(loadLoginModal);

const mobileMenuId = 'mobile-menu';

/**
 * The header (docs/product/site.md): logo, menu (with a burger below lg), language switcher, login/sign-up or the
 * user's links.
 */
export function Header({ user }: { user: SessionUser | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalizedHref();
  const current = useBarePath();
  const { key: locationKey } = useLocation();
  const items = menuFor(locale);

  const headerRef = useRef<HTMLElement>(null);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuTop, setMenuTop] = useState(0);
  const [loginWanted, setLoginWanted] = useState(false);
  const [loginOpen, setLoginOpen] = useState(false);
  const { logout, loggingOut } = useLogout();
  // Sign out is the script's (a POST, then a reload): before hydration a press would do nothing, silently, so the
  // button is disabled and looks it until then (docs/product/behaviour.md, "Before the page's script runs").
  const hydrated = useHydrated();

  useScrollLock(menuOpen);

  // Any navigation (a menu item, a link in the login modal) closes both overlays: adjusted while rendering, the
  // React way to reset state on a prop change, so the new page never paints with an overlay still open.
  const [seenLocation, setSeenLocation] = useState(locationKey);
  if (seenLocation !== locationKey) {
    setSeenLocation(locationKey);
    setMenuOpen(false);
    setLoginOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      burgerRef.current?.focus();
    };
    // The menu exists below lg only: growing the window past it closes the menu and releases the scroll lock.
    const wide = window.matchMedia('(min-width: 1024px)');
    const onWide = () => wide.matches && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    wide.addEventListener('change', onWide);
    return () => {
      document.removeEventListener('keydown', onKey);
      wide.removeEventListener('change', onWide);
    };
  }, [menuOpen]);

  const toggleMenu = () => {
    // The panel starts where the header ends, whatever the banner above it or the scroll position.
    setMenuTop(headerRef.current?.getBoundingClientRect().bottom ?? 0);
    setMenuOpen((open) => !open);
  };

  const openLogin = () => {
    setMenuOpen(false);
    setLoginWanted(true);
    setLoginOpen(true);
  };

  return (
    <header ref={headerRef} className="sticky top-0 z-40 border-b border-slate-200/80 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
        <Link to={to(paths.home)} aria-label={t('nav.home')} className="focus-ring -ml-1 shrink-0 rounded-lg p-1">
          <Logo />
        </Link>

        <nav aria-label={t('nav.menu')} className="ml-6 hidden lg:block">
          <ul className="flex items-center gap-1">
            {items.map((item) => {
              const active = isActive(item.path, current);
              return (
                <li key={item.key}>
                  <Link
                    to={to(item.path)}
                    aria-current={active ? 'page' : undefined}
                    className={`focus-ring rounded-lg px-3 py-2 text-sm font-medium transition ${
                      active ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-ink'
                    }`}
                  >
                    {t(`nav.${item.key}`)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        {/* min-w-0: when the row is full, the e-mail (truncated) gives way, not the page's width. */}
        <div className="ml-auto flex min-w-0 items-center gap-2">
          <LanguageSwitcher />
          {user ? (
            <>
              {user.role !== 'customer' && (
                // A full load: the console's chunk and catalogue come with its page.
                <Link
                  reloadDocument
                  to={to(paths.admin)}
                  className="btn-ghost inline-flex items-center gap-2"
                  title={t('header.console')}
                >
                  <LayoutDashboard aria-hidden="true" className="size-4" />
                  <span className="sr-only">{t('header.console')}</span>
                </Link>
              )}
              <Link
                to={to(paths.accountOrders)}
                className="btn-secondary hidden max-w-56 min-w-0 items-center gap-2 sm:inline-flex xl:max-w-72"
                title={`${t('header.account')}: ${user.email}`}
                aria-label={user.email}
              >
                <UserRound aria-hidden="true" className="size-4 shrink-0" />
                {/* From lg the menu shares the row: the icon alone until xl, then the e-mail, cut only when the row is full (the
                    title has it all). */}
                <span className="truncate lg:hidden xl:block">{user.email}</span>
              </Link>
              <button
                type="button"
                onClick={() => void logout()}
                disabled={!hydrated}
                aria-busy={loggingOut || undefined}
                title={t('header.logout')}
                className="btn-ghost inline-flex items-center gap-2 whitespace-nowrap"
              >
                <LogOut aria-hidden="true" className="size-4" />
                {/* On phones the icon alone: the row has no room for the label beside the burger. */}
                <span className="sr-only sm:not-sr-only lg:sr-only xl:not-sr-only">{t('header.logout')}</span>
              </button>
            </>
          ) : (
            <>
              <button
                type="button"
                onClick={openLogin}
                onPointerEnter={() => void loadLoginModal()}
                onFocus={() => void loadLoginModal()}
                className="btn-ghost"
              >
                {t('header.login')}
              </button>
              <Link to={to(paths.register)} className="btn-primary hidden sm:inline-flex">
                {t('header.signUp')}
              </Link>
            </>
          )}
          <button
            ref={burgerRef}
            type="button"
            // Named for what a press does now: the open menu's X had kept "Открыть меню" / "Open menu".
            aria-label={t(menuOpen ? 'nav.closeMenu' : 'nav.openMenu')}
            aria-expanded={menuOpen}
            aria-controls={mobileMenuId}
            onClick={toggleMenu}
            className="focus-ring -mr-1 inline-flex size-10 items-center justify-center rounded-lg text-ink hover:bg-slate-100 lg:hidden"
          >
            {menuOpen ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
          </button>
        </div>
      </div>

      <div
        id={mobileMenuId}
        hidden={!menuOpen}
        style={{ top: menuTop }}
        className="fixed inset-x-0 bottom-0 z-40 overflow-y-auto border-t border-slate-200 bg-white lg:hidden"
      >
        <nav aria-label={t('nav.mobileMenu')} className="mx-auto max-w-6xl px-4 py-4 sm:px-6">
          <ul className="divide-y divide-slate-100">
            {items.map((item) => {
              const active = isActive(item.path, current);
              return (
                <li key={item.key}>
                  <Link
                    to={to(item.path)}
                    aria-current={active ? 'page' : undefined}
                    onClick={() => setMenuOpen(false)}
                    className={`focus-ring flex items-center rounded-lg px-3 py-3.5 text-lg font-medium ${
                      active ? 'text-brand-700' : 'text-ink hover:bg-slate-50'
                    }`}
                  >
                    {active && <span aria-hidden="true" className="mr-3 h-5 w-1 rounded-full bg-brand-600" />}
                    {t(`nav.${item.key}`)}
                  </Link>
                </li>
              );
            })}
          </ul>
          <div className="mt-6 grid gap-3 sm:hidden">
            {user ? (
              <Link
                to={to(paths.accountOrders)}
                onClick={() => setMenuOpen(false)}
                className="btn-secondary inline-flex items-center justify-center gap-2 py-3"
              >
                <UserRound aria-hidden="true" className="size-4 shrink-0" />
                <span className="truncate">{user.email}</span>
              </Link>
            ) : (
              <Link
                to={to(paths.register)}
                onClick={() => setMenuOpen(false)}
                className="btn-primary inline-flex justify-center py-3"
              >
                {t('header.signUp')}
              </Link>
            )}
          </div>
        </nav>
      </div>

      {loginWanted && (
        <Suspense fallback={null}>
          <LoginModal isOpen={loginOpen} onOpenChange={setLoginOpen} />
        </Suspense>
      )}
    </header>
  );
}

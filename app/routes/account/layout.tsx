import { useTranslation } from '../../i18n/use-translation.ts';
import { NavLink, Outlet } from 'react-router';
import { ClipboardList } from '../../components/icons/clipboard-list.tsx';
import { Gift } from '../../components/icons/gift.tsx';
import { Megaphone } from '../../components/icons/megaphone.tsx';
import { Settings } from '../../components/icons/settings.tsx';
import { Users } from '../../components/icons/users.tsx';
import { paths } from '../../../shared/paths.ts';
import { ActivationNotice } from '../../components/auth/activation-notice.tsx';
import { Breadcrumb } from '../../components/breadcrumb.tsx';
import { requireUser } from '../../lib/guards.ts';
import { useBarePath, useLocalizedHref } from '../../lib/locale.ts';
import type { Route } from './+types/layout';
import { accountCatalogue } from '../../i18n/catalogue-account.ts';
import { claimStrings } from '../../i18n/claim-strings.ts';
import { useLazyCatalogue } from '../../i18n/lazy-catalogue.ts';
import { preloadStrings, useLocaleStrings } from '../../i18n/locale-strings.ts';

/**
 * The 'auth' guard (docs/product/behaviour.md) on the whole account area: a guest goes to the login page and comes back
 * after it. The user comes from here rather than the root's data: this loader runs again on client navigations into the
 * area, so `activated` is current after an activation in this tab.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  return { user };
}

/** Account pages carry the customer's own data: never kept by a shared cache or the back-forward cache. */
export function headers() {
  return { 'Cache-Control': 'no-store' };
}

// The claim strings start loading with this module (i18n/locale-strings.ts).
void preloadStrings(claimStrings);

const accountSections = [
  { key: 'orders', path: paths.accountOrders, icon: ClipboardList },
  { key: 'promocodes', path: paths.accountPromocodes, icon: Gift },
  { key: 'referrer', path: paths.accountReferrer, icon: Users },
  { key: 'adv', path: paths.accountAdv, icon: Megaphone },
  { key: 'settings', path: paths.accountSettings, icon: Settings },
] as const;

export default function AccountLayout({ loaderData: { user } }: Route.ComponentProps) {
  useLazyCatalogue(accountCatalogue);
  useLocaleStrings(claimStrings);
  const { t } = useTranslation('account');
  const to = useLocalizedHref();
  // Settings shows the notice in its own account block (one per page).
  const onSettings = useBarePath() === paths.accountSettings;
  return (
    <>
      <Breadcrumb title={t('title')} />
      {!user.activated && !onSettings && <ActivationNotice email={user.email} />}
      {/* minmax(0, 1fr): a wide child (the 728 px banner on the promo page) scrolls inside its own box instead of
          widening the column, and with it the whole page, past the phone's screen. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
        {/* On a phone the sections wrap onto a second row rather than scroll sideways: a scrolled row hid the page's
            own tab ("Партнёр…" cut at the edge), so the visitor could not see where they were. */}
        <nav aria-label={t('navLabel')}>
          {/* The whole address, never cut off (which account this is), and never broken at its own hyphen: that
              read as two things ("review-" / "customer@example.com" in the desktop column). inline-block puts it on
              its own line where it does not fit after "Signed in as" (beside it on a phone), so an address that fits
              the column stays on one line; break-all lets a longer one fill each line to the edge instead of breaking
              at the hyphen. CSS only: the address stays one run of text in the HTML, which the page cache's e-mail
              replacement relies on (docs/decisions/0036), so no <wbr> before its "@". */}
          <p className="mb-3 text-sm text-slate-600">
            {t('signedInAs')}{' '}
            <span data-testid="account-email" className="inline-block max-w-full font-medium break-all text-ink">
              {user.email}
            </span>
          </p>
          <ul className="flex flex-wrap gap-2 lg:flex-col lg:flex-nowrap lg:gap-1">
            {accountSections.map(({ key, path, icon: Icon }) => (
              <li key={key} className="shrink-0">
                <NavLink
                  to={to(path)}
                  className={({ isActive }) =>
                    `focus-ring flex items-center gap-2.5 rounded-xl px-3.5 py-2.5 text-sm font-medium whitespace-nowrap transition ${
                      isActive
                        ? 'bg-brand-600 text-white shadow-sm'
                        : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:text-ink lg:bg-transparent lg:ring-0 lg:hover:bg-white'
                    }`
                  }
                >
                  <Icon aria-hidden="true" className="size-4 shrink-0" />
                  {t(`${key}.title`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="card min-h-64 min-w-0 p-6 sm:p-8">
          <Outlet />
        </div>
      </div>
    </>
  );
}

import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub, Link, MemoryRouter, Outlet } from 'react-router';
import { localeFromPath } from '../../shared/locales.ts';
import { createI18n } from '../../app/i18n/i18n.ts';
import { resources } from '../../app/i18n/resources.ts';
import { UnsavedChangesGuard } from '../../app/components/admin/unsaved-changes.tsx';

/** Renders `ui` at `url` inside a router and the i18n instance of that address's locale (unit tests only). */
export function renderAt(url: string, ui: ReactElement) {
  const locale = localeFromPath(url.split('?')[0] ?? '/');
  const i18n = createI18n(locale, resources[locale]);
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
    </I18nextProvider>,
  );
}

/**
 * The same inside a data router, for what needs one (the console's forms: useRevalidator, useNavigate); `url` is the
 * page's address, its path without a query.
 */
export function renderInDataRouter(url: string, ui: ReactElement) {
  const path = url.split('?')[0] ?? '/';
  const locale = localeFromPath(path);
  const Stub = createRoutesStub([{ path, Component: () => ui }]);
  return render(
    <I18nextProvider i18n={createI18n(locale, resources[locale])}>
      <Stub initialEntries={[url]} />
    </I18nextProvider>,
  );
}

/**
 * A console form at `url` inside the console frame's guard for unsaved edits (app/routes/admin/layout.tsx), with a link
 * away as the frame's menu has: "Elsewhere", to the claims list of the page's language, which shows "Claims page".
 */
export function renderInConsole(url: string, ui: ReactElement) {
  const path = url.split('?')[0] ?? '/';
  const locale = localeFromPath(path);
  const away = locale === 'en' ? '/en/admin/claims' : '/admin/claims';
  const Stub = createRoutesStub([
    {
      Component: () => (
        <>
          <Link to={away}>Elsewhere</Link>
          <UnsavedChangesGuard>
            <Outlet />
          </UnsavedChangesGuard>
        </>
      ),
      children: [
        { path, Component: () => ui },
        { path: away, Component: () => <h1>Claims page</h1> },
      ],
    },
  ]);
  return render(
    <I18nextProvider i18n={createI18n(locale, resources[locale])}>
      <Stub initialEntries={[url]} />
    </I18nextProvider>,
  );
}

import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nContext } from 'react-i18next';
import { HydratedRouter } from 'react-router/dom';
import { localeFromPath } from '../shared/locales.ts';
import { createCatalogueStore } from './i18n/catalogue-store.ts';
import { stringsLoading } from './i18n/locale-strings.ts';
import { onCaughtError } from './lib/caught-errors.ts';

// The path decides the locale (docs/i18n.md); switching locale is a full page load, so it never changes here.
// Only this page's catalogue is fetched (the page is already rendered by the server; this delays hydration only),
// beside the page's own namespaces its route modules started loading (i18n/locale-strings.ts): one wait, not two.
const locale = localeFromPath(window.location.pathname);
const [catalogue] = await Promise.all([
  locale === 'en'
    ? import('./i18n/catalogue-en.ts').then((m) => m.en)
    : import('./i18n/catalogue-ru.ts').then((m) => m.ru),
  stringsLoading(),
]);
// Other areas' namespaces come with their pages (i18n/lazy-catalogue.ts). Not an i18next instance: the pages only look
// strings up (i18n/use-translation.ts), and i18next would be ~13 KiB gzip of the first load (docs/decisions/0028).
const i18n = { i18n: createCatalogueStore(locale, catalogue) } as unknown as Parameters<
  typeof I18nContext.Provider
>[0]['value'];

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <I18nContext.Provider value={i18n}>
        <HydratedRouter />
      </I18nContext.Provider>
    </StrictMode>,
    // One console line per render error: React Router's boundary writes it, React's default wrote it again
    // (lib/caught-errors.ts). Uncaught and recoverable errors (hydration mismatches) keep React's reports.
    { onCaughtError },
  );
});

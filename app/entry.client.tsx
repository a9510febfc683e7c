import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { HydratedRouter } from 'react-router/dom';
import { localeFromPath } from '../shared/locales.ts';
import { createI18n } from './i18n/i18n.ts';

// The path decides the locale (docs/i18n.md); switching locale is a full page load, so it never changes here.
// Only this page's catalogue is fetched (the page is already rendered by the server; this delays hydration only).
const locale = localeFromPath(window.location.pathname);
const catalogue =
  locale === 'en' ? (await import('./i18n/catalogue-en.ts')).en : (await import('./i18n/catalogue-ru.ts')).ru;
// Other areas' namespaces come with their pages (i18n/lazy-catalogue.ts).
const i18n = createI18n(locale, catalogue);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <HydratedRouter />
      </I18nextProvider>
    </StrictMode>,
  );
});

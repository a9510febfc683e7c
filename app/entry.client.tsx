import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { HydratedRouter } from 'react-router/dom';
import { localeFromPath } from '../shared/locales.ts';
import { createI18n } from './i18n/i18n.ts';

// The path decides the locale (DESIGN §8); switching locale is a full page load, so it never changes here.
const i18n = createI18n(localeFromPath(window.location.pathname));

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

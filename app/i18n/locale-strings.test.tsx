// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nContext } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { createCatalogueStore } from './catalogue-store.ts';
import {
  localeStrings,
  preloadStrings,
  stringsLoading,
  useLocaleStrings,
  type LocaleStrings,
} from './locale-strings.ts';
import { resources } from './resources.ts';
import { useTranslation, type CatalogueStore } from './use-translation.ts';

afterEach(cleanup);

/** A page of the browser's store (no i18next), at `url`, using `strings`' namespace. */
async function renderPage(url: string, store: CatalogueStore, strings: LocaleStrings) {
  function Title() {
    useLocaleStrings(strings);
    const { t } = useTranslation('claim');
    return <h1>{t('pay.title')}</h1>;
  }
  const value = { i18n: store } as unknown as Parameters<typeof I18nContext.Provider>[0]['value'];
  await act(async () => {
    render(
      <I18nContext.Provider value={value}>
        <MemoryRouter initialEntries={[url]}>
          <Suspense fallback={<p>loading</p>}>
            <Title />
          </Suspense>
        </MemoryRouter>
      </I18nContext.Provider>,
    );
  });
}

function spiedStrings(ns: string) {
  const ru = vi.fn(() => Promise.resolve(resources.ru.claim));
  const en = vi.fn(() => Promise.resolve(resources.en.claim));
  return { strings: localeStrings(ns, { ru, en }), ru, en };
}

describe('a namespace in the page locale only', () => {
  it('loads only the locale of the page, once, and entry.client can wait for it', async () => {
    window.history.replaceState(null, '', '/en/claim/x');
    const { strings, ru, en } = spiedStrings('claim-a');
    await Promise.all([preloadStrings(strings), preloadStrings(strings)]);
    await stringsLoading();
    expect(en).toHaveBeenCalledTimes(1);
    expect(ru).not.toHaveBeenCalled();
  });

  it('loads nothing when the store has the namespace already (the server, or a page that brought it)', async () => {
    const store = createCatalogueStore('en', { claim: resources.en.claim });
    const { strings, ru, en } = spiedStrings('claim');
    await renderPage('/en/claim/x', store, strings);
    expect(screen.getByRole('heading').textContent).toBe(resources.en.claim.pay.title);
    expect(ru).not.toHaveBeenCalled();
    expect(en).not.toHaveBeenCalled();
  });
  it('renders the text once it is there, never the key, and adds it to the store', async () => {
    const store = createCatalogueStore('ru', {});
    const { strings, en } = spiedStrings('claim');
    await renderPage('/claim/x', store, strings);
    expect(screen.getByRole('heading').textContent).toBe(resources.ru.claim.pay.title);
    expect(screen.queryByText('pay.title')).toBeNull();
    expect(store.hasResourceBundle('ru', 'claim')).toBe(true);
    expect(en).not.toHaveBeenCalled();
  });
});

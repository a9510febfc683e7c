import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n.ts';
import { createCatalogueStore } from './catalogue-store.ts';
import { resources } from './resources.ts';
import { richText } from './rich-text.tsx';
import { translate } from './use-translation.ts';

/** The browser's store and the server's i18next instance must give every page the same text (hydration). */
describe('translate', () => {
  const browser = createCatalogueStore('ru', { frame: resources.ru.frame });
  const server = createI18n('ru', resources.ru);

  it('reads a dotted key and fills its variables, as i18next does on the server', () => {
    for (const store of [browser, server]) {
      expect(translate(store, 'frame', 'header.login')).toBe('Войти');
      expect(translate(store, 'frame', 'error.notFoundPath', { path: '/x' })).toBe(
        i18nextText('error.notFoundPath', { path: '/x' }),
      );
    }
  });

  it('keeps a variable not passed, empties one passed as nothing, answers a missing key with the key', () => {
    for (const store of [browser, server]) {
      expect(translate(store, 'frame', 'error.notFoundPath', {})).toBe(i18nextText('error.notFoundPath', {}));
      expect(translate(store, 'frame', 'error.notFoundPath', {})).toContain('{{path}}');
      expect(translate(store, 'frame', 'error.notFoundPath', { path: undefined })).toBe(
        i18nextText('error.notFoundPath', { path: undefined }),
      );
      expect(translate(store, 'frame', 'no.such.key')).toBe('no.such.key');
    }
  });

  it('gives every string of every namespace as i18next does, in both languages', () => {
    for (const locale of ['ru', 'en'] as const) {
      const i18n = createI18n(locale, resources[locale]);
      const store = createCatalogueStore(locale, resources[locale]);
      for (const [ns, strings] of Object.entries(resources[locale])) {
        for (const key of leafKeys(strings)) {
          const vars = { amount: '1 000', count: 3, email: 'a@b.c' };
          expect(translate(store, ns, key, vars), `${locale}:${ns}:${key}`).toBe(
            (i18n.t as (k: string, o: object) => string)(key, { ns, ...vars }),
          );
        }
      }
    }
  });

  it('picks the plural form by count as i18next does: Russian one/few/many, English one/other', () => {
    const counts = [0, 1, 2, 3, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 1200, 1.5];
    for (const locale of ['ru', 'en'] as const) {
      const i18n = createI18n(locale, resources[locale]);
      const store = createCatalogueStore(locale, resources[locale]);
      for (const count of counts) {
        const vars = { count, uses: String(count) };
        expect(translate(store, 'adminPartners', 'promocodes.uses', vars), `${locale}:${count}`).toBe(
          (i18n.t as (k: string, o: object) => string)('promocodes.uses', { ns: 'adminPartners', ...vars }),
        );
      }
    }
    const ru = createCatalogueStore('ru', resources.ru);
    const uses = (count: number) => translate(ru, 'adminPartners', 'promocodes.uses', { count, uses: String(count) });
    expect([1, 3, 5, 11, 21, 22, 0].map(uses)).toEqual([
      'Использован 1 раз',
      'Использован 3 раза',
      'Использован 5 раз',
      'Использован 11 раз',
      'Использован 21 раз',
      'Использован 22 раза',
      'Использован 0 раз',
    ]);
    const en = createCatalogueStore('en', resources.en);
    expect(translate(en, 'adminPartners', 'promocodes.uses', { count: 1, uses: '1' })).toBe('Used 1 time');
    expect(translate(en, 'adminPartners', 'promocodes.uses', { count: 3, uses: '3' })).toBe('Used 3 times');
    // A count given as a string is no count to choose by (i18next's rule): the plain key, here none.
    expect(translate(en, 'adminPartners', 'promocodes.uses', { count: '3' })).toBe('promocodes.uses');
  });

  it('adds a page namespace once', () => {
    const store = createCatalogueStore('en', {});
    expect(store.hasResourceBundle('en', 'claim')).toBe(false);
    store.addResourceBundle('en', 'claim', resources.en.claim);
    expect(translate(store, 'claim', 'pay.title')).toBe(resources.en.claim.pay.title);
  });

  function i18nextText(key: string, vars: object) {
    return (server.t as (k: string, o: object) => string)(key, { ns: 'frame', ...vars });
  }
});

describe('richText', () => {
  it('renders tagged text with the given element and keeps the rest as text', () => {
    const parts = richText('I accept the <rules>service rules</rules>.', { rules: <em className="link" /> });
    expect(parts[0]).toBe('I accept the ');
    expect(parts[2]).toBe('.');
    const link = parts[1] as React.ReactElement<{ className: string; children: string }>;
    expect(link.props).toMatchObject({ className: 'link', children: 'service rules' });
  });

  it('writes a tag it has no element for as its text', () => {
    expect(richText('a <b>bold</b> c', {})).toEqual(['a ', 'bold', ' c']);
  });
});

function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => leafKeys(v, prefix ? `${prefix}.${k}` : k));
}

import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '../../shared/errors.ts';
import { quoteLineLabels } from '../../shared/exchange/quote-labels.ts';
import { resources } from './resources.ts';

/** Every leaf key of a catalogue, dotted. */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [[prefix, value]];
  return Object.entries(value).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

/** A plural form's key (i18next's suffixes); `russianOnly`, the forms English does not have. */
const pluralForm = /_(zero|one|two|few|many|other)$/;
const russianOnly = /_(few|many)$/;

describe('catalogues', () => {
  it('en has every key of the ru source catalogue, and no stray ones', () => {
    // Russian's extra plural forms (`_few`, `_many`) have no English counterpart; their `_one`/`_other` do.
    const ru = keys(resources.ru)
      .filter((k) => !russianOnly.test(k))
      .sort();
    const en = keys(resources.en).sort();
    expect(en.filter((k) => !ru.includes(k))).toEqual([]);
    expect(ru.filter((k) => !en.includes(k))).toEqual([]);
  });

  it('has no empty translations in either language', () => {
    for (const locale of ['ru', 'en'] as const) {
      const empty = leaves(resources[locale]).filter(([, v]) => typeof v !== 'string' || v.trim() === '');
      expect(empty.map(([k]) => `${locale}:${k}`)).toEqual([]);
    }
  });

  it('uses the same interpolation variables in both languages', () => {
    const vars = (s: unknown) => [...String(s).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    const en = new Map(leaves(resources.en));
    for (const [key, ru] of leaves(resources.ru)) {
      expect(vars(en.get(key.replace(russianOnly, '_other'))), key).toEqual(vars(ru));
    }
  });

  it('writes every count sentence in all the plural forms of its language, with the count to choose by', () => {
    const forms = { ru: ['one', 'few', 'many', 'other'], en: ['one', 'other'] } as const;
    for (const locale of ['ru', 'en'] as const) {
      const all = new Map(leaves(resources[locale]));
      const bases = [...all.keys()].filter((k) => pluralForm.test(k)).map((k) => k.replace(pluralForm, ''));
      for (const base of new Set(bases)) {
        for (const form of forms[locale]) expect(all.has(`${base}_${form}`), `${locale}:${base}_${form}`).toBe(true);
        // The plain key would be read for a call without a count: there is none, so there is no such key either.
        expect(all.has(base), `${locale}:${base}`).toBe(false);
        expect([...all.keys()].filter((k) => k.startsWith(`${base}_`) && !pluralForm.test(k))).toEqual([]);
      }
      expect(bases.length, locale).toBeGreaterThan(0);
    }
  });

  it('has no Russian count sentence outside the plural forms ("{{n}} раз" reads "3 раз")', () => {
    // A variable followed by a counted noun whose ending depends on the number; abbreviations ("мин.") do not change.
    const counted =
      /\{\{\s*\w+\s*\}\}\s+(раза?|минут[ауы]?|дн(?:я|ей)|день|час(?:а|ов)?|заяв(?:ка|ки|ок)|символ(?:а|ов)?|клиент(?:а|ов)?|попыт(?:ка|ки|ок)|использовани[ейя])(?![а-яё])/i;
    const drift = leaves(resources.ru).filter(([k, v]) => !pluralForm.test(k) && counted.test(String(v)));
    expect(drift.map(([k, v]) => `${k}: ${String(v)}`)).toEqual([]);
  });

  it('writes dashes as dashes in both languages: no hyphen between numbers ("5-30") or spaced as a pause (" - ")', () => {
    // The rules page (demo content) writes "5–30 minutes"; a claim panel saying "5-30 minutes" beside it reads as two
    // hands. Hyphenated words ("e-mail") and codes are not in the pattern.
    const hyphen = /\d-\d|\s-\s/;
    for (const locale of ['ru', 'en'] as const) {
      const drift = leaves(resources[locale]).filter(([, v]) => hyphen.test(String(v)));
      expect(drift.map(([k, v]) => `${locale}:${k}: ${String(v)}`)).toEqual([]);
    }
  });

  it('carries the spec English strings verbatim', () => {
    const en = resources.en.frame;
    expect(en.footer.copyright).toBe('Electronic currency exchange service');
    expect(en.error.notFoundPath).toBe('Page not found: {{path}}');
    expect(en.error.generic).toBe('Something went wrong');
    expect(en.nav.currencySearch).toBe('Currency search');
    expect(en.header.login).toBe('Log in');
    expect(en.header.logout).toBe('Sign out');
    expect(en.header.signUp).toBe('Sign Up');
  });
});

/**
 * One name for one thing (docs/admin/partners.md): a partner's request to take the balance out is a withdrawal, the
 * same "Withdrawal #12" on the partner's page and in the console; a discount code is a promocode.
 */
describe('names', () => {
  const english = [
    ...leaves(resources.en),
    ...Object.entries(quoteLineLabels).map(([k, v]) => [`quoteLineLabels.${k}`, v.en] as const),
    ...Object.entries(errorCatalogue).map(([k, v]) => [`errors.${k}`, v.en] as const),
  ];

  it('English says "promocode", never "promo code"', () => {
    const drift = english.filter(([, v]) => /promo[\s-]+codes?/i.test(String(v)));
    expect(drift.map(([k, v]) => `${k}: ${String(v)}`)).toEqual([]);
  });

  it('English says "rate", never "course" (Russian "курс"), as the customer pages and the claim page do', () => {
    // The console said "Course now", "Customer course", "Course discount, %". `{{course}}` stays: it names the
    // API field the figure comes from, not a word anyone reads.
    const drift = english.filter(([, v]) => /\bcourses?\b/i.test(String(v).replace(/\{\{\s*\w+\s*\}\}/g, '')));
    expect(drift.map(([k, v]) => `${k}: ${String(v)}`)).toEqual([]);
  });

  it('English calls a referral withdrawal a withdrawal, not a "request #" or a "payout request"', () => {
    const drift = english.filter(([, v]) => /\brequest #|\bpayout requests?\b|\bNo\. \{\{id\}\}/i.test(String(v)));
    expect(drift.map(([k, v]) => `${k}: ${String(v)}`)).toEqual([]);
  });

  it('keeps «№» with its number: a no-break space between them, never a plain one a line could break at', () => {
    const russian = [
      ...leaves(resources.ru),
      ...Object.entries(errorCatalogue).map(([k, v]) => [`errors.${k}`, v.ru] as const),
    ];
    const broken = russian.filter(([, v]) => /№(?!\u00a0)/.test(String(v)));
    expect(broken.map(([k, v]) => `${k}: ${String(v)}`)).toEqual([]);
    expect(russian.filter(([, v]) => String(v).includes('№')).length).toBeGreaterThan(4);
  });

  it('English names the programme as Russian does ("Партнёрская программа"): the partner programme, never the referral one', () => {
    const drift = english.filter(([, v]) => /referral programme/i.test(String(v)));
    expect(drift.map(([k, v]) => `${k}: ${String(v)}`)).toEqual([]);
    const russian = leaves(resources.ru).filter(([, v]) => /реферальн\S* программ/i.test(String(v)));
    expect(russian.map(([k, v]) => `${k}: ${String(v)}`)).toEqual([]);
  });

  it('names a paid or rejected withdrawal the same way in the console and on the partner’s page', () => {
    for (const locale of ['ru', 'en'] as const) {
      const catalogue = resources[locale];
      for (const status of ['paid', 'rejected'] as const)
        expect(catalogue.adminPartners.status[status], `${locale}:${status}`).toBe(
          catalogue.account.referrer.withdrawals.status[status],
        );
    }
  });

  it("numbers a withdrawal the same way in the console and on the partner's page", () => {
    for (const locale of ['ru', 'en'] as const) {
      const catalogue = resources[locale];
      expect(catalogue.adminPartners.item.number, locale).toBe(catalogue.account.referrer.withdrawals.number);
    }
  });
});

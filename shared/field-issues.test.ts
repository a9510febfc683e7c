import { describe, expect, it } from 'vitest';
import { errorCatalogue } from './errors.ts';
import { catalogueMessage } from './field-issues.ts';
import { formatDecimal } from './format.ts';

describe('catalogueMessage: a count and the word that agrees with it', () => {
  it('writes the Russian case each count takes and the English singular', () => {
    const ru = (dp: number) => catalogueMessage('field_amount_decimals', 'ru', { dp });
    expect([1, 2, 5, 11, 21].map(ru)).toEqual([
      'Не более 1 знака после запятой.',
      'Не более 2 знаков после запятой.',
      'Не более 5 знаков после запятой.',
      'Не более 11 знаков после запятой.',
      'Не более 21 знака после запятой.',
    ]);
    expect(catalogueMessage('field_amount_decimals', 'en', { dp: 1 })).toBe(
      'Ensure there are no more than 1 decimal place.',
    );
    expect(catalogueMessage('field_too_long', 'en', { max: 256 })).toBe(
      'Ensure this field has no more than 256 characters.',
    );
    expect(catalogueMessage('field_too_long', 'ru', { max: 1001 })).toBe(
      `Не более ${formatDecimal('1001', 'ru')} символа.`,
    );
  });

  it('fills a placeholder with its English param on English pages, with the param itself otherwise', () => {
    const both = { example: 'Иван Петров', exampleEn: 'Ivan Petrov' };
    expect(catalogueMessage('field_invalid_format', 'en', both)).toBe('Invalid format, e.g. Ivan Petrov.');
    expect(catalogueMessage('field_invalid_format', 'ru', both)).toBe('Неверный формат, пример: Иван Петров.');
    expect(catalogueMessage('field_invalid_format', 'en', { example: '12345x' })).toBe('Invalid format, e.g. 12345x.');
  });

  it('gives every word form list the forms its language needs', () => {
    const wanted = { ru: 3, en: 2 };
    for (const [code, entry] of Object.entries(errorCatalogue)) {
      for (const locale of ['ru', 'en'] as const) {
        for (const [, forms] of entry[locale].matchAll(/\{\w+\|([^{}]+)\}/g)) {
          if (forms === 'money' || forms === 'number') continue;
          expect(forms!.split('|'), `${code} ${locale}`).toHaveLength(wanted[locale]);
        }
      }
    }
  });
});

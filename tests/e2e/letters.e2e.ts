import { statusMail, type ClaimMailFacts } from '../../server/modules/claims/mails.ts';
import { describeE2E, expect, test } from './fixture.ts';

/**
 * A claim letter's HTML part read on a phone, in Chromium: a TON address and a transaction hash are single words of
 * 48 and 64 characters, and the letter must wrap them inside its card instead of growing past the screen (it was
 * 534 px wide at 412 px). The text part is the letter's own tests' (server/modules/claims/mails*.test.ts).
 */

const address = 'UQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0XggGG';
const hash = '9f2b6c1d4e8a7b3c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4';
const facts: ClaimMailFacts = {
  id: '07e48773-68da-42d4-b9dc-3e7f66470f53',
  locale: 'ru',
  fromAmount: '8681500',
  fromSymbol: 'RUB',
  fromDecimals: 2,
  toAmount: '50',
  toSymbol: 'TON',
  toDecimals: 9,
  expiresAt: new Date('2026-11-24T11:35:00Z'),
  timeZone: 'Europe/Moscow',
  fromName: 'Сбербанк RUB',
  toName: 'Toncoin',
  course: '0.0105378',
  createdAt: new Date('2026-11-24T11:05:00Z'),
  changedAt: new Date('2026-11-24T11:10:00Z'),
  payIn: { label: 'Сбербанк', value: '2202201000000014', holder: 'Oleg K.', memo: null },
  fromRequisites: [{ label: 'Номер карты отправителя', value: '2202 •••• •••• 0014' }],
  toRequisites: [{ label: 'Адрес TON', value: address }],
  breakdown: null,
  offer: null,
  refundRequisites: [],
};

describeE2E('letters on a phone', () => {
  test('a completed claim’s letter with a TON address and a hash stays within 412 px', async ({ newPage }) => {
    const page = await newPage({ viewport: { width: 412, height: 823 } });
    for (const locale of ['ru', 'en'] as const) {
      const { html } = statusMail({ ...facts, locale, status: 'completed', reference: hash }, 'https://obmen.example');
      await page.setContent(html);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, locale).toBeLessThanOrEqual(412);
      // Wrapped, not cut: the whole address and hash are there to copy.
      const text = await page.evaluate(() => document.body.innerText);
      expect(text).toContain(address);
      expect(text).toContain(hash);
    }
  });
});

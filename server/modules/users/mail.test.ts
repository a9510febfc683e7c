import { describe, expect, it } from 'vitest';
import { locales } from '../../../shared/locales.ts';
import { accountExistsMail, activationMail, passwordChangedMail, restoreMail } from './mail.ts';

const url = 'http://localhost:3000/en/activate/abc?x=1&y=2';

describe('account letters', () => {
  it.each(locales)('come in %s with an HTML and a text part carrying the same link', (locale) => {
    const letters = [
      activationMail(locale, url),
      restoreMail(locale, url),
      accountExistsMail(locale, { login: 'L', forget: 'F', activate: url }),
    ];
    for (const letter of letters) {
      expect(letter.subject.length).toBeGreaterThan(5);
      expect(letter.text).toContain(url);
      expect(letter.html).toContain(`href="${url.replace(/&/g, '&amp;')}"`);
    }
    const notice = passwordChangedMail(locale, 'http://localhost:3000/forget', new Date(), 'Europe/Moscow');
    expect(notice.text).toContain('http://localhost:3000/forget');
    expect(notice.html).toContain('<h1');
    // Russian letters are in Russian, English ones in English.
    const cyrillic = /[а-яё]/i;
    for (const letter of [...letters, notice]) expect(cyrillic.test(letter.subject)).toBe(locale === 'ru');
  });

  it('the password notice says when, in the exchange zone, and does not say it may be ignored', () => {
    const at = new Date('2026-11-28T14:41:45Z');
    const ru = passwordChangedMail('ru', url, at, 'Europe/Moscow');
    expect(ru.text).toContain('изменён 28 нояб. 2026 г., 17:41 (UTC+3)');
    expect(ru.text).toContain('Это уведомление о безопасности вашего аккаунта.');
    expect(ru.text).not.toContain('не запрашивали это письмо');
    const en = passwordChangedMail('en', url, at, 'Europe/London');
    expect(en.text).toContain('was changed on Nov 28, 2026, 14:41 (UTC)');
    expect(en.text).not.toContain('safely ignore');
  });

  it('tell the kinds apart for the outbox', () => {
    expect(activationMail('ru', url).kind).toBe('user.activate');
    expect(restoreMail('ru', url).kind).toBe('user.restore');
    expect(passwordChangedMail('ru', url, new Date(), 'UTC').kind).toBe('user.password_changed');
    expect(accountExistsMail('ru', { login: 'L', forget: 'F', activate: null }).kind).toBe('user.exists');
    expect(accountExistsMail('en', { login: 'L', forget: 'F', activate: null }).html).not.toContain('href=');
  });
});

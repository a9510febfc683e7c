import { describe, expect, it } from 'vitest';
import { isGuessablePassword, repeatsEmail } from './password-check.ts';

describe('passwords an attacker tries first', () => {
  it('refuses the common ones, whatever their case and a number or ! added', () => {
    for (const p of [
      'password',
      'Password1',
      'PASSWORD123!',
      'iloveyou',
      'qwerty123',
      '1q2w3e4r',
      'gfhjkm123',
      'Пароль123',
    ])
      expect(isGuessablePassword(p), p).toBe(true);
  });

  it('refuses one key pressed over and over, a row of keys either way, and a few keys repeated', () => {
    for (const p of [
      '11111111',
      '12345678',
      '0987654321',
      '90123456',
      'asdfghjkl',
      'zxcvbnm1',
      'abcdefgh',
      'йцукенгшщ',
      'фывапролд',
      'абвгдежз',
      'abababab',
      'qweqweqwe',
      '12121212',
    ])
      expect(isGuessablePassword(p), p).toBe(true);
  });

  it('refuses the e-mail or its name, not a password that only contains it', () => {
    expect(repeatsEmail('olga.m@example.com', 'olga.m@example.com')).toBe(true);
    expect(repeatsEmail('Olga.M2026', 'olga.m@example.com')).toBe(true);
    expect(repeatsEmail('OLGA.M@EXAMPLE.COM!', ' Olga.M@example.com')).toBe(true);
    expect(repeatsEmail('olga.m loves spring', 'olga.m@example.com')).toBe(false);
    // A name under four letters is not looked for: "ann" is in many good passwords.
    expect(repeatsEmail('annabelle', 'ann@example.com')).toBe(false);
    expect(repeatsEmail('ann12345', 'ann@example.com')).toBe(false);
  });

  it('takes phrases and passwords that are merely long', () => {
    for (const p of ['correct horse battery', 'long enough', 'Tr0ub4dor&3x', 'margarita likes tea', 'кот в сапогах 7'])
      expect(isGuessablePassword(p), p).toBe(false);
  });

  it('leaves passwords under 8 characters to the length rule', () => {
    expect(isGuessablePassword('1234567')).toBe(false);
  });
});

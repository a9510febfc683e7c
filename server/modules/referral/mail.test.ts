import { describe, expect, it } from 'vitest';
import { withdrawalPaidMail, withdrawalRejectedMail, type WithdrawalMailFacts } from './mail.ts';

const facts = (locale: 'ru' | 'en'): WithdrawalMailFacts => ({
  id: 12,
  amount: '150',
  currency: 'USDT',
  requisites: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  locale,
});

describe("the partner's withdrawal letters", () => {
  it('name the payout reference as the claim letters and the pages do ("Номер выплаты" / "Payout reference")', () => {
    const ru = withdrawalPaidMail(facts('ru'), '0xfeed', 'https://obmen.test');
    expect(ru.text).toContain('Номер выплаты: 0xfeed');
    expect(ru.text).not.toMatch(/референс/i);
    expect(withdrawalPaidMail(facts('en'), '0xfeed', 'https://obmen.test').text).toContain('Payout reference: 0xfeed');
  });

  it('carry the amount and the reason', () => {
    const en = withdrawalRejectedMail(facts('en'), 'Not a TRC20 address', 'https://obmen.test');
    expect(en.text).toContain('Reason: Not a TRC20 address');
    expect(en.text).toContain('150.00');
  });

  it('number the withdrawal as the partner\'s page and the console do ("Вывод № 12" / "Withdrawal #12")', () => {
    expect(withdrawalPaidMail(facts('ru'), 'x', 'https://obmen.test').subject).toBe('Вывод №\u00a012 выплачен');
    expect(withdrawalRejectedMail(facts('ru'), 'x', 'https://obmen.test').subject).toBe('Вывод №\u00a012 отклонён');
    const paid = withdrawalPaidMail(facts('en'), 'x', 'https://obmen.test');
    expect(paid.subject).toBe('Withdrawal #12 has been paid');
    expect(paid.text).toContain('withdrawal request #12');
    expect(withdrawalRejectedMail(facts('en'), 'x', 'https://obmen.test').subject).toBe(
      'Withdrawal #12 has been rejected',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { maskEmail, maskRequisite, maskRequisites } from './mask.ts';
import type { RequisiteInput } from './requisites.ts';

describe('masking', () => {
  it('keeps the ends of cards, IBANs, phones and e-mails; addresses and names stay whole', () => {
    expect(maskRequisite('card', '2202 2012 3456 7895')).toBe('2202 •••• •••• 7895');
    expect(maskRequisite('iban', 'DE89 3704 0044 0532 0130 00')).toBe('DE89••••3000');
    expect(maskRequisite('phone', '+79161234567')).toBe('+791••••67');
    expect(maskRequisite('email', 'anna@example.com')).toBe('a•••@example.com');
    expect(maskRequisite('address', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7')).toBe('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7');
    expect(maskRequisite('text', 'Иван Петров')).toBe('Иван Петров');
  });
  it('never shows a short value whole by accident, nor breaks on odd input', () => {
    expect(maskRequisite('card', '1234')).toBe('1234');
    expect(maskEmail('nobody')).toBe('n••••');
  });
});

describe('maskRequisites', () => {
  it('masks each value by the kind of the input that names it, else by a guess from its name', () => {
    const inputs = [{ name: 'from_card', kind: 'card' }] as RequisiteInput[];
    expect(maskRequisites({ from_card: '2202201234567895', phone: '+79161234567', note: 'Иван' }, inputs)).toEqual({
      from_card: '2202 •••• •••• 7895',
      phone: '+791••••67',
      note: 'Иван',
    });
    // Renamed inputs: the value's shape still gives it away.
    expect(
      maskRequisites(
        {
          wallet: 'anna@example.com',
          old_card: '4276 3800 1234 5678',
          account: 'DE89 3704 0044 0532 0130 00',
          contact: '+7 916 123-45-67',
          trc20: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
          erc20: '0x52908400098527886E0F7030069857D2E4169EE7',
          holder: 'Anna Smirnova',
        },
        [],
      ),
    ).toEqual({
      wallet: 'a•••@example.com',
      old_card: '4276 •••• •••• 5678',
      account: 'DE89••••3000',
      contact: '+7 9••••67',
      trc20: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
      erc20: '0x52908400098527886E0F7030069857D2E4169EE7',
      holder: 'Anna Smirnova',
    });
  });
});

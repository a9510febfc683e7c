import { describe, expect, it } from 'vitest';
import {
  addressValid,
  checkRequisite,
  ibanValid,
  luhnValid,
  withLuhnDigit,
  type RequisiteInput,
} from './requisites.ts';

const input = (kind: RequisiteInput['kind'], extra: Partial<RequisiteInput> = {}): RequisiteInput => ({
  name: 'x',
  label: { ru: 'x', en: 'x' },
  visible: true,
  required: true,
  kind,
  pattern: null,
  example: '',
  ...extra,
});

describe('requisites', () => {
  it('checks card numbers with Luhn, ignoring spaces', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(checkRequisite(input('card'), null, '4111 1111 1111 1111')).toBeNull();
    expect(checkRequisite(input('card'), null, '4111 1111 1111 1112')).toBe('card');
    expect(checkRequisite(input('card'), null, '4111')).toBe('card');
    expect(luhnValid(withLuhnDigit('220220123456789'))).toBe(true);
  });

  it.each([
    ['TRC20', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', true],
    ['TRC20', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU', false],
    ['TRC20', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU0', false],
    ['ERC20', '0x742d35Cc6634C0532925a3b844Bc454e4438f44e', true],
    ['ERC20', '0x742d35Cc6634C0532925a3b844Bc454e4438f44', false],
    ['ERC20', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', false],
    ['BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', true],
    ['BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', true],
    ['BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', true],
    ['BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdb', false],
    ['BTC', '0x742d35Cc6634C0532925a3b844Bc454e4438f44e', false],
    ['LTC', 'ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea', true],
    ['LTC', 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9', true],
    ['LTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', false],
    ['TON', 'UQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0XggGG', true],
    ['TON', 'UQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0Xgg', false],
  ])('%s address %s: %s', (network, address, ok) => {
    expect(addressValid(network, address)).toBe(ok);
  });

  it('checks IBANs with mod-97', () => {
    expect(ibanValid('DE89370400440532013000')).toBe(true);
    expect(ibanValid('GB82WEST12345698765432')).toBe(true);
    expect(ibanValid('DE89370400440532013001')).toBe(false);
    expect(checkRequisite(input('iban'), null, 'de89 3704 0044 0532 0130 00')).toBeNull();
  });

  it('checks phones, e-mails, patterns and required-ness (hidden inputs are never required)', () => {
    expect(checkRequisite(input('phone'), null, '+7 (916) 123-45-67')).toBeNull();
    expect(checkRequisite(input('phone'), null, '123')).toBe('phone');
    expect(checkRequisite(input('email'), null, 'a@b.co')).toBeNull();
    expect(checkRequisite(input('email'), null, 'a@b')).toBe('email');
    expect(checkRequisite(input('text', { pattern: 'P\\d{7,12}' }), null, 'P1012345678')).toBeNull();
    expect(checkRequisite(input('text', { pattern: 'P\\d{7,12}' }), null, 'X1012345678')).toBe('format');
    expect(checkRequisite(input('text', { pattern: "[\\p{L} .'-]{3,80}" }), null, 'Анна Смирнова')).toBeNull();
    expect(checkRequisite(input('text'), null, '')).toBe('required');
    expect(checkRequisite(input('text', { required: false }), null, '')).toBeNull();
    expect(checkRequisite(input('address', { visible: false }), 'TRC20', undefined)).toBeNull();
    expect(checkRequisite(input('address', { visible: false }), 'TRC20', 'nope')).toBe('address');
  });
});

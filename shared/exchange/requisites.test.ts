import { describe, expect, it } from 'vitest';
import {
  checkIban,
  checkRequisite,
  luhnValid,
  phoneValid,
  refundInputs,
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
    expect(checkRequisite(input('card'), null, '4111 1111 1111 1112')).toBe('card_checksum');
    expect(checkRequisite(input('card'), null, '4111')).toBe('card');
    expect(luhnValid(withLuhnDigit('220220123456789'))).toBe(true);
  });

  it('tells a card number failing its Luhn digit from one of the wrong length (the networks’ test cards)', () => {
    for (const card of ['4111111111111111', '5555555555554444', '378282246310005', '4222222222222', '6011111111111117'])
      expect(checkRequisite(input('card'), null, card), card).toBeNull();
    expect(checkRequisite(input('card'), null, '5555555555554443')).toBe('card_checksum');
    expect(checkRequisite(input('card'), null, '6011111111111118')).toBe('card_checksum');
    expect(checkRequisite(input('card'), null, '41111111111111111111')).toBe('card');
    expect(checkRequisite(input('card'), null, '4111-1111-1111-111x')).toBe('card');
  });

  it('names an overlong value of a fixed shape by its shape, a text by its length', () => {
    const long = '4'.repeat(300);
    expect(checkRequisite(input('card'), null, long)).toBe('card');
    expect(checkRequisite(input('phone'), null, long)).toBe('phone');
    expect(checkRequisite(input('iban'), null, `DE${long}`)).toBe('iban');
    expect(checkRequisite(input('email'), null, `${long}@example.com`)).toBe('email');
    expect(checkRequisite(input('address'), 'TRC20', `T${long}`)).toBe('address');
    expect(checkRequisite(input('text'), null, 'a'.repeat(257))).toBe('too_long');
  });

  it.each([
    ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', null],
    ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T', 'address_checksum'],
    ['TRC20', '0x742d35Cc6634C0532925a3b844Bc454e4438f44e', 'address'],
    ['ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', null],
    ['ERC20', '0x5aAeb6053f3E94C9b9A09f33669435E7Ef1BeAed', 'address_checksum'],
    ['BTC', ' 1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa ', null],
    ['BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', 'address_checksum'],
    ['BTC', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', 'address_network'],
    ['TON', 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N', null],
    ['TON', 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2M', 'address_checksum'],
  ])('%s address %s: %s', (network, address, problem) => {
    expect(checkRequisite(input('address'), network, address)).toBe(problem);
  });

  it('checks IBANs by their country’s length and format, then mod-97 (the standard’s and ECBS examples)', () => {
    for (const iban of [
      'GB82WEST12345698765432',
      'DE89370400440532013000',
      'NL91ABNA0417164300',
      'FR1420041010050500013M02606',
    ])
      expect(checkIban(iban), iban).toBeNull();
    expect(checkRequisite(input('iban'), null, 'de89 3704 0044 0532 0130 00')).toBeNull();
    expect(checkIban('GB82WEST12345698765433')).toBe('iban_checksum');
    expect(checkIban('DE89370400440532013001')).toBe('iban_checksum');
    expect(checkRequisite(input('iban'), null, 'GB83 WEST 1234 5698 7654 32')).toBe('iban_checksum');
    // One digit short for Germany, letters where Britain has digits, no such country.
    expect(checkIban('DE8937040044053201300')).toBe('iban');
    expect(checkIban('GB82WEST1234569876543A')).toBe('iban');
    expect(checkIban('XX82WEST12345698765432')).toBe('iban');
  });

  it('checks phone numbers by libphonenumber’s metadata, with or without the plus', () => {
    for (const phone of [
      '+79161234567',
      '79161234567',
      '+4915123456789',
      '+442071838750',
      '+12015550123',
      '+380501234567',
    ])
      expect(phoneValid(phone), phone).toBe(true);
    // A Russian number cannot start with 0; one digit short for Russia and the US; no country code 0.
    for (const phone of ['+70001234567', '+7916123456', '+1201555012', '+0161234567', '+7916123456a'])
      expect(phoneValid(phone), phone).toBe(false);
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
    expect(checkRequisite(input('phone'), null, '+7 (000) 123-45-67')).toBe('phone');
  });
});

describe('refundInputs', () => {
  const field = (name: string, kind: RequisiteInput['kind'], ru: string, en: string): RequisiteInput => ({
    name,
    kind,
    label: { ru, en },
    visible: true,
    required: true,
    pattern: null,
    example: '',
  });

  it('names a card, an IBAN or an address for the refund, not for the sender', () => {
    const labels = refundInputs([
      field('card', 'card', 'Номер карты отправителя', 'Sender card number'),
      field('holder', 'text', 'Имя владельца', 'Card holder'),
      field('phone', 'phone', 'Телефон, с которого переводите', 'Phone you transfer from'),
    ]).map((i) => i.label);
    expect(labels).toEqual([
      { ru: 'Карта для возврата', en: 'Card for the refund' },
      { ru: 'Имя владельца', en: 'Card holder' },
      { ru: 'Телефон, с которого переводите', en: 'Phone you transfer from' },
    ]);
    expect(refundInputs([field('iban', 'iban', 'IBAN отправителя', 'Sender IBAN')])[0]!.label.en).toBe(
      'IBAN for the refund',
    );
  });

  it('keeps the labels that tell two inputs of one kind apart', () => {
    const two = [
      field('a', 'address', 'Адрес TRC20', 'TRC20 address'),
      field('b', 'address', 'Адрес ERC20', 'ERC20 address'),
    ];
    expect(refundInputs(two).map((i) => i.label.en)).toEqual(['TRC20 address', 'ERC20 address']);
  });
});

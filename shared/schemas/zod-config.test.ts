import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { translateFieldErrors } from '../field-issues.ts';
import { fieldErrors } from './fields.ts';

const schema = z.object({ amount: z.number(), note: z.string().max(3), nested: z.object({ id: z.string() }) });
const errorsOf = (input: unknown, locale: 'ru' | 'en') => {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error('expected a refusal');
  return translateFieldErrors(fieldErrors(parsed.error), locale);
};

describe('zod settings: issues a schema gives no message for', () => {
  it('are catalogue codes, read in the caller’s language, never zod’s English', () => {
    expect(errorsOf({ note: 'long text', nested: 'x' }, 'ru')).toEqual({
      amount: ['Обязательное поле.'],
      note: ['Недопустимое значение.'],
      nested: ['Ожидается объект с полями формы.'],
    });
    expect(errorsOf({ amount: 'ten', note: 'ok', nested: {} }, 'en')).toEqual({
      amount: ['Invalid value.'],
      'nested.id': ['This field is required.'],
    });
    expect(errorsOf([], 'en')).toEqual({
      non_field_errors: ['Invalid data. Expected an object with the form fields.'],
    });
  });

  it('leave a schema’s own message first', () => {
    const own = z.object({ n: z.number({ error: 'field_invalid_integer' }) });
    const parsed = own.safeParse({ n: 'x' });
    expect(parsed.success).toBe(false);
    expect(translateFieldErrors(fieldErrors(parsed.error!), 'en')).toEqual({
      n: ['A valid integer of at least 1 is required.'],
    });
  });
});

// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  promocodeBody,
  type AdminPromocode,
  type PromocodeInput,
} from '../../../../shared/schemas/admin-promocodes.ts';
import { answerThrough, json, stubFetch } from '../../../../tests/helpers/fetch-stub.ts';
import {
  answerUnsaved,
  describedPlain,
  follow,
  inputLabelled,
  press,
  typeInto,
  unsavedDialog,
} from '../../../../tests/helpers/form-queries.ts';
import { renderInConsole, renderInDataRouter } from '../../../../tests/helpers/render-at.tsx';
import { PromocodeForm } from './promocode-form.tsx';

const fetchMock = stubFetch();

const stored: AdminPromocode = {
  id: 4,
  code: 'SPRING-26',
  discountPercent: '1.5',
  validFrom: null,
  validTo: null,
  maxUses: 1000,
  usesCount: 3,
  perCustomer: 2,
  assignedTo: [],
  active: true,
  createdAt: '2026-03-01T00:00:00.000Z',
};

/** The form on the promocodes page; the API answers through the real contract, and `saved` gets what it stored. */
function renderForm(
  at: '/admin/promocodes' | '/en/admin/promocodes',
  code?: AdminPromocode,
  frame: typeof renderInDataRouter = renderInDataRouter,
) {
  const saved: PromocodeInput[] = [];
  fetchMock.mockImplementation(
    answerThrough(promocodeBody('Europe/Moscow'), (input) => {
      saved.push(input);
      return json(code ? 200 : 201, { ...stored, ...input, validFrom: null, validTo: null });
    }),
  );
  const onDone = vi.fn();
  frame(at, <PromocodeForm code={code} onDone={onDone} />);
  return { saved, onDone };
}

const sentBody = () => JSON.parse(String(fetchMock.mock.calls.at(-1)![1]!.body)) as Record<string, unknown>;

describe('PromocodeForm: uses as the console writes numbers', () => {
  it('ru: "1 000" (a space or a no-break one) is a thousand uses, not unlimited', async () => {
    const { saved, onDone } = renderForm('/admin/promocodes');
    typeInto('Код', 'spring-26');
    typeInto('Скидка к курсу, %', '1,5');
    typeInto('Всего использований', '1 000');
    typeInto('На одного клиента', '1\u00a0000');
    await press('Создать');
    expect(sentBody()).toMatchObject({ maxUses: '1 000', perCustomer: '1\u00a0000' });
    expect(saved).toMatchObject([{ maxUses: 1000, perCustomer: 1000 }]);
    expect(onDone).toHaveBeenCalledWith('Промокод сохранён.');
  });

  it('en: "1,000" with a thousands comma and "+5" are read; an emptied field is unlimited', async () => {
    const { saved } = renderForm('/en/admin/promocodes');
    typeInto('Code', 'SPRING-26');
    typeInto('Rate discount, %', '5');
    typeInto('Uses in total', '1,000');
    typeInto('Uses per customer', '+5');
    await press('Create');
    typeInto('Uses in total', '');
    await press('Create');
    expect(saved).toMatchObject([
      { maxUses: 1000, perCustomer: 5 },
      { maxUses: null, perCustomer: 5 },
    ]);
  });

  it('ru and en: what is not a whole number is refused under its field, never saved as unlimited', async () => {
    const ru = renderForm('/admin/promocodes');
    typeInto('Код', 'SPRING-26');
    typeInto('Скидка к курсу, %', '5');
    typeInto('Всего использований', 'abc');
    typeInto('На одного клиента', '1,5');
    await press('Создать');
    expect(ru.saved).toEqual([]);
    expect(ru.onDone).not.toHaveBeenCalled();
    expect(describedPlain(inputLabelled('Всего использований'))).toContain('Введите целое число не меньше 1.');
    expect(describedPlain(inputLabelled('На одного клиента'))).toContain('Введите целое число не меньше 1.');
    expect(inputLabelled('Всего использований').getAttribute('aria-invalid')).toBe('true');
    // What was typed stays for the operator to correct.
    expect(inputLabelled('Всего использований').value).toBe('abc');
  });

  it('en: a fraction or a number past the maximum says so', async () => {
    const { saved } = renderForm('/en/admin/promocodes');
    typeInto('Code', 'SPRING-26');
    typeInto('Rate discount, %', '5');
    typeInto('Uses in total', '10.5');
    typeInto('Uses per customer', '1 000 001');
    await press('Create');
    expect(saved).toEqual([]);
    expect(describedPlain(inputLabelled('Uses in total'))).toContain('A valid integer of at least 1 is required.');
    expect(describedPlain(inputLabelled('Uses per customer'))).toContain('At most 1,000,000.');
  });

  it('shows a stored limit as the console writes numbers and saves it back unchanged', async () => {
    const ru = renderForm('/admin/promocodes', stored);
    expect(inputLabelled('Всего использований').value).toBe('1\u00a0000');
    expect(inputLabelled('На одного клиента').value).toBe('2');
    await press('Сохранить');
    expect(ru.saved).toMatchObject([{ maxUses: 1000, perCustomer: 2 }]);
  });

  it('en: the same in English figures', async () => {
    const en = renderForm('/en/admin/promocodes', stored);
    expect(inputLabelled('Uses in total').value).toBe('1,000');
    await press('Save');
    expect(en.saved).toMatchObject([{ maxUses: 1000, perCustomer: 2 }]);
  });
});

describe('PromocodeForm: a refused save', () => {
  it('ru: the keyboard goes to the first refused field', async () => {
    const { saved } = renderForm('/admin/promocodes');
    typeInto('Код', 'SPRING-26');
    typeInto('Скидка к курсу, %', '5');
    typeInto('Всего использований', 'abc');
    typeInto('На одного клиента', '1,5');
    await press('Создать');
    expect(saved).toEqual([]);
    expect(document.activeElement).toBe(inputLabelled('Всего использований'));
  });

  it('en: a code left empty is the first refused field, above the others', async () => {
    renderForm('/en/admin/promocodes');
    typeInto('Rate discount, %', '5');
    typeInto('Uses in total', '10.5');
    await press('Create');
    expect(inputLabelled('Code').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(inputLabelled('Code'));
  });
});

describe('PromocodeForm: an unlimited code', () => {
  it('shows empty fields, saved back as unlimited', async () => {
    const { saved } = renderForm('/en/admin/promocodes', { ...stored, maxUses: null, perCustomer: null });
    expect(inputLabelled('Uses in total').value).toBe('');
    expect(inputLabelled('Uses per customer').value).toBe('');
    await press('Save');
    expect(saved).toMatchObject([{ maxUses: null, perCustomer: null }]);
  });
});

describe('PromocodeForm: validity days on the exchange’s clock', () => {
  it('ru: shows the stored moments as the days typed, says they are inclusive, and saves them back unchanged', async () => {
    const code = { ...stored, validFrom: '2027-05-31T21:00:00.000Z', validTo: '2027-06-30T21:00:00.000Z' };
    const { saved } = renderForm('/admin/promocodes', code);
    expect(inputLabelled('Действует с (ГГГГ-ММ-ДД)').value).toBe('2027-06-01');
    expect(inputLabelled('Действует по (ГГГГ-ММ-ДД)').value).toBe('2027-06-30');
    expect(describedPlain(inputLabelled('Действует по (ГГГГ-ММ-ДД)'))).toContain(
      'Включительно, по часам обменника (UTC+3).',
    );
    await press('Сохранить');
    expect(saved).toMatchObject([
      { validFrom: new Date('2027-05-31T21:00:00.000Z'), validTo: new Date('2027-06-30T21:00:00.000Z') },
    ]);
  });

  it('en: "Valid through" a day is through that day', async () => {
    const { saved } = renderForm('/en/admin/promocodes');
    typeInto('Code', 'JUNE');
    typeInto('Rate discount, %', '5');
    typeInto('Valid through (YYYY-MM-DD)', '2027-06-30');
    await press('Create');
    expect(describedPlain(inputLabelled('Valid through (YYYY-MM-DD)'))).toContain('Inclusive, on the exchange’s clock');
    expect(saved).toMatchObject([{ validTo: new Date('2027-06-30T21:00:00.000Z') }]);
  });
});

describe('PromocodeForm: unsaved text asks before a console link drops it', () => {
  it('ru: typed, the link asks and "Остаться" keeps the text; saved, the link goes at once', async () => {
    const { saved } = renderForm('/admin/promocodes', stored, renderInConsole);
    typeInto('Всего использований', '2 000');
    await follow('Elsewhere');
    expect(unsavedDialog().open).toBe(true);
    expect(within(unsavedDialog()).getByRole('heading').textContent).toBe('Уйти без сохранения?');
    await answerUnsaved('Остаться');
    expect(unsavedDialog().open).toBe(false);
    expect(inputLabelled('Всего использований').value).toBe('2 000');

    await press('Сохранить');
    expect(saved).toMatchObject([{ maxUses: 2000 }]);
    await follow('Elsewhere');
    expect(screen.getByRole('heading', { name: 'Claims page' })).toBeTruthy();
    expect(unsavedDialog().open).toBe(false);
  });

  it('en: asks in English, and "Leave without saving" goes on; typed back as it was, nothing asks', async () => {
    renderForm('/en/admin/promocodes', stored, renderInConsole);
    typeInto('Code', 'AUTUMN-26');
    typeInto('Code', 'SPRING-26');
    await follow('Elsewhere');
    expect(screen.getByRole('heading', { name: 'Claims page' })).toBeTruthy();
    expect(unsavedDialog().open).toBe(false);
  });

  it('en: a new code typed and left asks in English; leaving drops it', async () => {
    renderForm('/en/admin/promocodes', undefined, renderInConsole);
    typeInto('Code', 'AUTUMN-26');
    typeInto('Rate discount, %', '2');
    await follow('Elsewhere');
    expect(unsavedDialog().open).toBe(true);
    expect(within(unsavedDialog()).getByRole('heading').textContent).toBe('Leave without saving?');
    await answerUnsaved('Leave without saving');
    expect(screen.getByRole('heading', { name: 'Claims page' })).toBeTruthy();
    expect(screen.queryByTestId('promocode-form')).toBeNull();
  });
});

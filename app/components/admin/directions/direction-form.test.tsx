// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import {
  directionPatchBody,
  type AdminDirection,
  type DirectionPatchInput,
} from '../../../../shared/schemas/admin-directions.ts';
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
import { DirectionForm } from './direction-form.tsx';

const fetchMock = stubFetch();

const side = (id: number, code: string) => ({ id, code, name: code, symbol: code });
const stored: AdminDirection = {
  id: 9,
  from: side(1, 'USDTTRC20'),
  to: side(2, 'SBERRUB'),
  courseMode: 'source',
  courseManual: null,
  rateSource: 'binance:USDTRUB',
  sourceRate: '95',
  sourceUpdatedAt: null,
  markupPercent: '1',
  bonusPercent: '0',
  fromFee: '0',
  toFee: '0',
  maxRateAgeMinutes: 10_080,
  stale: false,
  course: '94.05',
  fromMin: null,
  fromMax: null,
  toMin: null,
  toMax: null,
  fromRound: 2,
  toRound: 2,
  fromNotify: { ru: '', en: '' },
  toNotify: { ru: '', en: '' },
  paymentWindowMinutes: 1440,
  position: 1000,
  active: true,
  updatedAt: '2026-03-01T00:00:00.000Z',
};
const symbols = { binance: ['USDTRUB'], cbr: [], ecb: [] };

/** The editor of `stored`; the API answers through the real contract, and `saved` gets what it would store. */
function renderForm(
  at: '/admin/directions/9' | '/en/admin/directions/9',
  direction = stored,
  frame: typeof renderInDataRouter = renderInDataRouter,
) {
  const saved: DirectionPatchInput[] = [];
  fetchMock.mockImplementation(
    answerThrough(directionPatchBody, (input) => {
      saved.push(input);
      return json(200, direction);
    }),
  );
  frame(at, <DirectionForm direction={direction} currencies={[]} symbols={symbols} />);
  return saved;
}

const ru = { age: 'Курс источника годен, минут', window: 'Окно оплаты, минут', position: 'Порядок в списках' };
const en = { age: 'Source rate usable for, minutes', window: 'Payment window, minutes', position: 'Order in lists' };

describe('DirectionForm: decimals with the language’s sign', () => {
  const fractional = { ...stored, markupPercent: '2.5', toMin: '16295.49' };

  it('ru: a comma, as the list writes "2,5 %", every place kept, saved back to the same value', async () => {
    const saved = renderForm('/admin/directions/9', fractional);
    expect(inputLabelled('Наценка к источнику, %').value).toBe('2,5');
    expect(inputLabelled('Получает от').value).toBe('16295,49');
    await press('Сохранить');
    expect(saved).toMatchObject([{ markupPercent: '2.5', toMin: '16295.49' }]);
  });

  it('en: a point, ungrouped ("16,295.49" would be refused as ambiguous elsewhere)', () => {
    renderForm('/en/admin/directions/9', fractional);
    expect(inputLabelled('Markup on the source, %').value).toBe('2.5');
    expect(inputLabelled('Receive from').value).toBe('16295.49');
  });
});

describe('DirectionForm: whole numbers as the console writes them', () => {
  it('ru: shows stored minutes and the position grouped, and saves them back unchanged', async () => {
    const saved = renderForm('/admin/directions/9');
    expect(inputLabelled(ru.age).value).toBe('10\u00a0080');
    expect(inputLabelled(ru.window).value).toBe('1\u00a0440');
    expect(inputLabelled(ru.position).value).toBe('1\u00a0000');
    await press('Сохранить');
    expect(saved).toMatchObject([{ maxRateAgeMinutes: 10_080, paymentWindowMinutes: 1440, position: 1000 }]);
    expect(screen.getByRole('status').textContent).toBe('Направление сохранено.');
  });

  it('en: reads "1,000" and "2 000" as typed; an emptied rate age is the site default', async () => {
    const saved = renderForm('/en/admin/directions/9');
    expect(inputLabelled(en.age).value).toBe('10,080');
    typeInto(en.age, '1,000');
    typeInto(en.position, '2 000');
    await press('Save');
    typeInto(en.age, '');
    await press('Save');
    expect(saved).toMatchObject([
      { maxRateAgeMinutes: 1000, position: 2000 },
      { maxRateAgeMinutes: null, position: 2000 },
    ]);
  });

  it('ru: "abc" as the rate age is refused under the field, not saved as the site default', async () => {
    const saved = renderForm('/admin/directions/9');
    typeInto(ru.age, 'abc');
    typeInto(ru.window, '1,5');
    await press('Сохранить');
    expect(saved).toEqual([]);
    expect(describedPlain(inputLabelled(ru.age))).toContain('Введите целое число не меньше 1.');
    expect(describedPlain(inputLabelled(ru.window))).toContain('Введите целое число от 1 до 1 440.');
    expect(inputLabelled(ru.age).value).toBe('abc');
  });

  it('en: a fraction or a number past the maximum says so, the range grouped', async () => {
    const saved = renderForm('/en/admin/directions/9');
    typeInto(en.age, '10.5');
    typeInto(en.window, '1 441');
    await press('Save');
    expect(saved).toEqual([]);
    expect(describedPlain(inputLabelled(en.age))).toContain('A valid integer of at least 1 is required.');
    expect(describedPlain(inputLabelled(en.window))).toContain('Enter a whole number from 1 to 1,440.');
  });
});

describe('DirectionForm: a refused save names every field at once and takes the keyboard there', () => {
  it('ru: min above max comes back with the other bad fields, and the focus goes to the first of them', async () => {
    const saved = renderForm('/admin/directions/9');
    typeInto('Наценка к источнику, %', 'abc');
    typeInto('Отдаёт от', '100000');
    typeInto('Отдаёт до', '10');
    typeInto(ru.window, '0');
    await press('Сохранить');
    expect(saved).toEqual([]);
    expect(describedPlain(inputLabelled('Наценка к источнику, %'))).toContain('Введите число');
    expect(describedPlain(inputLabelled(ru.window))).toContain('Введите целое число от 1 до 1 440.');
    expect(describedPlain(inputLabelled('Отдаёт от'))).toContain('Минимум больше максимума.');
    expect(inputLabelled('Отдаёт от').getAttribute('aria-invalid')).toBe('true');
    // The button was disabled while the save ran (the focus fell to <body>): the first refused field has it now.
    expect(document.activeElement).toBe(inputLabelled('Наценка к источнику, %'));
  });

  it('en: min above max alone is refused on the first save; fixed, it saves', async () => {
    const saved = renderForm('/en/admin/directions/9');
    typeInto('Receive from', '5');
    typeInto('Receive up to', '1');
    await press('Save');
    expect(saved).toEqual([]);
    expect(describedPlain(inputLabelled('Receive from'))).toContain('The minimum is above the maximum.');
    expect(document.activeElement).toBe(inputLabelled('Receive from'));
    typeInto('Receive up to', '10');
    await press('Save');
    expect(saved).toMatchObject([{ toMin: '5', toMax: '10' }]);
    expect(inputLabelled('Receive from').getAttribute('aria-invalid')).toBeNull();
  });
});

describe('DirectionForm: unsaved changes ask before a console link drops them', () => {
  it('ru: typed, the link asks and "Остаться" keeps the text; saved, the link goes at once', async () => {
    const saved = renderForm('/admin/directions/9', stored, renderInConsole);
    typeInto('Наценка к источнику, %', '1,5');
    typeInto(ru.window, '60');
    await follow('Elsewhere');
    expect(unsavedDialog().open).toBe(true);
    expect(within(unsavedDialog()).getByRole('heading').textContent).toBe('Уйти без сохранения?');
    await answerUnsaved('Остаться');
    expect(unsavedDialog().open).toBe(false);
    expect(inputLabelled(ru.window).value).toBe('60');

    await press('Сохранить');
    expect(saved).toMatchObject([{ paymentWindowMinutes: 60 }]);
    await follow('Elsewhere');
    expect(screen.getByRole('heading', { name: 'Claims page' })).toBeTruthy();
    expect(unsavedDialog().open).toBe(false);
  });

  it('en: the course mode switched asks in English; switched back, nothing is at stake', async () => {
    renderForm('/en/admin/directions/9', stored, renderInConsole);
    const manual = screen.getByRole('radio', { name: 'Manual' });
    const source = screen.getByRole('radio', { name: 'Source' });
    await act(async () => {
      fireEvent.click(manual);
    });
    await follow('Elsewhere');
    expect(unsavedDialog().open).toBe(true);
    expect(within(unsavedDialog()).getByRole('heading').textContent).toBe('Leave without saving?');
    await answerUnsaved('Stay');
    await act(async () => {
      fireEvent.click(source);
    });
    await follow('Elsewhere');
    expect(screen.getByRole('heading', { name: 'Claims page' })).toBeTruthy();
    expect(unsavedDialog().open).toBe(false);
  });
});

// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import type { Locale } from '../../../../shared/locales.ts';
import { createI18n } from '../../../i18n/i18n.ts';
import { resources } from '../../../i18n/resources.ts';
import { json, stubFetch } from '../../../../tests/helpers/fetch-stub.ts';
import { ReservePanel } from './reserve-panel.tsx';

const fetchMock = stubFetch();
const rub = { id: 7, symbol: 'RUB', decimals: 2, reserve: '1000.000000000000000000' };

/**
 * The panel on a console page (useRevalidator needs a data router); the history answers empty, a change `reserve`,
 * the currency read again the reserve the page loaded (`now`: what it is on the server by then).
 */
function renderPanel(locale: Locale, reserve = '400', now = rub.reserve) {
  fetchMock.mockImplementation((url, init) =>
    Promise.resolve(
      init?.method === 'POST'
        ? json(200, { reserve })
        : String(url).endsWith('/currencies/7/')
          ? json(200, { ...rub, reserve: now })
          : json(200, { results: [] }),
    ),
  );
  const path = locale === 'en' ? '/en/admin/currencies' : '/admin/currencies';
  const Stub = createRoutesStub([{ path, Component: () => <ReservePanel currency={rub} /> }]);
  return render(
    <I18nextProvider i18n={createI18n(locale, resources[locale])}>
      <Stub initialEntries={[path]} />
    </I18nextProvider>,
  );
}

const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
/** The reads of the currency itself (its reserve as the server has it now). */
const reads = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/currencies/7/'));
/** Grouping and the space before the ticker are no-break spaces: compared as plain ones. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

async function change(delta: string, reason: string, button: string, labels: { delta: RegExp; reason: string }) {
  fireEvent.change(await screen.findByLabelText(labels.delta), { target: { value: delta } });
  fireEvent.change(screen.getByLabelText(labels.reason, { exact: true }), { target: { value: reason } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: button }));
  });
}

const en = { delta: /^Change \(signed/, reason: 'Reason' };
const ru = { delta: /^Изменение \(со знаком/, reason: 'Причина' };

/** What is read with a field (its messages, through aria-describedby), no-break spaces as plain ones. */
const described = (field: HTMLElement) =>
  plain(
    (field.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );

describe('ReservePanel: a debit asks first', () => {
  it('en: says what the reserve goes from and to, and applies only after "Yes, debit"', async () => {
    renderPanel('en');
    await change('-600', 'Paid out by hand', 'Apply', en);
    expect(posts()).toEqual([]);
    const question = screen.getByRole('group');
    expect(plain(question.textContent)).toContain('Reserve 1,000.00 RUB → 400.00 RUB. Debit 600.00 RUB?');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Yes, debit' }));
    });
    expect(posts()).toHaveLength(1);
    expect(posts()[0]![0]).toBe('/en/api/v1/admin/currencies/7/reserve/');
    // Sent with the reserve the question showed: the server refuses it if the reserve has moved since.
    expect(JSON.parse(String(posts()[0]![1]!.body))).toEqual({
      delta: '-600',
      reason: 'Paid out by hand',
      expected: '1000.000000000000000000',
    });
    expect(plain(screen.getByRole('status').textContent)).toBe('Reserve changed: now 400.00 RUB.');
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('ru: "Отмена" sends nothing and keeps what was typed; a comma decimal reads as the console writes it', async () => {
    renderPanel('ru');
    await change('-999,5', 'Ошибка', 'Применить', ru);
    expect(plain(screen.getByRole('group').textContent)).toContain(
      'Резерв 1 000,00 RUB → 0,50 RUB. Списать 999,50 RUB?',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('group')).toBeNull();
    expect(posts()).toEqual([]);
    expect((screen.getByLabelText(ru.delta) as HTMLInputElement).value).toBe('-999,5');
  });

  it('typing again takes the question back; a credit applies at once', async () => {
    renderPanel('en', '1250');
    await change('-600', 'Paid out', 'Apply', en);
    expect(screen.getByRole('group')).toBeTruthy();
    await change('250', 'Topped up', 'Apply', en);
    expect(screen.queryByRole('group')).toBeNull();
    expect(posts()).toHaveLength(1);
    expect(JSON.parse(String(posts()[0]![1]!.body))).toEqual({ delta: '250', reason: 'Topped up' });
  });

  it('a change the server will refuse anyway (no reason, not a number) is sent without a question', async () => {
    renderPanel('en');
    await change('-600', '', 'Apply', en);
    await change('-6x', 'Typo', 'Apply', en);
    expect(screen.queryByRole('group')).toBeNull();
    expect(posts()).toHaveLength(2);
  });

  it('a reserve that moved meanwhile: the server refuses, the field says the figure now, the next question uses it', async () => {
    renderPanel('ru');
    let refused = false;
    fetchMock.mockImplementation((_url, init) => {
      if (init?.method !== 'POST') return Promise.resolve(json(200, { results: [] }));
      const body = JSON.parse(String(init.body)) as { expected?: string };
      if (body.expected === '1000.000000000000000000') {
        refused = true;
        // A claim's payout took 300 RUB after the page loaded.
        return Promise.resolve(
          json(400, {
            delta: [
              'Резерв уже изменился (другой оператор или выполненная заявка): сейчас 700,00 RUB. Ничего не списано: проверьте изменение и примените его снова.',
            ],
            current: { reserve: '700.000000000000000000' },
          }),
        );
      }
      return Promise.resolve(json(200, { reserve: '100' }));
    });
    await change('-600', 'Выплата вручную', 'Применить', ru);
    expect(plain(screen.getByRole('group').textContent)).toContain(
      'Резерв 1 000,00 RUB → 400,00 RUB. Списать 600,00 RUB?',
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Да, списать' }));
    });
    expect(refused).toBe(true);
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    expect(plain(screen.getByTestId('reserve-form').textContent)).toContain('сейчас 700,00 RUB. Ничего не списано');
    // The question is gone with its buttons: the keyboard is on the field the refusal names.
    expect(document.activeElement).toBe(screen.getByLabelText(ru.delta));

    // Asked again, the question starts from the reserve as it is now, and the debit goes with that figure.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Применить' }));
    });
    expect(plain(screen.getByRole('group').textContent)).toContain(
      'Резерв 700,00 RUB → 100,00 RUB. Списать 600,00 RUB?',
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Да, списать' }));
    });
    expect(posts()).toHaveLength(2);
    expect(JSON.parse(String(posts()[1]![1]!.body))).toMatchObject({ expected: '700.000000000000000000' });
    expect(plain(screen.getByRole('status').textContent)).toBe('Резерв изменён: теперь 100,00 RUB.');
  });
});

describe('ReservePanel: the keyboard follows the question', () => {
  it('en: the question takes the focus when it appears; after "Yes, debit" the focus is on the result', async () => {
    renderPanel('en');
    await change('-600', 'Paid out by hand', 'Apply', en);
    // The question itself, read out; Tab goes on to its "Yes, debit".
    expect(plain(document.activeElement?.textContent)).toBe('Reserve 1,000.00 RUB → 400.00 RUB. Debit 600.00 RUB?');
    expect(screen.getByRole('group').contains(document.activeElement)).toBe(true);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Yes, debit' }));
    });
    expect(document.activeElement).toBe(screen.getByRole('status'));
    expect(plain(document.activeElement?.textContent)).toBe('Reserve changed: now 400.00 RUB.');
  });

  it('ru: «Отмена» gives the focus to the amount, as typed; «Применить» again asks and takes the focus again', async () => {
    renderPanel('ru');
    await change('-600', 'Выплата вручную', 'Применить', ru);
    fireEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    const delta = screen.getByLabelText(ru.delta) as HTMLInputElement;
    expect(document.activeElement).toBe(delta);
    expect(delta.value).toBe('-600');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Применить' }));
    });
    expect(plain(document.activeElement?.textContent)).toBe('Резерв 1 000,00 RUB → 400,00 RUB. Списать 600,00 RUB?');
  });

  it('ru: a credit applied at once takes the focus to the result («Применить» was disabled while it ran)', async () => {
    renderPanel('ru', '1250');
    await change('250', 'Пополнение', 'Применить', ru);
    expect(document.activeElement).toBe(screen.getByRole('status'));
    expect(plain(document.activeElement?.textContent)).toBe('Резерв изменён: теперь 1 250,00 RUB.');
  });
});

describe('ReservePanel: refusals', () => {
  it('en: a reason typed after "This field is required." loses the message when the next submit asks', async () => {
    renderPanel('en');
    fetchMock.mockImplementation((_url, init) =>
      Promise.resolve(
        init?.method === 'POST' ? json(400, { reason: ['This field is required.'] }) : json(200, { results: [] }),
      ),
    );
    await change('-600', '', 'Apply', en);
    const reason = screen.getByLabelText(en.reason, { exact: true });
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(described(reason)).toContain('This field is required.');

    await change('-600', 'Cash count correction', 'Apply', en);
    expect(posts()).toHaveLength(1);
    expect(plain(screen.getByRole('group').textContent)).toContain('Debit 600.00 RUB?');
    expect(reason.getAttribute('aria-invalid')).toBeNull();
    expect(described(reason)).not.toContain('This field is required.');
  });

  it('en: a debit below zero, the reserve read again, is refused with the server’s message, without the question', async () => {
    renderPanel('en');
    await change('-99999999', 'Cash count correction', 'Apply', en);
    expect(screen.queryByRole('group')).toBeNull();
    // The server's figure was asked for (it may have risen since the page loaded), nothing was sent to change it.
    expect(reads()).toHaveLength(1);
    expect(posts()).toEqual([]);
    const delta = screen.getByLabelText(en.delta);
    expect(delta.getAttribute('aria-invalid')).toBe('true');
    expect(described(delta)).toContain('The reserve cannot go below zero (it is 1,000.00 RUB now).');
    // The keyboard is taken to the refused field.
    expect(document.activeElement).toBe(delta);

    // Down to exactly zero is a debit the server takes: it asks.
    await change('-1000', 'Cash count correction', 'Apply', en);
    expect(plain(screen.getByRole('group').textContent)).toContain('Reserve 1,000.00 RUB → 0.00 RUB.');
    expect(delta.getAttribute('aria-invalid')).toBeNull();
  });

  it('en: a reserve topped up after the page loaded: the debit the loaded figure would refuse asks from the figure now', async () => {
    // The page loaded 1,000.00 RUB; another operator has since added 4,000.00 RUB.
    renderPanel('en', '2000', '5000.000000000000000000');
    await change('-3000', 'Paid out by hand', 'Apply', en);
    const delta = screen.getByLabelText(en.delta);
    expect(delta.getAttribute('aria-invalid')).toBeNull();
    expect(described(delta)).not.toContain('below zero');
    expect(plain(screen.getByRole('group').textContent)).toContain(
      'Reserve 5,000.00 RUB → 2,000.00 RUB. Debit 3,000.00 RUB?',
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Yes, debit' }));
    });
    // Confirmed against the figure the question showed, which the server holds.
    expect(posts()).toHaveLength(1);
    expect(JSON.parse(String(posts()[0]![1]!.body))).toEqual({
      delta: '-3000',
      reason: 'Paid out by hand',
      expected: '5000.000000000000000000',
    });
    expect(plain(screen.getByRole('status').textContent)).toBe('Reserve changed: now 2,000.00 RUB.');
  });

  it('ru: a reserve topped up, but not enough: refused with the figure now, nothing sent', async () => {
    renderPanel('ru', '0', '1200.000000000000000000');
    await change('-1500', 'Выплата вручную', 'Применить', ru);
    expect(reads()).toHaveLength(1);
    expect(posts()).toEqual([]);
    expect(screen.queryByRole('group')).toBeNull();
    const delta = screen.getByLabelText(ru.delta);
    expect(delta.getAttribute('aria-invalid')).toBe('true');
    expect(described(delta)).toContain('Резерв не может стать меньше нуля (сейчас 1 200,00 RUB).');
    expect(document.activeElement).toBe(delta);
  });

  it('ru: below zero and no reason are both named in one answer', async () => {
    renderPanel('ru');
    await change('-1 000,01', '', 'Применить', ru);
    expect(posts()).toEqual([]);
    expect(screen.queryByRole('group')).toBeNull();
    expect(described(screen.getByLabelText(ru.delta))).toContain(
      'Резерв не может стать меньше нуля (сейчас 1 000,00 RUB).',
    );
    expect(described(screen.getByLabelText(ru.reason, { exact: true }))).toContain('Обязательное поле.');
  });
});

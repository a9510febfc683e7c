// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { actionsFor, claimActionBodies, type AdminClaim } from '../../../../shared/schemas/admin-claims.ts';
import { createI18n } from '../../../i18n/i18n.ts';
import { resources } from '../../../i18n/resources.ts';
import { ClaimActions } from './claim-actions.tsx';
import { answerThrough, json, stubFetch } from '../../../../tests/helpers/fetch-stub.ts';
import { answerUnsaved, follow, unsavedDialog } from '../../../../tests/helpers/form-queries.ts';
import { renderInConsole } from '../../../../tests/helpers/render-at.tsx';

const fetchMock = stubFetch();

afterEach(cleanup);

const side = {
  currency: { code: 'USDTTRC20', name: 'Tether', symbol: 'USDT', network: 'TRC20', decimals: 2, logo: '' },
  amount: '100',
  requisites: [],
};
const claimIn = (status: AdminClaim['status']) =>
  ({
    uuid: '07e48773-68da-42d4-b9dc-3e7f66470f53',
    number: '07E48773',
    status,
    course: '1',
    actions: actionsFor(status),
    from: side,
    to: side,
  }) as unknown as AdminClaim;

/** useRevalidator needs a data router. */
function renderActions(claim: AdminClaim, locale: 'ru' | 'en' = 'en') {
  const path = locale === 'en' ? '/en/admin/claims/x' : '/admin/claims/x';
  const Stub = createRoutesStub([{ path, Component: () => <ClaimActions claim={claim} /> }]);
  return render(
    <I18nextProvider i18n={createI18n(locale, resources[locale])}>
      <Stub initialEntries={[path]} />
    </I18nextProvider>,
  );
}

describe('ClaimActions after the window', () => {
  it('a refund the customer asked for requires its reference before calling the server', async () => {
    renderActions(claimIn('refund_requested'));
    fireEvent.click(await screen.findByRole('button', { name: 'Refund' }));
    expect(screen.getByText(/The customer asked for a refund/)).toBeTruthy();
    const reference = screen.getByLabelText(/Refund reference/, { selector: 'input' });
    expect(reference.hasAttribute('required')).toBe(true);
    await act(async () => {
      fireEvent.click(screen.getByTestId('action-confirm'));
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(reference.getAttribute('aria-invalid')).toBe('true');
  });

  it('a refund from other statuses keeps the reference optional', async () => {
    renderActions(claimIn('paid'));
    fireEvent.click(await screen.findByRole('button', { name: 'Refund' }));
    expect(screen.getByLabelText(/Refund reference/, { selector: 'input' }).hasAttribute('required')).toBe(false);
  });

  it('a re-quote asks only for a note and is confirmed like every action, "Confirm: Offer a new rate"', async () => {
    renderActions(claimIn('late_payment'));
    expect(screen.queryAllByRole('button').map((b) => b.getAttribute('data-testid'))).toEqual([
      'action-requote',
      'action-refund',
      'action-cancel',
    ]);
    // Opening it reads what the offer would be (GET, nothing written) and shows it beside the claim's own terms.
    fetchMock.mockResolvedValueOnce(
      json(200, {
        course: '110',
        toSumma: '90.5',
        validUntil: '2026-11-28T12:30:00.000Z',
        validForMinutes: 30,
        droppedPromocode: 'WELCOME',
        promocodeOnly: true,
      }),
    );
    await act(async () => {
      fireEvent.click(await screen.findByTestId('action-requote'));
    });
    expect(fetchMock.mock.calls[0]![0]).toBe('/en/api/v1/admin/claims/07e48773-68da-42d4-b9dc-3e7f66470f53/requote/');
    expect(fetchMock.mock.calls[0]![1]!.method).toBe('GET');
    const preview = await screen.findByTestId('requote-preview');
    await act(async () => undefined);
    // Money and courses as the console writes them (no-break spaces read as spaces here).
    expect(preview.textContent!.replace(/\s/g, ' ')).toMatch(
      /^Rate 1 USDT = 110\.00 USDT, the customer receives 90\.50 USDTIn the order: rate 1 USDT = 1\.0000 USDT, to receive 100\.00 USDTWithout the promocode WELCOME.*The market rate has not moved.*hold for 30 min/,
    );
    const form = document.getElementById('claim-action-form')!;
    expect(form.querySelectorAll('input').length).toBe(1);
    expect(screen.getByLabelText(/Note for operators/, { selector: 'input' })).toBeTruthy();
    expect(screen.getByTestId('action-confirm').textContent).toBe('Confirm: Offer a new rate');
    fetchMock.mockResolvedValueOnce(json(409, { detail: 'The claim has moved on.', code: 'claim_moved' }));
    await act(async () => {
      fireEvent.click(screen.getByTestId('action-confirm'));
    });
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]!.body))).toMatchObject({ expected: 'late_payment' });
    expect(fetchMock.mock.calls[1]![0]).toBe('/en/api/v1/admin/claims/07e48773-68da-42d4-b9dc-3e7f66470f53/requote/');
    expect(fetchMock.mock.calls[1]![1]!.method).toBe('POST');
    expect(screen.getByRole('alert').textContent).toMatch(/The claim has moved on\.Reload/);
  });

  it('a re-quote the direction cannot price says so as soon as the form opens', async () => {
    renderActions(claimIn('late_payment'), 'ru');
    fetchMock.mockResolvedValueOnce(
      json(409, { detail: 'Направление сейчас не может принять эту сумму.', code: 'claim_requote_unavailable' }),
    );
    await act(async () => {
      fireEvent.click(await screen.findByTestId('action-requote'));
    });
    expect((await screen.findByTestId('requote-preview')).getAttribute('role')).toBe('alert');
    expect(screen.getByTestId('requote-preview').textContent).toBe('Направление сейчас не может принять эту сумму.');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/admin/claims/07e48773-68da-42d4-b9dc-3e7f66470f53/requote/');
    // No offer can be sent: its confirm is off, and nothing says the claim moved (no conflict box, no "Обновить").
    const confirm = screen.getByTestId('action-confirm') as HTMLButtonElement;
    expect(confirm.textContent).toBe('Подтвердить: Предложить новый курс');
    expect(confirm.disabled).toBe(true);
    await act(async () => {
      fireEvent.submit(document.getElementById('claim-action-form')!);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Направление сейчас не может принять эту сумму.',
      '',
    ]);
    expect(screen.queryByRole('button', { name: 'Обновить' })).toBeNull();
    // The way on is a refund: another action's form has its confirm.
    fireEvent.click(screen.getByTestId('action-refund'));
    expect((screen.getByTestId('action-confirm') as HTMLButtonElement).disabled).toBe(false);
  });

  it('en: priced again on confirm and refused, it is said once above the form, the confirm off, with no "Reload"', async () => {
    renderActions(claimIn('late_payment'));
    fetchMock.mockResolvedValueOnce(
      json(200, {
        course: '110',
        toSumma: '90.5',
        validUntil: '2026-11-28T12:30:00.000Z',
        validForMinutes: 30,
        droppedPromocode: null,
        promocodeOnly: false,
      }),
    );
    await act(async () => {
      fireEvent.click(await screen.findByTestId('action-requote'));
    });
    const unavailable =
      'The direction cannot take this amount now (switched off, no fresh rate, or not enough reserve). Refund the order instead.';
    fetchMock.mockResolvedValueOnce(json(409, { detail: unavailable, code: 'claim_requote_unavailable' }));
    await act(async () => {
      fireEvent.click(screen.getByTestId('action-confirm'));
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('alert').textContent).toBe(unavailable);
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
    expect((screen.getByTestId('action-confirm') as HTMLButtonElement).disabled).toBe(true);
  });

  it('ru: every action’s confirmation reads "Подтвердить: …", the re-quote’s too', async () => {
    renderActions(claimIn('requoted'), 'ru');
    for (const [testId, name] of [
      ['action-requote', 'Предложить новый курс'],
      ['action-refund', 'Возврат'],
      ['action-cancel', 'Отменить'],
    ]) {
      fireEvent.click(await screen.findByTestId(testId!));
      expect(screen.getByTestId('action-confirm').textContent).toBe(`Подтвердить: ${name}`);
      fireEvent.click(screen.getByRole('button', { name: 'Не сейчас' }));
    }
  });
});

describe('ClaimActions: unsaved text asks before it is dropped, as every console form does', () => {
  const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input, textarea' }) as HTMLInputElement;
  const type = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
  const heading = () => within(unsavedDialog()).getByRole('heading').textContent;

  it('ru: a typed reason asks before a console link; "Остаться" keeps it, leaving drops it', async () => {
    renderInConsole('/admin/claims/x', <ClaimActions claim={claimIn('paid')} />);
    fireEvent.click(await screen.findByTestId('action-hold'));
    type(/Причина для клиента/, 'Проверяем платёж');
    await follow('Elsewhere');
    expect(unsavedDialog().open).toBe(true);
    expect(heading()).toBe('Уйти без сохранения?');
    await answerUnsaved('Остаться');
    expect(unsavedDialog().open).toBe(false);
    expect(field(/Причина для клиента/).value).toBe('Проверяем платёж');
    await follow('Elsewhere');
    await answerUnsaved('Уйти без сохранения');
    expect(screen.getByRole('heading', { name: 'Claims page' })).toBeTruthy();
  });

  it('en: "Not now" and another action ask to close; "Stay" keeps the text, closing drops it', async () => {
    renderInConsole('/en/admin/claims/x', <ClaimActions claim={claimIn('paid')} />);
    fireEvent.click(await screen.findByTestId('action-complete'));
    type(/Note for operators/, 'Paid from the hot wallet');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    });
    expect(unsavedDialog().open).toBe(true);
    expect(heading()).toBe('Close without saving?');
    await answerUnsaved('Stay');
    expect(field(/Note for operators/).value).toBe('Paid from the hot wallet');

    await act(async () => {
      fireEvent.click(screen.getByTestId('action-hold'));
    });
    expect(heading()).toBe('Close without saving?');
    await answerUnsaved('Close without saving');
    // The other action's form, empty.
    expect(screen.getByRole('heading', { name: 'Put on hold' })).toBeTruthy();
    expect(field(/Note for operators/).value).toBe('');
  });

  it('an untouched form, or one typed back to empty, closes and leaves without asking', async () => {
    renderInConsole('/en/admin/claims/x', <ClaimActions claim={claimIn('paid')} />);
    fireEvent.click(await screen.findByTestId('action-hold'));
    fireEvent.click(screen.getByTestId('action-cancel'));
    expect(unsavedDialog().open).toBe(false);
    type(/Note for operators/, 'x');
    type(/Note for operators/, '');
    await follow('Elsewhere');
    expect(unsavedDialog().open).toBe(false);
    expect(screen.getByRole('heading', { name: 'Claims page' })).toBeTruthy();
  });

  it('Reload after a conflict does not ask: the text was for the claim as it was', async () => {
    renderInConsole('/en/admin/claims/x', <ClaimActions claim={claimIn('paid')} />);
    fireEvent.click(await screen.findByTestId('action-hold'));
    type(/Reason for the customer/, 'check');
    fetchMock.mockResolvedValueOnce(json(409, { detail: 'The claim has moved on.', code: 'claim_moved' }));
    await act(async () => {
      fireEvent.click(screen.getByTestId('action-confirm'));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    });
    expect(unsavedDialog().open).toBe(false);
    expect(document.getElementById('claim-action-form')).toBeNull();
  });

  it('a confirmed action leaves nothing to ask about', async () => {
    renderInConsole('/en/admin/claims/x', <ClaimActions claim={claimIn('paid')} />);
    fireEvent.click(await screen.findByTestId('action-hold'));
    type(/Reason for the customer/, 'Checking the payment');
    fetchMock.mockResolvedValueOnce(json(200, claimIn('hold')));
    await act(async () => {
      fireEvent.click(screen.getByTestId('action-confirm'));
    });
    expect(screen.getByTestId('action-done')).toBeTruthy();
    await follow('Elsewhere');
    expect(unsavedDialog().open).toBe(false);
    expect(screen.getByRole('heading', { name: 'Claims page' })).toBeTruthy();
  });
});

describe('the Complete form', () => {
  it('names the partner it credits only on a claim that came with one', async () => {
    renderActions({ ...claimIn('paid'), partner: 'partner@example.com' });
    fireEvent.click(await screen.findByTestId('action-complete'));
    expect(
      screen.getByText('The payout to the customer is made. The partner partner@example.com is credited.'),
    ).toBeTruthy();
    cleanup();
    // A guest without a link (or a self-referral) credits nobody: the form promises no partner.
    renderActions({ ...claimIn('paid'), partner: null }, 'ru');
    fireEvent.click(await screen.findByTestId('action-complete'));
    expect(screen.getByText('Выплата клиенту сделана.')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Партн[её]р/);
  });
});

describe('ClaimActions: a long text is refused with why, never cut', () => {
  const area = (label: RegExp) => screen.getByLabelText(label, { selector: 'textarea' }) as HTMLTextAreaElement;
  const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
  const messagesOf = (field: HTMLElement) =>
    (field.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .replace(/\s/g, ' ');
  const confirm = async () => {
    await act(async () => {
      fireEvent.click(screen.getByTestId('action-confirm'));
    });
  };

  it('ru: a hold reason of 600 characters is written on several lines, kept whole, and refused under its field', async () => {
    renderActions(claimIn('paid'), 'ru');
    fireEvent.click(await screen.findByTestId('action-hold'));
    const reason = area(/Причина для клиента/);
    // A box of several lines, with nothing that would cut a longer paste.
    expect(reason.hasAttribute('maxlength')).toBe(false);
    expect(document.activeElement).toBe(reason);
    const long = `Пришлите фото карты, с которой платили. ${'Подробности. '.repeat(45)}Конец.`;
    expect(long.length).toBeGreaterThan(500);
    fireEvent.change(reason, { target: { value: long } });
    fetchMock.mockImplementation(answerThrough(claimActionBodies.hold, () => json(200, claimIn('hold'))));
    await confirm();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(reason.value).toBe(long);
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(messagesOf(reason)).toContain('Не более 500 символов.');
    expect(document.activeElement).toBe(reason);
    expect(screen.queryByTestId('action-done')).toBeNull();

    // Shortened by the operator, it goes through.
    fireEvent.change(reason, { target: { value: 'Пришлите фото карты, с которой платили.' } });
    await confirm();
    expect(screen.getByTestId('action-done')).toBeTruthy();
  });

  it('en: a cancel’s reason is several lines too; a note past 1,000 and a reference past 200 are refused, not cut', async () => {
    renderActions(claimIn('paid'));
    fireEvent.click(await screen.findByTestId('action-cancel'));
    expect(area(/Reason for the customer/).hasAttribute('maxlength')).toBe(false);
    const note = input(/Note for operators/);
    expect(note.hasAttribute('maxlength')).toBe(false);
    fireEvent.change(note, { target: { value: 'n'.repeat(1001) } });
    fetchMock.mockImplementation(answerThrough(claimActionBodies.cancel, () => json(200, claimIn('cancelled'))));
    await confirm();
    expect(note.value).toHaveLength(1001);
    expect(messagesOf(note)).toContain('Ensure this field has no more than 1,000 characters.');
    expect(document.activeElement).toBe(note);

    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    fireEvent.click(screen.getByTestId('action-refund'));
    const reference = input(/Refund reference/);
    expect(reference.hasAttribute('maxlength')).toBe(false);
    fireEvent.change(reference, { target: { value: 'r'.repeat(201) } });
    fetchMock.mockImplementation(answerThrough(claimActionBodies.refund, () => json(200, claimIn('refunded'))));
    await confirm();
    expect(reference.value).toHaveLength(201);
    expect(messagesOf(reference)).toContain('Ensure this field has no more than 200 characters.');
  });
});

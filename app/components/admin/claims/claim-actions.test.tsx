// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { actionsFor, type AdminClaim } from '../../../../shared/schemas/admin-claims.ts';
import { createI18n } from '../../../i18n/i18n.ts';
import { resources } from '../../../i18n/resources.ts';
import { ClaimActions } from './claim-actions.tsx';
import { json, stubFetch } from '../../../../tests/helpers/fetch-stub.ts';

const fetchMock = stubFetch();

const side = {
  currency: { code: 'USDTTRC20', name: 'Tether', symbol: 'USDT', network: 'TRC20', logo: '' },
  amount: '100',
  requisites: [],
};
const claimIn = (status: AdminClaim['status']) =>
  ({
    uuid: '07e48773-68da-42d4-b9dc-3e7f66470f53',
    number: '07E48773',
    status,
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
    const reference = screen.getByLabelText(/Payout or transfer reference/, { selector: 'input' });
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
    expect(screen.getByLabelText(/Payout or transfer reference/, { selector: 'input' }).hasAttribute('required')).toBe(
      false,
    );
  });

  it('a re-quote asks only for a note and is confirmed like every action, "Confirm: Offer a new rate"', async () => {
    renderActions(claimIn('late_payment'));
    expect(screen.queryAllByRole('button').map((b) => b.getAttribute('data-testid'))).toEqual([
      'action-requote',
      'action-refund',
      'action-cancel',
    ]);
    fireEvent.click(await screen.findByTestId('action-requote'));
    const form = document.getElementById('claim-action-form')!;
    expect(form.querySelectorAll('input').length).toBe(1);
    expect(screen.getByLabelText(/Note for operators/, { selector: 'input' })).toBeTruthy();
    expect(screen.getByTestId('action-confirm').textContent).toBe('Confirm: Offer a new rate');
    fetchMock.mockResolvedValueOnce(json(409, { detail: 'The claim has moved on.', code: 'claim_moved' }));
    await act(async () => {
      fireEvent.click(screen.getByTestId('action-confirm'));
    });
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toMatchObject({ expected: 'late_payment' });
    expect(fetchMock.mock.calls[0]![0]).toBe('/en/api/v1/admin/claims/07e48773-68da-42d4-b9dc-3e7f66470f53/requote/');
    expect(screen.getByRole('alert').textContent).toMatch(/The claim has moved on\.Reload/);
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

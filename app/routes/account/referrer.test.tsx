// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderInDataRouter } from '../../../tests/helpers/render-at.tsx';
import { json, stubFetch } from '../../../tests/helpers/fetch-stub.ts';
import ReferrerRoute from './referrer.tsx';
import type { Route } from './+types/referrer';

const fetchMock = stubFetch();

const field = (name: string) => screen.getByLabelText(name, { selector: 'input' }) as HTMLInputElement;

const loaderData = {
  summary: {
    code: 'PARTNER7',
    link: 'http://localhost:3000/?ref=PARTNER7',
    invited: 2,
    balance: '40.00',
    percent: '0.5',
    currency: 'USDT',
    minWithdrawal: '10.00',
  },
  history: { items: [], count: 0, page: 1, filter: { date_from: '', date_to: '' }, errors: {} },
  withdrawals: { items: [], count: 0, page: 1 },
} as unknown as Route.ComponentProps['loaderData'];

describe('/account/referrer: the withdrawal created', () => {
  it('closing the "created" dialog with Escape puts the focus on the new form’s amount field, not the body', async () => {
    fetchMock.mockResolvedValue(
      json(201, { id: 7, amount: '12.5', requisites: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', status: 'pending' }),
    );
    const props = { loaderData } as Route.ComponentProps;
    renderInDataRouter('/en/account/referrer', <ReferrerRoute {...props} />);
    fireEvent.change(field('Amount, USDT'), { target: { value: '12.5' } });
    fireEvent.change(field('Payout details'), { target: { value: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' } });
    const button = screen.getByRole('button', { name: 'Request a withdrawal' });
    button.focus();
    await act(async () => fireEvent.submit(screen.getByTestId('withdrawal-form')));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(dialog.textContent).toContain('Withdrawal request has been successfully created');
    await act(async () => fireEvent.keyDown(document.activeElement ?? dialog, { key: 'Escape' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(field('Amount, USDT')));
    expect(field('Amount, USDT').value).toBe('');
  });
});

// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  claimCalls,
  describedText,
  fillValid,
  input,
  installFormServer,
  json,
  promocodeCalls,
  queued,
  renderForm,
  typeIn,
} from '../../../tests/helpers/exchange-form-kit.tsx';

installFormServer();

/**
 * The claim form's promocode: Apply quotes it on the server, the amounts use the quoted course, Remove drops it, a new
 * pair or e-mail has it quoted again, and the claim carries it. The fixture pair RUB -> USDT has course 0.0105; the
 * server's quote with WELCOME (+0.5 %) is 0.0105525.
 */

const welcome = { promocode: 'WELCOME', discount: '0.5', course: '0.0105525' };
const unknown = { promocode: ['There is no such promocode.'] };
const usedUp = { promocode: ['This promocode has no uses left.'] };

const applied = () => screen.queryByTestId('promocode-applied');
const open = () => fireEvent.click(screen.getByRole('button', { name: 'Have a promocode?' }));
const apply = (code: string) => {
  fireEvent.change(input('promocode'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
};
const claimBody = (n = 0) => JSON.parse(claimCalls()[n]![1]!.body as string) as Record<string, unknown>;

describe('promocode', () => {
  it('opens from "Have a promocode?", applies the code and prices the receive amount with the quoted course', async () => {
    queued.promocode.push(json(200, welcome));
    renderForm();
    const toggle = screen.getByRole('button', { name: 'Have a promocode?' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(input('promocode').closest('[hidden]')).not.toBeNull();
    open();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(input('promocode').closest('[hidden]')).toBeNull();

    typeIn('fromSumma', '1500');
    expect(input('toSumma').value).toBe('15.75');
    apply(' welcome ');
    await waitFor(() => expect(applied()).not.toBeNull());
    expect(promocodeCalls()).toEqual([{ promocode: 'welcome', fromPs: 1, toPs: 3 }]);
    expect(applied()!.textContent).toContain('Promocode WELCOME applied +0.5% to the rate');
    expect(screen.getByTestId('promocode-course').textContent).toBe('94.77\u00a0RUB = 1\u00a0USDT');
    expect(applied()!.textContent).toContain(
      'Rate with the promocode: 94.77\u00a0RUB = 1\u00a0USDT instead of 95.24\u00a0RUB = 1\u00a0USDT',
    );
    expect(screen.getByTestId('course').textContent).toBe('94.77\u00a0RUB = 1\u00a0USDT');
    // Focus moved from the vanished Apply button to Remove.
    // The focus moves in an effect after the render: wait for it (it ran late under CI load).
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove the promocode WELCOME' })),
    );
    expect(input('toSumma').value).toBe('15.82');
    // Typing either amount goes on with the quoted course.
    typeIn('toSumma', '100');
    expect(input('fromSumma').value).toBe('9476.43');

    queued.claim.push(json(201, { uuid: '0b7c1c9e-5a43-4d36-9c1c-2f4f6a1e8f10' }));
    fillValid();
    typeIn('fromSumma', '1500');
    fireEvent.submit(screen.getByTestId('exchange-form'));
    await screen.findByText(/claim page/);
    expect(claimBody()).toMatchObject({ fromSumma: '1500.00', toSumma: '15.82', promocode: 'WELCOME' });
  });

  it('Remove drops the code: the pair’s own course again, and the claim goes without it', async () => {
    queued.promocode.push(json(200, welcome));
    renderForm();
    open();
    apply('WELCOME');
    await waitFor(() => expect(input('toSumma').value).toBe('10.55'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove the promocode WELCOME' }));
    expect(applied()).toBeNull();
    expect(input('toSumma').value).toBe('10.50');
    expect(screen.getByTestId('course').textContent).toBe('95.24\u00a0RUB = 1\u00a0USDT');
    expect(input('promocode').value).toBe('');
    // The focus moves in an effect after the render: wait for it (it ran late under CI load).
    await waitFor(() => expect(document.activeElement).toBe(input('promocode')));

    queued.claim.push(json(201, { uuid: '0b7c1c9e-5a43-4d36-9c1c-2f4f6a1e8f11' }));
    fillValid();
    fireEvent.submit(screen.getByTestId('exchange-form'));
    await screen.findByText(/claim page/);
    expect(claimBody()).not.toHaveProperty('promocode');
    expect(claimBody().toSumma).toBe('10.50');
  });

  it('shows the server’s refusal under the field and changes nothing; Enter applies instead of sending the claim', async () => {
    queued.promocode.push(json(400, unknown));
    renderForm();
    open();
    fireEvent.change(input('promocode'), { target: { value: 'NOPE' } });
    fireEvent.keyDown(input('promocode'), { key: 'Enter' });
    await waitFor(() => expect(describedText(input('promocode'))).toBe('There is no such promocode.'));
    expect(input('promocode').getAttribute('aria-invalid')).toBe('true');
    expect(applied()).toBeNull();
    expect(input('toSumma').value).toBe('10.50');
    expect(claimCalls()).toHaveLength(0);
    // Typing clears the message; an empty code is refused without asking the server.
    fireEvent.change(input('promocode'), { target: { value: '' } });
    expect(input('promocode').getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(describedText(input('promocode'))).toBe('This field is required.');
    expect(promocodeCalls()).toHaveLength(1);
  });

  it('a code typed but not applied keeps the claim from being sent', () => {
    renderForm();
    open();
    fireEvent.change(input('promocode'), { target: { value: 'WELCOME' } });
    fillValid();
    fireEvent.submit(screen.getByTestId('exchange-form'));
    expect(describedText(input('promocode'))).toBe('Press Apply or clear the promocode field.');
    expect(document.activeElement).toBe(input('promocode'));
    expect(claimCalls()).toHaveLength(0);
  });

  it('a new pair has the code quoted again; one it does not apply to drops it with the server’s message', async () => {
    queued.promocode.push(
      json(200, welcome),
      json(200, { ...welcome, course: '95.3745' }),
      json(400, { promocode: ['This promocode is not valid yet.'] }),
    );
    renderForm();
    open();
    apply('WELCOME');
    await waitFor(() => expect(applied()).not.toBeNull());

    // Swapped to USDT -> RUB (course 94.9): quoted again for 3 -> 1, the receive amount with the new quote.
    fireEvent.click(screen.getByRole('button', { name: 'Swap the direction' }));
    await waitFor(() => expect(screen.getByTestId('course').textContent).toBe('1\u00a0USDT = 95.37\u00a0RUB'));
    expect(promocodeCalls()[1]).toEqual({ promocode: 'WELCOME', fromPs: 3, toPs: 1 });
    expect(input('fromSumma').value).toBe('10.55');
    expect(input('toSumma').value).toBe('1,006.20');

    // Then USDT -> BTC, where it does not apply: dropped, the reason under the field, the pair's own course.
    fireEvent.click(screen.getByRole('button', { name: /You receive/ }));
    fireEvent.click(screen.getByRole('option', { name: /Bitcoin/ }));
    await waitFor(() => expect(describedText(input('promocode'))).toBe('This promocode is not valid yet.'));
    expect(promocodeCalls()[2]).toEqual({ promocode: 'WELCOME', fromPs: 3, toPs: 4 });
    expect(applied()).toBeNull();
    expect(screen.getByTestId('course').textContent).toBe('95,785.45\u00a0USDT = 1\u00a0BTC');
    expect(input('toSumma').value).toBe('0.000522');
  });

  it('sends no e-mail with the check, and a changed e-mail asks nothing again: the preview never looks one up', async () => {
    queued.promocode.push(json(200, welcome));
    renderForm();
    fireEvent.change(input('email'), { target: { value: 'ann@example.com' } });
    open();
    apply('WELCOME');
    await waitFor(() => expect(applied()).not.toBeNull());
    expect(promocodeCalls()).toEqual([{ promocode: 'WELCOME', fromPs: 1, toPs: 3 }]);

    // Another address: the code stays as quoted (its share for that address is judged when the claim is created).
    fireEvent.change(input('email'), { target: { value: 'bob@example.com' } });
    fireEvent.blur(input('email'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(promocodeCalls()).toHaveLength(1);
    expect(applied()).not.toBeNull();
  });

  it('keeps the claim button off while a code is being checked, and only the latest check counts', async () => {
    let first!: (r: Response) => void;
    queued.promocode.push(
      new Promise<Response>((resolve) => (first = resolve)),
      json(200, { ...welcome, promocode: 'CRYPTO2027', discount: '0.3', course: '0.0105315' }),
    );
    renderForm();
    open();
    apply('WELCOME');
    expect(screen.getByRole('button', { name: 'Create order' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Checking…' })).toHaveProperty('disabled', true);
    // Removed while checking, then another code: the late answer of the first is ignored.
    fireEvent.change(input('promocode'), { target: { value: 'CRYPTO2027' } });
    fireEvent.keyDown(input('promocode'), { key: 'Enter' });
    await waitFor(() => expect(applied()?.textContent).toContain('CRYPTO2027'));
    first(json(200, welcome));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(applied()!.textContent).toContain('CRYPTO2027');
    expect(input('toSumma').value).toBe('10.53');
    expect(screen.getByRole('button', { name: 'Create order' })).toHaveProperty('disabled', false);
  });

  it('a claim refused over the code drops it and shows why under the field; a rate change keeps it', async () => {
    queued.promocode.push(json(200, welcome));
    queued.claim.push(
      json(400, {
        detail: 'The rate has changed.',
        code: 'rate_changed',
        course: '0.0105',
        fromSumma: '1000',
        toSumma: '10.50',
      }),
      json(400, usedUp),
    );
    renderForm();
    open();
    apply('WELCOME');
    await waitFor(() => expect(applied()).not.toBeNull());
    fillValid();
    fireEvent.submit(screen.getByTestId('exchange-form'));
    await screen.findByText('The rate has changed');
    expect(claimBody(0)).toMatchObject({ toSumma: '10.55', promocode: 'WELCOME' });

    // The server's course with the code is the code's now: accepted, the code stays and is sent again.
    fireEvent.click(screen.getByRole('button', { name: 'Accept and create the order' }));
    await waitFor(() => expect(describedText(input('promocode'))).toBe('This promocode has no uses left.'));
    expect(claimBody(1)).toMatchObject({ toSumma: '10.50', promocode: 'WELCOME' });
    expect(applied()).toBeNull();
    expect(input('promocode').value).toBe('WELCOME');
    expect(screen.getByTestId('course').textContent).toBe('95.24\u00a0RUB = 1\u00a0USDT');
  });
});

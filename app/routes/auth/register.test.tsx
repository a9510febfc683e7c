// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAt } from '../../../tests/helpers/render-at.tsx';
import { json, stubFetch } from '../../../tests/helpers/fetch-stub.ts';
import RegisterRoute from './register.tsx';

const fetchMock = stubFetch();

const field = (name: string) => screen.getByLabelText(name, { selector: 'input' }) as HTMLInputElement;
const describedText = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .filter(Boolean)
    .join(' ');

const renderRegister = (url = '/en/register') => renderAt(url, <RegisterRoute />);

/** Fills the sign-up form of /en/register and sends it with the submit button pressed (focus on it, as a click has). */
async function signUp(email: string, password: string) {
  fireEvent.change(field('E-mail'), { target: { value: email } });
  fireEvent.change(field('Password'), { target: { value: password } });
  fireEvent.change(field('Confirm password'), { target: { value: password } });
  fireEvent.click(screen.getByLabelText(/I accept the/));
  const button = screen.getByRole('button', { name: 'Create account' });
  button.focus();
  await act(async () => fireEvent.submit(button.closest('form')!));
}

describe('/register: the server’s field errors', () => {
  it('take the focus to the first field with a message, as the browser’s checks do', async () => {
    fetchMock.mockResolvedValue(
      json(400, { email: ['This e-mail is already registered.'], password: ['Not this one.'] }),
    );
    renderRegister();
    await signUp('ann@example.com', 'a long enough phrase');
    await waitFor(() => expect(describedText(field('E-mail'))).toBe('This e-mail is already registered.'));
    // It stayed on the submit button, the message out of sight of keyboard and screen-reader users.
    expect(document.activeElement).toBe(field('E-mail'));
    expect(describedText(field('Password'))).toBe('Not this one.');
  });

  it('a refused password alone focuses the password', async () => {
    fetchMock.mockResolvedValue(json(400, { password: ['Not this one.'] }));
    renderRegister();
    await signUp('ann@example.com', 'a long enough phrase');
    await waitFor(() => expect(describedText(field('Password'))).toBe('Not this one.'));
    expect(document.activeElement).toBe(field('Password'));
    expect(field('Password').value).toBe('a long enough phrase');
  });
});

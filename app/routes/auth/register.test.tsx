// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAt } from '../../../tests/helpers/render-at.tsx';
import { json, stubFetch } from '../../../tests/helpers/fetch-stub.ts';
import { translateFieldErrors } from '../../../shared/field-issues.ts';
import { fieldErrors } from '../../../shared/schemas/fields.ts';
import { signupSchema } from '../../../shared/schemas/users.ts';
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

/** Fills the sign-up form (of /en/register unless `ru`) and sends it with the submit button pressed (focus on it, as a click has). */
async function signUp(email: string, password: string, ru = false) {
  fireEvent.change(field('E-mail'), { target: { value: email } });
  fireEvent.change(field(ru ? 'Пароль' : 'Password'), { target: { value: password } });
  fireEvent.change(field(ru ? 'Повторите пароль' : 'Confirm password'), { target: { value: password } });
  fireEvent.click(screen.getByLabelText(ru ? /Я принимаю/ : /I accept the/));
  const button = screen.getByRole('button', { name: ru ? 'Зарегистрироваться' : 'Create account' });
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

describe('/register: the server’s own sign-up rules, checked before sending', () => {
  /** What the API answers for this sign-up under `name`, in `locale`: the message the form must show itself. */
  const serverSays = (email: string, password: string, name: 'email' | 'password', locale: 'ru' | 'en') => {
    const parsed = signupSchema.safeParse({ email, password, password_confirm: password });
    expect(parsed.success).toBe(false);
    return translateFieldErrors(fieldErrors(parsed.error!), locale)[name]!.join(' ');
  };
  const long = 'a'.repeat(243) + '@example.com';

  it.each([
    ['a common password', 'ann@example.com', 'password1!', 'password'],
    ['a run of keys', 'ann@example.com', 'qwertyuiop', 'password'],
    ['the e-mail as the password', 'ann.smith@example.com', 'Ann.Smith@example.com', 'password'],
    ['the e-mail’s name as the password', 'annsmith@example.com', 'annsmith2024', 'password'],
    ['a password over 128 characters', 'ann@example.com', 'correct horse battery staple '.repeat(5), 'password'],
    ['an e-mail over 254 characters', long, 'a long enough phrase', 'email'],
  ] as const)(
    'en: %s is refused under its field with the server’s message, focused, not sent',
    async (_case, email, password, name) => {
      renderRegister();
      await signUp(email, password);
      const input = field(name === 'email' ? 'E-mail' : 'Password');
      expect(describedText(input)).toBe(serverSays(email, password, name, 'en'));
      expect(document.activeElement).toBe(input);
      expect(input.value).toBe(name === 'email' ? email : password);
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('ru: a common password gets the server’s Russian message', async () => {
    renderRegister('/register');
    await signUp('ann@example.com', '12345678', true);
    expect(describedText(field('Пароль'))).toBe(serverSays('ann@example.com', '12345678', 'password', 'ru'));
    expect(describedText(field('Пароль'))).toMatch(/^Этот пароль/);
    expect(document.activeElement).toBe(field('Пароль'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a password the rules let through is sent', async () => {
    fetchMock.mockResolvedValue(json(201, {}));
    renderRegister();
    await signUp('ann@example.com', 'a long enough phrase');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  });
});

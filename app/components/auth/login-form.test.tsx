// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAt } from '../../../tests/helpers/render-at.tsx';
import { LoginForm } from './login-form.tsx';

const fetchMock = vi.fn<typeof fetch>();
let assign: MockInstance<Location['assign']>;

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  assign.mockRestore();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const field = (name: string) => screen.getByLabelText(name, { selector: 'input' }) as HTMLInputElement;
const describedText = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('LoginForm validation', () => {
  it('requires e-mail and password, shows messages under the fields and clears each one on typing', () => {
    renderAt('/en', <LoginForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const email = field('E-mail');
    const password = field('Password');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(email)).toBe('Enter your e-mail');
    expect(describedText(password)).toBe('Enter your password');
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(email, { target: { value: 'a' } });
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(describedText(email)).toBe('');
    // Typing in one field leaves the other field's message alone.
    expect(describedText(password)).toBe('Enter your password');
  });

  it('rejects a malformed e-mail before calling the server', () => {
    renderAt('/', <LoginForm />);
    fireEvent.change(field('E-mail'), { target: { value: 'not-an-email' } });
    fireEvent.change(field('Пароль'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect(describedText(field('E-mail'))).toBe('Введите корректный e-mail');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('LoginForm submission', () => {
  const fill = () => {
    fireEvent.change(field('E-mail'), { target: { value: '  Ann@Example.COM ' } });
    fireEvent.change(field('Password'), { target: { value: 'Secret-1' } });
  };

  it('posts the lower-cased e-mail to the en endpoint and goes to the account in full on success', async () => {
    fetchMock.mockResolvedValue(json(200, { access: 'x', role: 'customer' }));
    renderAt('/en', <LoginForm />);
    fill();
    fireEvent.click(screen.getByLabelText('To remember me'));
    fireEvent.submit(screen.getByTestId('login-form'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/en/account/orders'));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/en/front-api/auth/login/');
    expect(JSON.parse(init!.body as string)).toEqual({
      email: 'ann@example.com',
      password: 'Secret-1',
      remember: true,
    });
  });

  it('an operator or admin lands on the console; a `next` still wins', async () => {
    fetchMock.mockResolvedValue(json(200, { access: 'x', role: 'operator' }));
    renderAt('/en', <LoginForm />);
    fill();
    fireEvent.submit(screen.getByTestId('login-form'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/en/admin'));
    cleanup();
    fetchMock.mockResolvedValue(json(200, { access: 'x', role: 'admin' }));
    renderAt('/en/login', <LoginForm next="/en/account/settings" />);
    fill();
    fireEvent.submit(screen.getByTestId('login-form'));
    await waitFor(() => expect(assign).toHaveBeenLastCalledWith('/en/account/settings'));
  });

  it('shows detail above the form and field arrays under the fields, and ignores submits while one runs', async () => {
    let answer!: (response: Response) => void;
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderAt('/en', <LoginForm />);
    fill();
    fireEvent.submit(screen.getByTestId('login-form'));
    fireEvent.submit(screen.getByTestId('login-form'));
    fireEvent.submit(screen.getByTestId('login-form'));
    answer(json(400, { detail: 'No active account found', password: ['Wrong password'] }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('No active account found'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(describedText(field('Password'))).toBe('Wrong password');
    expect(assign).not.toHaveBeenCalled();

    fireEvent.change(field('Password'), { target: { value: 'Secret-2' } });
    expect(describedText(field('Password'))).toBe('');
    // The detail spoke of the credentials sent: editing them clears it too.
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('says clearly when logins are throttled (429), with the wait from Retry-After', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ detail: 'Too many requests. Please try again later.', code: 'rate_limited' }), {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '600' },
      }),
    );
    renderAt('/en', <LoginForm />);
    fill();
    fireEvent.submit(screen.getByTestId('login-form'));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Too many attempts. Please try again in 10 min.'),
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('goes to a same-site `next` after login, and ignores one that leaves the site', async () => {
    // A new answer per login: a body is read once.
    fetchMock.mockImplementation(() => Promise.resolve(json(200, { access: 'x', role: 'customer' })));
    renderAt('/en/login', <LoginForm next="/en/account/settings?tab=1" />);
    fill();
    fireEvent.submit(screen.getByTestId('login-form'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/en/account/settings?tab=1'));
    cleanup();
    renderAt('/en/login', <LoginForm next="//evil.example/" />);
    fill();
    fireEvent.submit(screen.getByTestId('login-form'));
    await waitFor(() => expect(assign).toHaveBeenLastCalledWith('/en/account/orders'));
  });

  it('shows the JSON 404 detail the endpoint answers today', async () => {
    fetchMock.mockResolvedValue(json(404, { detail: 'Not found.' }));
    renderAt('/en', <LoginForm />);
    fill();
    fireEvent.submit(screen.getByTestId('login-form'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Not found.'));
  });
});

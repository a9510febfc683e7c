// @vitest-environment happy-dom
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { createI18n } from '../../i18n/i18n.ts';
import { resources } from '../../i18n/resources.ts';
import { renderAt } from '../../../tests/helpers/render-at.tsx';
import { Header } from './header.tsx';

afterEach(() => {
  cleanup();
  document.documentElement.style.overflow = '';
  vi.unstubAllGlobals();
});

const ann = { email: 'ann@example.com', activated: true, role: 'customer' as const };

const menuLinks = (name: string) =>
  within(screen.getByRole('navigation', { name }))
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);

describe('Header menu', () => {
  it('shows every item in ru, News included', () => {
    renderAt('/', <Header user={null} />);
    expect(menuLinks('Меню')).toEqual([
      ['Правила', '/rules'],
      ['Партнёрам', '/partners'],
      ['AML/KYC', '/aml'],
      ['Новости', '/news'],
      ['FAQ', '/faq'],
      ['Контакты', '/contacts'],
    ]);
  });

  it('shows only the English allow-list in en (News hidden), with /en links', () => {
    renderAt('/en/faq', <Header user={null} />);
    expect(menuLinks('Menu')).toEqual([
      ['Rules', '/en/rules'],
      ['Partners', '/en/partners'],
      ['AML/KYC', '/en/aml'],
      ['FAQ', '/en/faq'],
      ['Contacts', '/en/contacts'],
    ]);
  });

  it('marks the item of the current section, sub-pages included', () => {
    renderAt('/news/some-article', <Header user={null} />);
    const current = within(screen.getByRole('navigation', { name: 'Меню' })).getByRole('link', { current: 'page' });
    expect(current.textContent).toBe('Новости');
  });
});

describe('Header burger menu', () => {
  it('opens with scroll locked, and closes on Escape with focus back on the burger', () => {
    renderAt('/', <Header user={null} />);
    const burger = screen.getByRole('button', { name: 'Открыть меню' });
    const panel = document.getElementById(burger.getAttribute('aria-controls')!)!;
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);

    fireEvent.click(burger);
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    // The X that closes it is named so.
    expect(burger.getAttribute('aria-label')).toBe('Закрыть меню');
    expect(panel.hidden).toBe(false);
    expect(document.documentElement.style.overflow).toBe('hidden');

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
    expect(document.documentElement.style.overflow).toBe('');
    expect(document.activeElement).toBe(burger);
    expect(burger.getAttribute('aria-label')).toBe('Открыть меню');
  });

  it('closes when an item is clicked', () => {
    renderAt('/', <Header user={null} />);
    const burger = screen.getByRole('button', { name: 'Открыть меню' });
    fireEvent.click(burger);
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Мобильное меню' })).getByText('FAQ'));
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    expect(document.documentElement.style.overflow).toBe('');
  });
});

describe('Header account links', () => {
  it('offers log in and sign up to a guest', () => {
    renderAt('/en', <Header user={null} />);
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Sign Up' })[0]!.getAttribute('href')).toBe('/en/register');
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });

  it('shows a logged-in user their e-mail (linking to their orders) and sign out', () => {
    renderAt('/en', <Header user={ann} />);
    expect(screen.getAllByRole('link', { name: /ann@example\.com/ })[0]!.getAttribute('href')).toBe(
      '/en/account/orders',
    );
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();
  });

  it('logs out with the cookie alone (no token refresh first), then reloads the home page of the locale', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response('{"detail":"You have logged out."}'));
    vi.stubGlobal('fetch', fetchMock);
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    renderAt('/en/faq', <Header user={ann} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/en'));
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/en/front-api/auth/logout/']);
    expect(new Headers(fetchMock.mock.calls[0]![1]!.headers).get('authorization')).toBeNull();
    assign.mockRestore();
  });
});

describe('Header sign out before the page’s script runs', () => {
  it('is disabled in the server’s HTML, and works once the page has hydrated', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response('{"detail":"You have logged out."}'));
    vi.stubGlobal('fetch', fetchMock);
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const page = (
      <I18nextProvider i18n={createI18n('en', resources.en)}>
        <MemoryRouter initialEntries={['/en/faq']}>
          <Header user={ann} />
        </MemoryRouter>
      </I18nextProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    document.body.append(container);
    onTestFinished(() => {
      assign.mockRestore();
      container.remove();
    });
    const served = within(container).getByRole<HTMLButtonElement>('button', { name: 'Sign out' });
    // A press now would do nothing: the button says "not yet" (disabled, and the .btn-* look of it).
    expect(served.disabled).toBe(true);
    fireEvent.click(served);
    expect(fetchMock).not.toHaveBeenCalled();

    await act(async () => {
      render(page, { container, hydrate: true });
    });
    const live = within(container).getByRole<HTMLButtonElement>('button', { name: 'Sign out' });
    expect(live.disabled).toBe(false);
    fireEvent.click(live);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/en'));
  });
});

describe('Language switcher', () => {
  it('links both locales to the same page with the query kept, and remembers the choice in a plain cookie', () => {
    renderAt('/en/faq?cur_from=BTC', <Header user={null} />);
    const ru = screen.getByRole('link', { name: 'Русский' });
    const en = screen.getByRole('link', { name: 'English' });
    expect(ru.getAttribute('href')).toBe('/faq?cur_from=BTC');
    expect(en.getAttribute('href')).toBe('/en/faq?cur_from=BTC');
    expect(en.getAttribute('aria-current')).toBe('true');
    // A full page load, not a client-side navigation: react-router leaves `reloadDocument` links to the browser.
    ru.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(ru);
    expect(document.cookie).toContain('i18n_redirected=ru');
  });
});

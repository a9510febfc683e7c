// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { createI18n } from '../../i18n/i18n.ts';
import { resources } from '../../i18n/resources.ts';
import type { MyClaim } from '../../../shared/schemas/my-claims.ts';
import { claimStatusValues } from '../../../shared/schemas/exchange.ts';
import { StatusBadge } from '../../components/claim/status-badge.tsx';
import { renderAt, renderInDataRouter } from '../../../tests/helpers/render-at.tsx';
import type { Route } from './+types/orders';
import OrdersRoute from './orders.tsx';

afterEach(cleanup);

/** The list's page with no claims on it yet: the filter is all it shows of them. */
function renderOrders(url: string) {
  const loaderData = { status: 'requoted', page: 1, size: 10, count: 0, claims: [] } as const;
  const props = { loaderData } as unknown as Route.ComponentProps;
  return renderInDataRouter(url, <OrdersRoute {...props} />);
}

/** Every name a badge gives a claim in `status`: the new rate's and the confirmation's for `requoted`. */
function badgeNames(url: string, status: (typeof claimStatusValues)[number]) {
  return [false, true].map((sameTerms) => {
    const { container, unmount } = renderAt(url, <StatusBadge status={status} sameTerms={sameTerms} />);
    const text = container.textContent;
    unmount();
    return text;
  });
}

describe('the account’s status filter', () => {
  it.each(['/account', '/en/account'])('names every status as the list’s badges name its claims (%s)', (url) => {
    renderOrders(url);
    const options = Object.fromEntries(
      Array.from(screen.getByRole<HTMLSelectElement>('combobox').options, (o) => [o.value, o.text]),
    );
    cleanup();
    for (const status of claimStatusValues) {
      for (const name of badgeNames(url, status)) expect(options[status]!.split(' / '), status).toContain(name);
    }
    // Both names of a re-quote's badge, not the new rate's alone over claims whose badge asks to confirm them.
    expect(options.requoted).toBe(
      url === '/account' ? 'Новый курс / Подтвердите заявку' : 'New rate offered / Confirm your order',
    );
  });
});

describe('the account’s list pages', () => {
  const side = (code: string, symbol: string, amount: string) => ({
    code,
    name: code,
    symbol,
    decimals: 2,
    logo: `/logos/${code}.svg`,
    amount,
  });
  const claim = (n: number): MyClaim => ({
    uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    number: `0000000${n}`.slice(-8),
    createdAt: '2026-11-22T08:00:00.000Z',
    status: 'completed',
    course: '0.0105378',
    from: side('SBERRUB', 'RUB', '10000'),
    to: side('USDTTRC20', 'USDT', '105.37'),
    sameTerms: true,
    offerLapsed: false,
  });

  it('a page link pressed puts the focus on the list’s heading once the new page is in, not on the body', async () => {
    let release = () => {};
    const Stub = createRoutesStub([
      {
        path: '/en/account/orders',
        Component: OrdersRoute as never,
        HydrateFallback: () => null,
        loader: async ({ request }) => {
          const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
          // The second page arrives when the test says so: meanwhile the list shows its placeholder.
          if (page > 1) await new Promise<void>((resolve) => (release = resolve));
          const claims = Array.from({ length: 10 }, (_, i) => claim((page - 1) * 10 + i + 1));
          return { status: null, page, size: 10, count: 25, claims };
        },
      },
    ]);
    render(
      <I18nextProvider i18n={createI18n('en', resources.en)}>
        <Stub initialEntries={['/en/account/orders']} />
      </I18nextProvider>,
    );
    const link = await screen.findByRole('link', { name: 'Page 2' });
    link.focus();
    // Enter on a link is its click.
    await act(async () => fireEvent.click(link));
    await waitFor(() => expect(screen.getByTestId('orders-loading')).toBeTruthy());
    await act(async () => release());
    await waitFor(() => expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page'));
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('My orders');
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });
});

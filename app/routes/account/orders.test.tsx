// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
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

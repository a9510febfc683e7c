// @vitest-environment happy-dom
import type { ComponentType } from 'react';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../../../tests/helpers/fake-event-source.ts';
import { renderInDataRouter } from '../../../../tests/helpers/render-at.tsx';
import ClaimsQueue from './list.tsx';

/** The claims queue with nothing to show: what it says depends on whether a filter is what hides the claims. */

beforeEach(() => vi.stubGlobal('EventSource', FakeEventSource));
afterEach(() => {
  cleanup();
  FakeEventSource.reset();
});

function renderQueue(url: string, filter: { status: string | null; q: string }) {
  const Queue = ClaimsQueue as unknown as ComponentType<{ loaderData: unknown; params: object; matches: [] }>;
  const loaderData = { page: 1, count: 0, claims: [], refused: {}, ...filter };
  return renderInDataRouter(url, <Queue loaderData={loaderData} params={{}} matches={[]} />);
}

describe('the claims queue, empty', () => {
  it('ru, no filter: says there is no claim yet, not to change a filter nobody set', async () => {
    renderQueue('/admin/claims', { status: null, q: '' });
    const empty = await screen.findByTestId('admin-claims-empty');
    expect(empty.textContent).toContain('Заявок пока нет');
    expect(empty.textContent).not.toContain('фильтр');
  });

  it('en, a filter set: asks to change or reset it', async () => {
    renderQueue('/en/admin/claims?q=nobody', { status: null, q: 'nobody' });
    const empty = await screen.findByTestId('admin-claims-empty');
    expect(empty.textContent).toContain('No orders found');
    expect(empty.textContent).toContain('Change the filter or reset it.');
  });

  it('en, a status chosen: the filter is named too', async () => {
    renderQueue('/en/admin/claims', { status: 'new', q: '' });
    expect((await screen.findByTestId('admin-claims-empty')).textContent).toContain('No orders found');
  });
});

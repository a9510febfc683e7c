// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { FakeEventSource } from '../../../tests/helpers/fake-event-source.ts';
import { fallbackPollMs, gatherMs, useLiveClaims } from './use-live-claims.ts';

let loads = 0;
function renderQueue(url: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        loader: () => ++loads,
        Component() {
          useLiveClaims();
          return null;
        },
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
}
/** Lets the router's first load and any revalidation settle. */
const settle = () => act(async () => vi.advanceTimersByTimeAsync(0));

beforeEach(() => {
  vi.useFakeTimers();
  loads = 0;
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useLiveClaims', () => {
  it("reads the page again once per burst of the console stream's events, and after a reconnection", async () => {
    renderQueue('/en/admin/claims');
    await settle();
    expect(loads).toBe(1);
    const source = FakeEventSource.all[0]!;
    expect(source.url).toBe('/en/api/v1/admin/claims/events/');

    source.say('ready');
    source.say('claim', { uuid: 'a', status: 'new' });
    source.say('claim', { uuid: 'b', status: 'paid' });
    await act(async () => vi.advanceTimersByTimeAsync(gatherMs));
    expect(loads).toBe(2);

    // A reconnection (the server ends the stream to check the role again) may have missed changes: read once.
    source.fail();
    source.say('ready');
    await act(async () => vi.advanceTimersByTimeAsync(gatherMs));
    expect(loads).toBe(3);
    cleanup();
    expect(source.closed).toBe(true);
  });

  it('reads the page every 15 s while the stream is down, and stops once it is back', async () => {
    renderQueue('/admin');
    await settle();
    const source = FakeEventSource.all[0]!;
    source.fail();
    await act(async () => vi.advanceTimersByTimeAsync(fallbackPollMs + gatherMs));
    expect(loads).toBe(2);
    source.say('ready');
    await act(async () => vi.advanceTimersByTimeAsync(gatherMs));
    const after = loads;
    await act(async () => vi.advanceTimersByTimeAsync(fallbackPollMs * 3));
    expect(loads).toBe(after);
  });
});

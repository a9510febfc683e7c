// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import type { ClaimStatusValue } from '../../../shared/schemas/exchange.ts';
import { FakeEventSource } from '../../../tests/helpers/fake-event-source.ts';
import { renderAt } from '../../../tests/helpers/render-at.tsx';
import { pollIntervalMs, reopenStreamMs, useClaimStatus, type ClaimStatus } from './use-claim-status.ts';

const uuid = '07e48773-68da-42d4-b9dc-3e7f66470f53';
const answer = (status: ClaimStatusValue, rows = 1): ClaimStatus => ({
  uuid,
  status,
  message: '',
  expiresAt: '2026-11-22T10:30:00.000Z',
  txid: null,
  offer: null,
  payout: null,
  history: Array.from({ length: rows }, (_, i) => ({
    status: i === rows - 1 ? status : 'new',
    at: '2026-11-22T10:00:00.000Z',
    actor: 'system' as const,
    reason: null,
    reference: null,
    amounts: null,
  })),
});

let server: ClaimStatus;
const fetchMock = vi.fn(async (url: string) => {
  void url;
  return new Response(JSON.stringify(server), { status: 200, headers: { 'content-type': 'application/json' } });
});
let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchMock);
  // The polling tests run as in a browser without EventSource; the stream's own tests put the fake in.
  vi.stubGlobal('EventSource', undefined);
  FakeEventSource.reset();
  fetchMock.mockClear();
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { get: () => visibility, configurable: true });
  server = answer('new');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'visibilityState');
});

function Probe({ initial = 'new' }: { initial?: ClaimStatusValue }) {
  const { status } = useClaimStatus(uuid, answer(initial));
  return (
    <p data-testid="status">
      {status.status}/{status.history.length}
    </p>
  );
}

const shown = () => screen.getByTestId('status').textContent;
/** Lets the answered fetch settle into state. */
const settle = () => act(async () => {});

describe('useClaimStatus', () => {
  it('polls every 5 s in the page’s language, shows a change, and stops for good on a final status', async () => {
    renderAt('/en/claim/x', <Probe />);
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(pollIntervalMs));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe(`/en/api/v1/claim/${uuid}/status/`);
    expect(shown()).toBe('new/1');

    server = answer('processing', 3);
    await act(async () => vi.advanceTimersByTime(pollIntervalMs));
    await settle();
    expect(shown()).toBe('processing/3');

    server = answer('completed', 4);
    await act(async () => vi.advanceTimersByTime(pollIntervalMs));
    await settle();
    expect(shown()).toBe('completed/4');
    const calls = fetchMock.mock.calls.length;
    await act(async () => vi.advanceTimersByTime(pollIntervalMs * 5));
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('focus'));
    expect(fetchMock).toHaveBeenCalledTimes(calls);
  });

  it('keeps polling a claim on hold (it can still move on)', async () => {
    server = answer('hold', 2);
    renderAt('/claim/x', <Probe />);
    await act(async () => vi.advanceTimersByTime(pollIntervalMs));
    await settle();
    expect(shown()).toBe('hold/2');
    await act(async () => vi.advanceTimersByTime(pollIntervalMs));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[0]![0]).toBe(`/api/v1/claim/${uuid}/status/`);
  });

  it('asks nothing while the tab is hidden, and asks at once when it comes back or gets focus', async () => {
    visibility = 'hidden';
    renderAt('/claim/x', <Probe />);
    await act(async () => vi.advanceTimersByTime(pollIntervalMs * 4));
    expect(fetchMock).not.toHaveBeenCalled();

    visibility = 'visible';
    server = answer('paid', 2);
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(shown()).toBe('paid/2');

    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('waiting for the customer (expired, an offer) it runs no timer, yet a tab they come back to asks once', async () => {
    server = answer('requoted');
    renderAt('/claim/x', <Probe initial="requoted" />);
    await act(async () => vi.advanceTimersByTime(pollIntervalMs * 4));
    expect(fetchMock).not.toHaveBeenCalled();

    // The operator re-quoted a lapsed offer meanwhile: the e-mail brings the customer back.
    server = answer('requoted', 3);
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(shown()).toBe('requoted/3');
  });

  it('a failed poll changes nothing on the page', async () => {
    fetchMock.mockImplementationOnce(async () => new Response('oops', { status: 502 }));
    renderAt('/claim/x', <Probe />);
    await act(async () => vi.advanceTimersByTime(pollIntervalMs));
    await settle();
    expect(shown()).toBe('new/1');
  });
});

describe('useClaimStatus with the live stream', () => {
  beforeEach(() => vi.stubGlobal('EventSource', FakeEventSource));
  const source = () => FakeEventSource.all.at(-1)!;

  it('opens the stream in the page’s language, shows each pushed status without polling, and closes on a final one', async () => {
    renderAt('/en/claim/x', <Probe />);
    expect(source().url).toBe(`/en/api/v1/claim/${uuid}/events/`);
    await act(async () => source().open());
    await act(async () => source().say('status', answer('processing', 3)));
    expect(shown()).toBe('processing/3');
    await act(async () => vi.advanceTimersByTime(pollIntervalMs * 3));
    expect(fetchMock).not.toHaveBeenCalled();

    await act(async () => source().say('status', answer('completed', 4)));
    expect(shown()).toBe('completed/4');
    expect(source().closed).toBe(true);
    expect(FakeEventSource.all).toHaveLength(1);
  });

  it('polls every 5 s while the stream reconnects, and stops polling once it is open again', async () => {
    renderAt('/claim/x', <Probe />);
    await act(async () => source().open());
    await act(async () => source().fail());
    server = answer('paid', 2);
    await act(async () => vi.advanceTimersByTime(pollIntervalMs));
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(shown()).toBe('paid/2');

    await act(async () => source().open());
    await act(async () => vi.advanceTimersByTime(pollIntervalMs * 3));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a stream refused for good falls back to polling and is tried again after 30 s', async () => {
    renderAt('/claim/x', <Probe />);
    await act(async () => source().fail(true));
    await act(async () => vi.advanceTimersByTime(pollIntervalMs * 2));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(FakeEventSource.all).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(reopenStreamMs));
    expect(FakeEventSource.all).toHaveLength(2);
    expect(FakeEventSource.all[0]!.closed).toBe(true);
    await act(async () => source().open());
    const calls = fetchMock.mock.calls.length;
    await act(async () => vi.advanceTimersByTime(pollIntervalMs * 3));
    expect(fetchMock).toHaveBeenCalledTimes(calls);
  });
});

// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { renderAt } from '../../../tests/helpers/render-at.tsx';
import { clockSkewToleranceMs, Countdown } from './countdown.tsx';
import { formatDateTime } from '../../../shared/format.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const start = Date.parse('2026-11-22T10:00:00.000Z');

describe('Countdown', () => {
  it('ticks mm:ss to zero, calls onExpire once, and announces only the minute marks', () => {
    vi.useFakeTimers({ now: start });
    const onExpire = vi.fn();
    const deadline = new Date(start + 10 * 60_000 + 3_000).toISOString();
    renderAt('/en/claim/x', <Countdown deadline={deadline} serverNow={start} onExpire={onExpire} />);
    const timer = screen.getByRole('timer', { name: 'Time left to pay' });
    expect(timer.textContent).toBe('10:03');
    expect(timer.getAttribute('aria-live')).toBeNull();
    const live = document.querySelector('[aria-live="polite"]')!;
    expect(live.textContent).toBe('');

    act(() => vi.advanceTimersByTime(2_000));
    expect(timer.textContent).toBe('10:01');
    expect(live.textContent).toBe('');
    act(() => vi.advanceTimersByTime(2_000));
    expect(timer.textContent).toBe('09:59');
    expect(live.textContent).toBe('Minutes left to pay: 10');

    act(() => vi.advanceTimersByTime(9 * 60_000 + 58_000));
    expect(timer.textContent).toBe('00:01');
    expect(live.textContent).toBe('Minutes left to pay: 1');
    expect(onExpire).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1_000));
    expect(timer.textContent).toBe('00:00');
    expect(onExpire).toHaveBeenCalledTimes(1);
    expect(screen.getByText(/The payment window is over/)).toBeTruthy();
    act(() => vi.advanceTimersByTime(60_000));
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('counts on the server’s clock when the browser’s is clearly wrong', () => {
    vi.useFakeTimers({ now: start + clockSkewToleranceMs + 60 * 60_000 });
    const deadline = new Date(start + 30 * 60_000).toISOString();
    renderAt('/claim/x', <Countdown deadline={deadline} serverNow={start} onExpire={() => {}} />);
    expect(screen.getByRole('timer').textContent).toBe('30:00');
    // In the visitor's own zone, named (after hydration; the server writes UTC).
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(screen.getByText(`Оплатите до ${formatDateTime(deadline, 'ru', zone, 'time')}`)).toBeTruthy();
    expect(formatDateTime(deadline, 'ru', zone, 'time')).toMatch(/^\d\d:30 \(UTC/);
  });

  it('trusts the browser’s clock within the tolerance (page load time is not skew)', () => {
    vi.useFakeTimers({ now: start + 4_000 });
    const deadline = new Date(start + 30 * 60_000).toISOString();
    renderAt('/claim/x', <Countdown deadline={deadline} serverNow={start} onExpire={() => {}} />);
    expect(screen.getByRole('timer').textContent).toBe('29:56');
  });
});

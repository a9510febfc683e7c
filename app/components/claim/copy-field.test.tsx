// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { renderAt } from '../../../tests/helpers/render-at.tsx';
import { copiedMs, CopyField } from './copy-field.tsx';

const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
function setClipboard(value: unknown) {
  Object.defineProperty(navigator, 'clipboard', { value, configurable: true });
}
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  if (original) Object.defineProperty(navigator, 'clipboard', original);
  else Reflect.deleteProperty(navigator, 'clipboard');
  Reflect.deleteProperty(document, 'execCommand');
});

async function click(name: RegExp) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

describe('CopyField', () => {
  it('copies the value (not the suffix) and confirms it visibly for a while', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(() => Promise.resolve());
    setClipboard({ writeText });
    renderAt('/en/claim/x', <CopyField label="USDT TRC20 address" value="TR7NHqje" suffix="USDT" />);
    expect(screen.getByRole('button', { name: 'Copy: USDT TRC20 address' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('');

    // The figure and its ticker read as one, a no-break space between them (not a margin alone: "TR7NHqjeUSDT").
    expect(screen.getByText(/TR7NHqje/).textContent).toBe('TR7NHqje\u00a0USDT');
    await click(/^Copy/);
    expect(writeText).toHaveBeenCalledWith('TR7NHqje');
    expect(screen.getByRole('status').textContent).toBe('Copied');
    act(() => vi.advanceTimersByTime(copiedMs));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('falls back to the legacy copy when the clipboard API is missing', async () => {
    setClipboard(undefined);
    const exec = vi.fn((command: string) => {
      // The hidden textarea holds the value and is selected at that moment.
      const area = document.activeElement as HTMLTextAreaElement | null;
      return command === 'copy' && document.querySelector('textarea')?.value === '410017700112233' && !!area;
    });
    Object.defineProperty(document, 'execCommand', { value: exec, configurable: true });
    renderAt('/claim/x', <CopyField label="Кошелёк" value="410017700112233" />);
    await click(/^Копировать/);
    expect(exec).toHaveBeenCalledWith('copy');
    expect(screen.getByRole('status').textContent).toBe('Скопировано');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('when the browser refuses both ways, says so and selects the value for a manual copy', async () => {
    setClipboard({ writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) });
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    renderAt('/en/claim/x', <CopyField label="Address" value="bc1qxy2k" />);
    await click(/^Copy/);
    expect(screen.getByRole('alert').textContent).toMatch(/Could not copy/);
    expect(screen.getByRole('status').textContent).toBe('');
    expect(window.getSelection()?.toString()).toBe('bc1qxy2k');
  });
});

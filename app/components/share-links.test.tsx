// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderAt } from '../../tests/helpers/render-at.tsx';
import { popupFeatures, ShareLinks, shareNetworks, shareUrl } from './share-links.tsx';

let openSpy: MockInstance<Window['open']> | undefined;
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  openSpy?.mockRestore();
});

describe('shareUrl', () => {
  it('encodes the page address and title for every network', () => {
    const url = 'https://obmen.example/news/a b?x=1&y=2';
    for (const network of shareNetworks) {
      const address = new URL(shareUrl(network, url, 'Rates & news'));
      expect(address.protocol).toBe('https:');
      expect(decodeURIComponent(address.search)).toContain(url);
    }
    expect(shareUrl('telegram', 'https://a.example/', 'T')).toBe(
      'https://t.me/share/url?url=https%3A%2F%2Fa.example%2F&text=T',
    );
  });
});

describe('popupFeatures', () => {
  it('asks for 626x436 centred on the window', () => {
    expect(popupFeatures({ screenX: 100, screenY: 50, outerWidth: 1226, outerHeight: 836 })).toMatch(
      /^width=626,height=436,left=400,top=250,/,
    );
  });
});

describe('ShareLinks', () => {
  it('opens a popup and polls every 500 ms until it is closed, then stops', () => {
    vi.useFakeTimers();
    const popup = { closed: false, opener: {} as unknown };
    const open = (openSpy = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window));
    const onClose = vi.fn();
    renderAt('/en', <ShareLinks url="https://obmen.example/news/x" title="X" onClose={onClose} />);

    const link = screen.getByRole('link', { name: 'Share on Telegram' });
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    fireEvent(link, event);
    expect(event.defaultPrevented).toBe(true);
    expect(open.mock.calls[0]![2]).toMatch(/^width=626,height=436,/);
    expect(popup.opener).toBeNull();

    vi.advanceTimersByTime(1500);
    expect(onClose).not.toHaveBeenCalled();
    popup.closed = true;
    vi.advanceTimersByTime(499);
    expect(onClose).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onClose).toHaveBeenCalledWith('telegram');
    vi.advanceTimersByTime(5000);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('lets the link open normally when the popup is blocked', () => {
    openSpy = vi.spyOn(window, 'open').mockReturnValue(null);
    renderAt('/', <ShareLinks url="https://obmen.example/" title="T" />);
    // Read the verdict after React's handler (window is the last stop), then keep the test DOM from navigating.
    let preventedByComponent: boolean | undefined;
    const record = (event: Event) => {
      preventedByComponent = event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener('click', record);
    fireEvent.click(screen.getByRole('link', { name: 'Поделиться во ВКонтакте' }));
    window.removeEventListener('click', record);
    expect(openSpy).toHaveBeenCalledTimes(1);
    expect(preventedByComponent).toBe(false);
  });
});

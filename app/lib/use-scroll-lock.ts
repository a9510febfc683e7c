import { useEffect } from 'react';

/** While `locked`, the page behind an overlay does not scroll (overflow hidden on <html>, restored after). */
export function useScrollLock(locked: boolean): void {
  useEffect(() => {
    if (!locked) return;
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = previous;
    };
  }, [locked]);
}

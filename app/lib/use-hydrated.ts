import { useEffect, useSyncExternalStore } from 'react';

const noSubscribe = () => () => {};

/**
 * False in the server's HTML and during hydration, true once the component is React's: a submit button that needs
 * the script which handles its form stays disabled until then. A press before that would submit the form natively:
 * as a GET to the same page, with an e-mail and a password in the address (into history and access logs). A disabled
 * default button also blocks the browser's submit on Enter (HTML's implicit submission).
 */
export const useHydrated = () =>
  useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );

/**
 * Marks `<html data-hydrated>` once the page's tree has hydrated (the root's effect runs after its children's). The
 * browser tests wait for it before they press anything (tests/e2e/pages.ts, waitForHydration).
 */
export function useHydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
}

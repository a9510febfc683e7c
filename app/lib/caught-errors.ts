import type { Component } from 'react';

/**
 * React's `onCaughtError` for the browser's root (app/entry.client.tsx): what React reports of an error an error
 * boundary caught. Every boundary of the app is React Router's (each route's `ErrorBoundary` is rendered inside its
 * RenderErrorBoundary, an `<Await>` inside its AwaitErrorBoundary), whose `componentDidCatch` writes the error to the
 * console itself ("React Router caught the following error during render"); React's default wrote the same error a
 * second time (docs/testing.md). So a boundary that catches errors itself is left to report them, and only an error a
 * boundary without `componentDidCatch` caught is written here, as React's default would.
 *
 * Uncaught errors (`onUncaughtError`) and recoverable ones (`onRecoverableError`, hydration mismatches among them) keep
 * React's defaults: they reach no boundary that reports them.
 */
export function onCaughtError(error: unknown, info: { errorBoundary?: Component<unknown> | undefined }) {
  if (typeof info.errorBoundary?.componentDidCatch === 'function') return;
  console.error(error);
}

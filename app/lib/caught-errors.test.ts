import { Component, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { takeConsoleErrors } from '../../tests/setup/no-console-error.ts';
import { onCaughtError } from './caught-errors.ts';

class Reporting extends Component<{ children?: ReactNode }> {
  override componentDidCatch() {}
  override render() {
    return null;
  }
}
class Silent extends Component<{ children?: ReactNode }> {
  static getDerivedStateFromError() {
    return {};
  }
  override render() {
    return null;
  }
}

describe('onCaughtError', () => {
  const error = new Error('render failed');

  it('writes nothing for a boundary that reports what it catches (React Router’s)', () => {
    onCaughtError(error, { errorBoundary: new Reporting({}) as Component<unknown> });
    expect(takeConsoleErrors()).toEqual([]);
  });

  it('writes the error once, as React’s default, for a boundary that does not', () => {
    onCaughtError(error, { errorBoundary: new Silent({}) as Component<unknown> });
    onCaughtError(error, {});
    expect(takeConsoleErrors()).toEqual([[error], [error]]);
  });
});

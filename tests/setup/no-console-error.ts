import { afterEach, beforeEach, vi } from 'vitest';

/** A test fails on a stray console.error: an error nobody asserted on is a bug nobody will see. */
let calls: unknown[][] = [];
beforeEach(() => {
  calls = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    calls.push(args);
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (calls.length) {
    const first = calls[0]!.map((a) => (a instanceof Error ? a.stack : String(a))).join(' ');
    throw new Error(`console.error was called ${calls.length} time(s): ${first}`);
  }
});

/** For a test that expects console.error: takes the calls so far so they do not fail the test. */
export function takeConsoleErrors(): unknown[][] {
  const taken = calls;
  calls = [];
  return taken;
}

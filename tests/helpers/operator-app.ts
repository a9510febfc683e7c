import { afterAll, beforeAll } from 'vitest';
import { build, type TestApp } from './build.ts';
import { claimHelpers } from './claims.ts';
import { staffUser, type StaffUser } from './staff.ts';

export interface OperatorApp {
  t: TestApp;
  h: ReturnType<typeof claimHelpers>;
  operator: StaffUser;
}

/**
 * The suite of a test file that makes claims and acts on them in the console: an API-only app whose jobs are off (the
 * tests drain the claims' side effects themselves), its claim helpers and a logged-in operator. Built before the
 * suite's tests and closed after them; `use` gets them once built (the file's own variables, which its tests read).
 */
export function withOperatorApp(use: (app: OperatorApp) => void) {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await build({ ssr: false, env: { JOBS: 'false' } });
    use({ t, h: claimHelpers(t), operator: await staffUser(t, 'operator') });
  });
  afterAll(() => t?.close());
}

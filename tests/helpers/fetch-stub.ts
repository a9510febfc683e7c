import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { z } from 'zod';
import { translateFieldErrors } from '../../shared/field-issues.ts';
import { localeFromPath } from '../../shared/locales.ts';
import { fieldErrors } from '../../shared/schemas/fields.ts';

/**
 * A stubbed global `fetch` for component tests: reset before each test, and after it the render cleaned up and the
 * real `fetch` back. Call at the top of the test file; answer calls with `fetchMock.mockResolvedValueOnce(json(...))`.
 */
export function stubFetch() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  return fetchMock;
}

/** A JSON answer as the API sends it. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A stub that answers as the API does with `schema` for the request's body: its field messages translated into the
 * language of the request's address (`/en/api/...` in English), 400, or `ok` with what the schema made of the body. A
 * form's test then sees the real refusal of what was typed, and `ok` sees the values the server would store.
 */
export function answerThrough<T>(schema: z.ZodType<T>, ok: (parsed: T) => Response) {
  return (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const locale = localeFromPath(new URL(String(url), 'http://127.0.0.1').pathname);
    const parsed = schema.safeParse(JSON.parse(String(init?.body ?? 'null')));
    return Promise.resolve(
      parsed.success ? ok(parsed.data) : json(400, translateFieldErrors(fieldErrors(parsed.error), locale)),
    );
  };
}

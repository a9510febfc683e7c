/**
 * The browser's half of a session (docs/auth.md, docs/decisions/0007). The refresh token lives in the httpOnly
 * `refreshToken` cookie, out of reach of scripts; the short-lived access token lives here, in this module's memory,
 * and nowhere else (never localStorage, so an injected script cannot carry it off for later). A full page load starts
 * with no token.
 *
 * The token is fetched LAZILY, by the first API call that wants one, not eagerly at start (docs/auth.md; either would
 * do: the user is already loaded by the server render). Every refresh rotates the cookie, a write on the server: doing
 * it on every page load of every logged-in visitor would cost one per page view even on pages that call no API, and two
 * tabs opened together would race for the same cookie. Lazily, most page views never refresh at all.
 */

/** The logged-in visitor as the server render knows it (session info, docs/product/api.md), from the root loader. */
export interface SessionUser {
  email: string;
  activated: boolean;
  /** 'operator' and 'admin' see the console's link in the header. */
  role: 'customer' | 'operator' | 'admin';
}

const refreshPath = '/front-api/auth/refresh/';
/** A refresh refused because another tab had just rotated the cookie is tried once more after this (0007). */
const raceRetryMs = 400;

const state = {
  /** Whether the server render said a session exists; set once per page by the root component. */
  primed: false,
  expected: false,
  token: null as string | null,
  /** The refresh in flight: concurrent callers share it, so one page never rotates the cookie twice at once. */
  refreshing: null as Promise<string | null> | null,
};

/**
 * Tells the client what the server render knew: a session exists (the refresh cookie is live) or not. Only the first
 * call of a page counts: the root re-renders, and a session found dead since must stay dead.
 */
export function primeSession(loggedIn: boolean): void {
  // On the server this module is shared by every request: it must never hold anything there.
  if (typeof document === 'undefined' || state.primed) return;
  state.primed = true;
  state.expected = loggedIn;
}

/** Forgets the token and the session (tests; a page keeps its state until the next full load). */
export function resetSession(): void {
  Object.assign(state, { primed: false, expected: false, token: null, refreshing: null });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One POST to the refresh endpoint: the token, 'refused' (401: no live session), or null (network, other errors). */
async function callRefresh(): Promise<string | 'refused' | null> {
  try {
    // Not through requestJson: this is the call requestJson falls back on, and it must never retry itself.
    const response = await fetch(refreshPath, {
      method: 'POST',
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
    });
    if (response.status === 401) return 'refused';
    if (!response.ok) return null;
    const body = (await response.json()) as { access?: unknown };
    return typeof body.access === 'string' ? body.access : null;
  } catch {
    return null;
  }
}

async function refresh(): Promise<string | null> {
  let result = await callRefresh();
  // Another tab may have rotated the cookie a moment ago: its answer carries the new cookie, which this tab shares.
  // One more try after a pause is safe (a dead session simply answers 401 again) and is never a loop.
  if (result === 'refused') {
    await wait(raceRetryMs);
    result = await callRefresh();
  }
  if (result === 'refused') {
    state.expected = false;
    state.token = null;
    return null;
  }
  if (result) state.token = result;
  return result;
}

/**
 * A new access token after the server refused `rejected` (null: none held yet). When another call already replaced
 * the rejected token, that one is used instead of refreshing again; while a refresh runs, callers share it.
 */
export function renewAccessToken(rejected: string | null): Promise<string | null> {
  if (state.token && state.token !== rejected) return Promise.resolve(state.token);
  if (!state.expected) return Promise.resolve(null);
  state.refreshing ??= refresh().finally(() => {
    state.refreshing = null;
  });
  return state.refreshing;
}

/** The access token for an API call: the one held, or a first one when the server said a session exists. */
export function accessToken(): Promise<string | null> {
  return renewAccessToken(null);
}

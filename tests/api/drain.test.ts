import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServerProcess } from '../helpers/server-process.ts';

const pages = ['/', '/rules', '/faq', '/contacts', '/news', '/en', '/en/rules', '/en/faq', '/aml', '/partners'];

/** Status of each answer, or the error code of a request that got none (ECONNRESET, ECONNREFUSED...). */
async function outcome(url: string): Promise<number | string> {
  try {
    const res = await fetch(url);
    await res.text();
    return res.status;
  } catch (e) {
    const cause = (e as { cause?: { code?: string } }).cause;
    return cause?.code ?? String(e);
  }
}

/** /readyz until it answers anything but 200 or `ms` pass (the signal reaches the process a moment after kill()). */
async function readyzWithin(base: string, ms: number) {
  const deadline = Date.now() + ms;
  let last = await outcome(`${base}/readyz`);
  while (last === 200 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
    last = await outcome(`${base}/readyz`);
  }
  return last;
}

const exitOf = (child: ChildProcess) => new Promise<number | null>((resolve) => child.on('exit', resolve));

describe('SIGTERM drains without dropping an answer', () => {
  it('30 concurrent page requests, SIGTERM in the middle: every one answered, /readyz 503 at once, exit 0 within 10 s', async () => {
    const server = await startServerProcess({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'obmen-drain-')) });
    const warm = await fetch(`${server.url}/`);
    expect(warm.status).toBe(200);
    await warm.text();

    let signalled!: () => void;
    const signal = new Promise<void>((r) => (signalled = r));
    let sentAt = 0;
    const answers = Array.from({ length: 30 }, async (_, i) => {
      const result = await outcome(server.url + pages[i % pages.length]!);
      // The first answer back: the others are in every state between sent and answered.
      if (!sentAt) {
        sentAt = Date.now();
        server.child.kill('SIGTERM');
        signalled();
      }
      return result;
    });
    await signal;
    const exited = exitOf(server.child);
    const ready = await readyzWithin(server.url, 2500);
    // Not ready, yet still serving: a request sent on a new connection during the window is answered.
    const late = await outcome(`${server.url}/rules`);
    const results = await Promise.all(answers);
    const code = await exited;
    const tookMs = Date.now() - sentAt;

    expect(results, server.output().slice(-2000)).toEqual(Array(30).fill(200));
    expect([ready, late]).toEqual([503, 200]);
    expect(code, server.output().slice(-2000)).toBe(0);
    expect(tookMs).toBeLessThan(10_000);
    // Once closed, the port refuses: by then the load balancer has long moved away.
    expect(await outcome(`${server.url}/`)).toBe('ECONNREFUSED');
  }, 60_000);
});

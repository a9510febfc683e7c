import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServerProcess } from '../helpers/server-process.ts';

const start = (dataDir: string) => startServerProcess({ DATA_DIR: dataDir });

describe('process lifecycle', () => {
  it('serves on the embedded database with demo data, stops cleanly on SIGTERM and starts again on the same data', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'obmen-life-'));
    const first = await start(dataDir);
    const inFlight = fetch(`${first.url}/rules`);
    // SIGTERM only once the server has taken the request: one sent before it is accepted is rightly refused.
    const deadline = Date.now() + 10_000;
    while (!first.output().includes('"url":"/rules"') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 5));
    first.child.kill('SIGTERM');
    // A request already accepted is answered before the process goes.
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('<html lang="ru-RU">');
    const code = await new Promise<number | null>((resolve) => first.child.on('exit', resolve));
    expect(code, first.output()).toBe(0);
    expect(first.output()).toContain('shutting down');

    const second = await start(dataDir);
    const res = await fetch(`${second.url}/readyz`);
    expect(await res.json()).toEqual({ status: 'ready' });
    second.child.kill('SIGTERM');
    expect(await new Promise((resolve) => second.child.on('exit', resolve)), second.output()).toBe(0);
  }, 90_000);
});

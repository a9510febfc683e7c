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
    // Sent before the signal: answered, whether the signal overtakes it or not (the drain keeps serving).
    first.child.kill('SIGTERM');
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('<html lang="ru-RU">');
    const code = await new Promise<number | null>((resolve) => first.child.on('exit', resolve));
    expect(code, first.output()).toBe(0);
    expect(first.output()).toContain('shutting down');
    // The log is written in batches (server/logger.ts): what was still buffered at the exit is there too.
    expect(first.output()).toMatch(/"msg":"GET \/rules 200 \d+ ms"/);

    const second = await start(dataDir);
    const res = await fetch(`${second.url}/readyz`);
    expect(await res.json()).toEqual({ status: 'ready' });
    // A quiet server still writes its lines out within moments, not when the batch fills.
    const deadline = Date.now() + 3000;
    while (!second.output().includes('GET /readyz 200') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(second.output()).toMatch(/"msg":"GET \/readyz 200 \d+ ms"/);
    second.child.kill('SIGTERM');
    expect(await new Promise((resolve) => second.child.on('exit', resolve)), second.output()).toBe(0);
  }, 90_000);
});

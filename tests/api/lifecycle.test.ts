import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, inject } from 'vitest';

/** Starts the real server process (`node server/main.ts`) and resolves with its address once it listens. */
function start(dataDir: string): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      BUILD_DIR: inject('buildDir'),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 30_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = out.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1]!, output: () => out });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
}

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

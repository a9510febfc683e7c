import { spawn, type ChildProcess } from 'node:child_process';
import { inject } from 'vitest';
import type { TestApp } from './build.ts';

/**
 * Starts the real server process (`node server/main.ts`) with `env` over the test run's own, and resolves with its
 * address once it listens. `output()` is what it printed so far (the request log included at LOG_LEVEL=info).
 */
export function startServerProcess(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', BUILD_DIR: inject('buildDir'), LOG_LEVEL: 'info', ...env },
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

/** Enough of TestApp's `inject` over real HTTP for the claim helpers. */
export function overHttp(base: string): TestApp {
  const inject = async (
    o: { url: string; method?: string; payload?: object; headers?: Record<string, string> } | string,
  ) => {
    const opts = typeof o === 'string' ? { url: o } : o;
    const res = await fetch(base + opts.url, {
      method: opts.method ?? 'GET',
      headers: { 'content-type': 'application/json', ...opts.headers },
      ...(opts.payload ? { body: JSON.stringify(opts.payload) } : {}),
    });
    const body = await res.text();
    return { statusCode: res.status, body, json: () => JSON.parse(body) as unknown };
  };
  return { inject } as unknown as TestApp;
}

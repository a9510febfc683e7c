import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import '../shared/schemas/zod-config.ts';
import { ConfigError, parseConfig } from './config.ts';

const dir = () => mkdtempSync(path.join(tmpdir(), 'obmen-config-'));

describe('config', () => {
  it('works with nothing set: embedded database, demo data, secrets generated once and kept', () => {
    const dataDir = dir();
    const a = parseConfig({ DATA_DIR: dataDir });
    expect(a.port).toBe(3000);
    expect(a.databaseUrl).toBeUndefined();
    expect(a.demoData).toBe(true);
    expect(a.captchaProvider).toBe('altcha');
    expect(a.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, 'jwt_secret.secret'), 'utf8')).toBe(a.jwtSecret);
    const b = parseConfig({ DATA_DIR: dataDir });
    expect(b.jwtSecret).toBe(a.jwtSecret);
    expect(b.cookieSecret).toBe(a.cookieSecret);
  });

  it('names the variable of a bad value', () => {
    expect(() => parseConfig({ DATA_DIR: dir(), PORT: 'eighty' })).toThrow(/PORT/);
    // In zod's English for the operator, even with the API's field-error setting loaded (imported above).
    expect(() => parseConfig({ DATA_DIR: dir(), METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: Too small: expected string to have >=16 characters/,
    );
    expect(() => parseConfig({ DATA_DIR: dir(), CAPTCHA_PROVIDER: 'hcaptcha' })).toThrow(/CAPTCHA_PROVIDER/);
    expect(() => parseConfig({ DATA_DIR: dir(), PUBLIC_URL: 'not a url' })).toThrow(ConfigError);
  });

  it('requires the secrets with DATABASE_URL, and turns demo data off there by default', () => {
    expect(() => parseConfig({ DATABASE_URL: 'postgres://u@127.0.0.1/db' })).toThrow(/JWT_SECRET, COOKIE_SECRET/);
    const c = parseConfig({
      DATABASE_URL: 'postgres://u@127.0.0.1/db',
      JWT_SECRET: 'x'.repeat(32),
      COOKIE_SECRET: 'y'.repeat(32),
    });
    expect(c.demoData).toBe(false);
    expect(parseConfig({ DATA_DIR: dir(), DEMO_DATA: 'false' }).demoData).toBe(false);
  });

  it('treats empty values as unset, as .env.example leaves them', () => {
    const c = parseConfig({ DATA_DIR: dir(), DATABASE_URL: '', SMTP_URL: '', PUBLIC_URL: 'https://obmen.example/' });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.smtpUrl).toBeUndefined();
    expect(c.publicUrl).toBe('https://obmen.example');
  });

  it('puts the public address on PORT unless PUBLIC_URL says otherwise, so links reach this process', () => {
    expect(parseConfig({ DATA_DIR: dir() }).publicUrl).toBe('http://localhost:3000');
    expect(parseConfig({ DATA_DIR: dir(), PORT: '41234' }).publicUrl).toBe('http://localhost:41234');
    expect(parseConfig({ DATA_DIR: dir(), PORT: '41234', PUBLIC_URL: 'https://obmen.example' }).publicUrl).toBe(
      'https://obmen.example',
    );
  });

  it('keeps anonymous pages in memory unless PAGE_CACHE=off, within PAGE_CACHE_MAX_MB', () => {
    expect(parseConfig({ DATA_DIR: dir() }).pageCache).toEqual({ enabled: true, maxBytes: 32 * 1024 * 1024 });
    expect(parseConfig({ DATA_DIR: dir(), PAGE_CACHE: 'off', PAGE_CACHE_MAX_MB: '8' }).pageCache).toEqual({
      enabled: false,
      maxBytes: 8 * 1024 * 1024,
    });
    expect(() => parseConfig({ DATA_DIR: dir(), PAGE_CACHE: 'sometimes' })).toThrow(/PAGE_CACHE/);
  });

  it('parses every variable of .env.example', () => {
    const example = readFileSync(new URL('../.env.example', import.meta.url), 'utf8');
    const env = Object.fromEntries(
      example
        .split('\n')
        .filter((l) => /^[A-Z_]+=/.test(l))
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    expect(() => parseConfig({ ...env, DATA_DIR: dir() })).not.toThrow();
  });
});

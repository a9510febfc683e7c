import { describe, expect, it } from 'vitest';
import { noOverrides, siteSettingsStore } from './site-settings.ts';

const defaults = {
  supportEmail: 'env@obmen.test',
  paymentWindowMinutes: 30,
  maxRateAgeMinutes: 15,
  chatScriptUrl: null,
  analyticsScriptUrl: null,
  analyticsId: null,
};

describe('site settings store', () => {
  it('serves the environment until the first load, then the stored overrides', async () => {
    const store = siteSettingsStore({ defaults, load: async () => ({ supportEmail: 'db@obmen.test', junk: 1 }) });
    expect((await store.ready()).supportEmail).toBe('db@obmen.test');
    expect(store.current().paymentWindowMinutes).toBe(30);
    expect(store.overrides()).toEqual({ ...noOverrides, supportEmail: 'db@obmen.test' });
  });

  it('a load that started before a save does not put the older row back', async () => {
    let release!: (v: unknown) => void;
    const store = siteSettingsStore({
      defaults,
      load: () => new Promise((resolve) => (release = resolve)),
    });
    store.set({ ...noOverrides, paymentWindowMinutes: 45 });
    release({ paymentWindowMinutes: 10 });
    await store.refresh();
    expect(store.current().paymentWindowMinutes).toBe(45);
  });

  it('reloads after maxAgeMs (another process saved) and keeps the last values when the database fails', async () => {
    let row: unknown = { analyticsId: 'G-1' };
    let fail = false;
    const store = siteSettingsStore({
      defaults,
      maxAgeMs: 0,
      load: async () => {
        if (fail) throw new Error('down');
        return row;
      },
    });
    expect((await store.ready()).analyticsId).toBe('G-1');
    await store.refresh(); // the reload ready()'s current() started (maxAgeMs 0)
    row = { analyticsId: 'G-2' };
    store.current();
    await store.refresh();
    expect(store.current().analyticsId).toBe('G-2');
    fail = true;
    await store.refresh();
    expect(store.current().analyticsId).toBe('G-2');
  });
});

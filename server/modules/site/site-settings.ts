import type { SiteOverrides, SiteValues } from '../../../shared/schemas/admin-content.ts';
import type { Config } from '../../config.ts';

/** The settings row holding the admin's overrides of the environment (GET/PUT /api/v1/admin/settings/site/). */
export const siteKey = 'site';

export const noOverrides: SiteOverrides = {
  supportEmail: null,
  paymentWindowMinutes: null,
  maxRateAgeMinutes: null,
  chatScriptUrl: null,
  analyticsScriptUrl: null,
  analyticsId: null,
};

/** A stored value as overrides: unknown keys dropped, missing or wrong-typed ones null (= the environment's). */
export function toOverrides(stored: unknown): SiteOverrides {
  const v = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const str = (x: unknown) => (typeof x === 'string' && x ? x : null);
  return {
    supportEmail: str(v.supportEmail),
    paymentWindowMinutes: Number.isInteger(v.paymentWindowMinutes) ? (v.paymentWindowMinutes as number) : null,
    maxRateAgeMinutes: Number.isInteger(v.maxRateAgeMinutes) ? (v.maxRateAgeMinutes as number) : null,
    chatScriptUrl: str(v.chatScriptUrl),
    analyticsScriptUrl: str(v.analyticsScriptUrl),
    analyticsId: str(v.analyticsId),
  };
}

export function mergeSite(defaults: SiteValues, o: SiteOverrides): SiteValues {
  return {
    supportEmail: o.supportEmail ?? defaults.supportEmail,
    paymentWindowMinutes: o.paymentWindowMinutes ?? defaults.paymentWindowMinutes,
    maxRateAgeMinutes: o.maxRateAgeMinutes ?? defaults.maxRateAgeMinutes,
    chatScriptUrl: o.chatScriptUrl ?? defaults.chatScriptUrl,
    analyticsScriptUrl: o.analyticsScriptUrl ?? defaults.analyticsScriptUrl,
    analyticsId: o.analyticsId ?? defaults.analyticsId,
  };
}

/**
 * The site settings every page render, CSP header and price answer reads: the environment's values with the admin's
 * overrides on top. Read synchronously from memory (`current()`), because the CSP header and the calculator need the
 * value without a database round trip per request. The process that saves updates its copy at once (`set`); other
 * processes reload the row when their copy is older than `maxAgeMs` (like the content memo), so a change reaches
 * every process within that time. Until the first load (started at construction) the environment's values apply;
 * `ready()` waits for it. A failed load keeps the last values and is retried after `maxAgeMs`.
 */
export function siteSettingsStore(opts: { defaults: SiteValues; load: () => Promise<unknown>; maxAgeMs?: number }) {
  const maxAgeMs = opts.maxAgeMs ?? 30_000;
  let overrides = noOverrides;
  let values = opts.defaults;
  let loadedAt = -Infinity;
  let loading: Promise<void> | null = null;
  // A load that started before a save must not put the older row back.
  let version = 0;

  function apply(next: SiteOverrides) {
    overrides = next;
    values = mergeSite(opts.defaults, next);
    loadedAt = Date.now();
  }

  function refresh(): Promise<void> {
    if (loading) return loading;
    const started = version;
    loading = opts
      .load()
      .then(
        (stored) => {
          if (version === started) apply(toOverrides(stored));
        },
        () => {
          loadedAt = Date.now();
        },
      )
      .finally(() => {
        loading = null;
      });
    return loading;
  }
  void refresh();

  return {
    defaults: opts.defaults,
    /** What the site uses now; starts a background reload when the copy is older than `maxAgeMs`. */
    current(): SiteValues {
      if (Date.now() - loadedAt >= maxAgeMs) void refresh();
      return values;
    },
    overrides: () => overrides,
    /** The values after the first load (page renders await this; afterwards it costs nothing). */
    async ready(): Promise<SiteValues> {
      if (loadedAt === -Infinity) await refresh();
      return this.current();
    },
    /** After a save committed: this process uses the new values at once. */
    set(next: SiteOverrides) {
      version += 1;
      apply(next);
    },
    refresh,
  };
}
export type SiteSettingsStore = ReturnType<typeof siteSettingsStore>;

/** The environment's values (server/config.ts): what applies where the admin set nothing. */
export function siteDefaults(config: Config): SiteValues {
  return {
    supportEmail: config.supportEmail,
    paymentWindowMinutes: config.paymentWindowMinutes,
    maxRateAgeMinutes: config.rates.maxAgeMinutes,
    chatScriptUrl: config.chat.scriptUrl ?? null,
    analyticsScriptUrl: config.analytics.scriptUrl ?? null,
    analyticsId: config.analytics.id ?? null,
  };
}

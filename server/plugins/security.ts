import { ogImage } from '../../shared/seo.ts';
import { errorCatalogue } from '../../shared/errors.ts';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { SiteValues } from '../../shared/schemas/admin-content.ts';
import type { Config } from '../config.ts';
import type { CounterStore } from '../shared-state.ts';

type NonceResponse = ServerResponse & { cspNonce?: string };

/**
 * The answer's CSP nonce, made when first asked for: only pages use one (helmet's script-src and the page's script
 * tags), so the API's JSON answers skip the random bytes (docs/performance.md).
 */
function nonceOf(res: ServerResponse): string {
  const raw = res as NonceResponse;
  raw.cspNonce ??= randomBytes(16).toString('base64');
  return raw.cspNonce;
}

/** Paths other sites may load as images: the partner banners and the share picture (Open Graph). */
const embeddablePrefixes = ['/banners/', ogImage.path];

/**
 * Origins of the optional chat and analytics scripts, allowed in the CSP only when configured. The URLs are the
 * environment's or the admin's site settings (server/modules/admin/settings/site.ts), so the list follows the
 * values in force, recomputed only when they change.
 */
function thirdPartyOrigins(current: () => SiteValues): () => string {
  let seen: SiteValues | null = null;
  let origins = "'self'";
  return () => {
    const values = current();
    if (values !== seen) {
      seen = values;
      const list = [values.chatScriptUrl, values.analyticsScriptUrl]
        .filter((u): u is string => !!u && URL.canParse(u))
        .map((u) => new URL(u).origin);
      // Nothing configured: 'self' again (a directive entry cannot be empty), which changes nothing.
      origins = list.length ? [...new Set(list)].join(' ') : "'self'";
    }
    return origins;
  };
}

export async function registerSecurity(app: FastifyInstance, config: Config, counters: CounterStore) {
  // A fresh nonce per answer for the CSP's script-src (nonceOf); scripts without it (injected markup) do not run.
  const origins = thirdPartyOrigins(() => app.services.site.current());
  const extra = [() => origins()];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req: IncomingMessage, res: ServerResponse) => `'nonce-${nonceOf(res)}'`, ...extra],
        // Inline style attributes only (React's `style` prop); no inline scripts anywhere.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Currency logos may be https addresses the operator chose (the console's currency editor).
        imgSrc: ["'self'", 'data:', ...extra, () => app.services.calculator.logoOrigins()],
        connectSrc: ["'self'", ...extra],
        frameSrc: ["'self'", ...extra],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Cross-origin isolation breaks the optional third-party chat; the CSP above is the guard.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
  });
  // Partner banners and the share picture are made to be embedded by other sites (docs/admin/partners.md): helmet's
  // `Cross-Origin-Resource-Policy: same-origin` would make every embedding page show a broken image. Set after
  // helmet's own hook, so it replaces that value; only for these paths, the rest of the site stays same-origin.
  app.addHook('onRequest', async (request, reply) => {
    if (embeddablePrefixes.some((p) => request.url.startsWith(p))) {
      reply.header('cross-origin-resource-policy', 'cross-origin');
    }
  });
  app.decorateReply('scriptNonce', {
    getter(this: { raw: ServerResponse }) {
      return nonceOf(this.raw);
    },
  });

  // 404s rate-limited per IP: probes for random paths are cheap to send. Only the misses themselves are limited: an
  // address past the limit still gets every page and call that exists (behind a proxy without TRUST_PROXY, one
  // address is everyone), and its further misses answer 429 instead of the 404 page.
  const limit = 120;
  const windowSeconds = 60;
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 404) return payload;
    const used = await counters.increment(`404:${request.ip}`, windowSeconds);
    if (used <= limit) return payload;
    const entry = errorCatalogue.rate_limited;
    reply.code(entry.status).header('retry-after', String(windowSeconds));
    reply.type('application/json; charset=utf-8');
    return JSON.stringify({ detail: entry[request.locale], code: 'rate_limited' });
  });
}

declare module 'fastify' {
  interface FastifyReply {
    readonly scriptNonce: string;
  }
}

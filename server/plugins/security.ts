import { ogImage } from '../../shared/seo.ts';
import { errorCatalogue } from '../../shared/errors.ts';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SiteValues } from '../../shared/schemas/admin-content.ts';
import type { Config } from '../config.ts';
import type { CounterStore } from '../shared-state.ts';

type NonceResponse = ServerResponse & { cspNonce?: string };

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

/** The headers a helmet middleware sets, read once off a response that only records them. */
function headersOf(middleware: (req: IncomingMessage, res: ServerResponse, next: () => void) => void) {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

// Where the answer's own script sources (a nonce, or a cached page's hashes) go in script-src.
const scriptSlot = "'obmen-script-sources'";

/**
 * The Content-Security-Policy, written by helmet from our directives whenever what they follow changes (the
 * configured chat/analytics origins, the currency logos' origins) and otherwise reused: only the answer's script
 * sources differ between answers. helmet itself ran per request (@fastify/helmet builds its middleware and the policy
 * on every answer), a large part of a small answer's cost (docs/performance.md).
 */
function policy(origins: () => string, logoOrigins: () => string) {
  let seen: [string, string] | null = null;
  let parts: [string, string] = ['', ''];
  let bySources = new Map<string, string>();
  return (sources: string): string => {
    const o = origins();
    const logos = logoOrigins();
    if (!seen || seen[0] !== o || seen[1] !== logos) {
      seen = [o, logos];
      const csp = headersOf(
        helmet.contentSecurityPolicy({
          useDefaults: true,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", scriptSlot, o],
            // Inline style attributes only (React's `style` prop); no inline scripts anywhere.
            styleSrc: ["'self'", "'unsafe-inline'"],
            // Currency logos may be https addresses the operator chose (the console's currency editor).
            imgSrc: ["'self'", 'data:', o, logos],
            connectSrc: ["'self'", o],
            frameSrc: ["'self'", o],
            frameAncestors: ["'none'"],
            formAction: ["'self'"],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            upgradeInsecureRequests: null,
          },
        }),
      )['content-security-policy']!;
      const at = csp.indexOf(` ${scriptSlot}`);
      parts = [csp.slice(0, at), csp.slice(at + scriptSlot.length + 1)];
      bySources = new Map();
    }
    let found = bySources.get(sources);
    if (found === undefined) {
      found = sources ? `${parts[0]} ${sources}${parts[1]}` : parts[0] + parts[1];
      // Each cached page has its own hashes; the map is dropped with the policy, and never grows past the cache.
      if (bySources.size >= 1000) bySources.clear();
      bySources.set(sources, found);
    }
    return found;
  };
}

export async function registerSecurity(app: FastifyInstance, config: Config, counters: CounterStore) {
  const options: HelmetOptions = {
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Cross-origin isolation breaks the optional third-party chat; the CSP is the guard.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
  };
  // Every header but the CSP is the same on every answer: helmet's values for our options, computed once.
  const fixed = headersOf(helmet({ ...options, contentSecurityPolicy: false }));
  const origins = thirdPartyOrigins(() => app.services.site.current());
  const csp = policy(origins, () => app.services.calculator.logoOrigins());

  // Set before anything answers, so error answers and hijacked streams (server/live-streams.ts) carry them too. The
  // policy names no script source until an answer asks for a nonce (reply.scriptNonce: a rendered page) or sends
  // a cached page's hashes (reply.allowScripts): a JSON answer or a file runs no script.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.securityHeaders === false) return done();
    reply.headers(fixed);
    reply.header('content-security-policy', csp(''));
    // Partner banners and the share picture are made to be embedded by other sites (docs/admin/partners.md): the
    // default `Cross-Origin-Resource-Policy: same-origin` would make every embedding page show a broken image. Only
    // for these paths; the rest of the site stays same-origin.
    if (embeddablePrefixes.some((p) => request.url.startsWith(p))) {
      reply.header('cross-origin-resource-policy', 'cross-origin');
    }
    done();
  });
  app.decorateReply('scriptNonce', {
    // A fresh nonce per rendered answer, made when first asked for; scripts without it (injected markup) do not run.
    getter(this: FastifyReply) {
      const raw = this.raw as NonceResponse;
      if (!raw.cspNonce) {
        raw.cspNonce = randomBytes(16).toString('base64');
        this.header('content-security-policy', csp(`'nonce-${raw.cspNonce}'`));
      }
      return raw.cspNonce;
    },
  });
  app.decorateReply('allowScripts', function (this: FastifyReply, sources: string) {
    this.header('content-security-policy', csp(sources));
  });
  app.decorate('documentHeaders', (sources: string) => ({ ...fixed, 'content-security-policy': csp(sources) }));

  // 404s rate-limited per IP: probes for random paths are cheap to send. Only the misses themselves are limited: an
  // address past the limit still gets every page and call that exists (behind a proxy without TRUST_PROXY, one
  // address is everyone), and its further misses answer 429 instead of the 404 page.
  const limit = 120;
  const windowSeconds = 60;
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode !== 404) return done(null, payload);
    counters.increment(`404:${request.ip}`, windowSeconds).then((used) => {
      if (used <= limit) return done(null, payload);
      const entry = errorCatalogue.rate_limited;
      reply.code(entry.status).header('retry-after', String(windowSeconds));
      reply.type('application/json; charset=utf-8');
      done(null, JSON.stringify({ detail: entry[request.locale], code: 'rate_limited' }));
    }, done);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The headers every document gets, its CSP allowing these script sources (the fast lane's cached pages). */
    documentHeaders(scriptSources: string): Record<string, string>;
  }
  interface FastifyReply {
    /** This answer's CSP nonce (made on first use; the policy then allows it). */
    readonly scriptNonce: string;
    /** Sets the answer's CSP to allow these script sources (a cached page's hashes) instead of a nonce. */
    allowScripts(sources: string): void;
  }
  interface FastifyContextConfig {
    /**
     * `false`: no security headers on this route's answers (public cached JSON sets the two that matter for it,
     * server/modules/calculator/cache.ts).
     */
    securityHeaders?: false;
  }
}

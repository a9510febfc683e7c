import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Referral attribution (issue 5): a visit with `?ref=CODE` on any page is remembered for 30 days in the `ref` cookie,
 * and a later sign-up or guest claim without its own `refferal` carries it. The cookie is the server's (httpOnly): the
 * browser code never needs it, and a page need not be rendered for it to stick (a monitor may link anywhere).
 */
const referralCookie = { name: 'ref', maxAgeSeconds: 30 * 24 * 60 * 60 } as const;

const codePattern = /^[A-Za-z0-9]{4,32}$/;

/** The referral code a request's URL carries (`?ref=CODE`), if it is a well-formed one. */
export function referralInUrl(url: string): string | null {
  // Cheap test first: almost no request carries the parameter.
  if (!url.includes('ref=')) return null;
  const search = url.split('?')[1];
  const code = search ? new URLSearchParams(search).get('ref')?.trim() : undefined;
  return code && codePattern.test(code) ? code : null;
}

export function registerReferralAttribution(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    const code = request.method === 'GET' ? referralInUrl(request.url) : null;
    if (code)
      reply.setCookie(referralCookie.name, code.toUpperCase(), {
        path: '/',
        maxAge: referralCookie.maxAgeSeconds,
        httpOnly: true,
        sameSite: 'lax',
        secure: app.config.publicUrl.startsWith('https://'),
      });
    done();
  });
}

/** The remembered referral code of a request, if any. */
export function rememberedReferral(request: FastifyRequest): string | null {
  const value = request.cookies[referralCookie.name];
  return value && codePattern.test(value) ? value : null;
}

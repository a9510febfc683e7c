import type { FastifyInstance } from 'fastify';

/**
 * Tells the operator, once per process, that requests arrive with `X-Forwarded-For` while `TRUST_PROXY` is off.
 * Behind a proxy without it every visitor has the proxy's address: one customer's failed logins lock out everyone
 * (the login throttle counts per address, docs/decisions/0019-login-throttle.md), the 404 and sign-up limits are
 * shared by the whole site, and the self-referral rule sees every claim as coming from the partner's address
 * (docs/decisions/0017-self-referral.md). Nothing else changes: the header is not trusted, since a client without a
 * proxy in front can send it too, and the hint only says where to look. With `TRUST_PROXY=true` no hook is added. The
 * fast lane's ready answers (docs/decisions/0032-fast-lane.md) never reach it; any other request can.
 */
export function registerProxyHint(app: FastifyInstance, trustProxy: boolean): void {
  if (trustProxy) return;
  let told = false;
  app.addHook('onRequest', (request, _reply, done) => {
    if (!told && request.headers['x-forwarded-for'] !== undefined) {
      told = true;
      app.log.warn(
        { remoteAddress: request.socket.remoteAddress },
        'a request came with X-Forwarded-For but TRUST_PROXY is off: behind a proxy every visitor counts as its ' +
          'address (login limits, the 404 limit, the self-referral rule, logs); set TRUST_PROXY=true if a proxy you ' +
          'run sets this header',
      );
    }
    done();
  });
}

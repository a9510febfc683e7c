import type { FastifyRequest } from 'fastify';

/**
 * Whether a request comes from another site (docs/auth.md: cookie-authenticated endpoints check Origin/Sec-Fetch-Site).
 * Browsers send Sec-Fetch-Site and, on POST, Origin; either one naming another site refuses the request. A request
 * with neither is not from a browser page, so it carries no ambient cookie to abuse and passes.
 */
export function isCrossSite(request: FastifyRequest, publicUrl: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  if (origin === new URL(publicUrl).origin) return false;
  // The site reached under another name (a second domain, the IP in development) is still itself.
  return origin !== `${request.protocol}://${request.host}`;
}

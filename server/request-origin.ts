import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Where a request came from, as the self-referral rule compares it (docs/decisions/0017): the browser's device cookie
 * (null for a client without one, an API script) and the client's IP address.
 */
export interface RequestOrigin {
  ip: string;
  deviceId: string | null;
}

/**
 * The device cookie: a random id the browser keeps for 400 days (the most Chromium allows), first-party, httpOnly,
 * SameSite=Lax. It marks a browser, not a person, and says nothing by itself: only the referral rule compares it.
 */
export const deviceCookie = { name: 'did', maxAgeSeconds: 400 * 24 * 60 * 60 } as const;
const devicePattern = /^[A-Za-z0-9_-]{22}$/;

/**
 * Every page a browser opens without the cookie sets it (a page request: GET asking for HTML). Static files, the API
 * and monitors' requests are left alone, so what caches keep for everyone never carries it.
 */
export function registerDeviceCookie(app: FastifyInstance) {
  const secure = app.config.publicUrl.startsWith('https://');
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method === 'GET' && request.headers.accept?.includes('text/html') && !deviceOf(request)) {
      reply.setCookie(deviceCookie.name, randomBytes(16).toString('base64url'), {
        path: '/',
        maxAge: deviceCookie.maxAgeSeconds,
        httpOnly: true,
        sameSite: 'lax',
        secure,
      });
    }
    done();
  });
}

/** Whether a `did` cookie's value is a device id this server gave (anything else is replaced). */
export const isDeviceId = (value: string | undefined): value is string => !!value && devicePattern.test(value);

function deviceOf(request: FastifyRequest): string | null {
  const value = request.cookies[deviceCookie.name];
  return isDeviceId(value) ? value : null;
}

export function originOf(request: FastifyRequest): RequestOrigin {
  return { ip: request.ip, deviceId: deviceOf(request) };
}

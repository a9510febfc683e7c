import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../modules/auth/service.ts';
import type { Services } from '../services.ts';
import { authUser, registerAuth } from './auth.ts';
import { registerErrorHandler } from './errors.ts';

const anna: AuthUser = { id: 7, email: 'anna@example.com', role: 'customer', activated: true, sessionId: 's-1' };

/** The plugin alone, over a stub that knows one token: what other modules get from `authenticate` and `identify`. */
describe('auth plugin', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    app.decorate('services', {
      auth: { userFromAccessToken: async (token: string) => (token === 'good' ? anna : null) },
    } as unknown as Services);
    app.decorateRequest('locale', 'en');
    registerErrorHandler(app);
    registerAuth(app);
    app.get('/required', { preHandler: app.authenticate }, async (request) => ({ id: authUser(request).id }));
    app.get('/optional', { preHandler: app.identify }, async (request) => ({ user: request.user?.email ?? null }));
    await app.ready();
  });
  afterAll(async () => app.close());

  const get = (url: string, authorization?: string) =>
    app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });

  it('authenticate: the user of a valid bearer token', async () => {
    expect((await get('/required', 'Bearer good')).json()).toEqual({ id: 7 });
    expect((await get('/required', 'bearer   good')).json()).toEqual({ id: 7 });
  });

  it('authenticate: 401 not_authenticated without a token, token_not_valid with a bad one', async () => {
    const none = await get('/required');
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('not_authenticated');
    for (const header of ['Bearer bad', 'Basic good', 'Bearer', 'Bearer good extra']) {
      const res = await get('/required', header);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('token_not_valid');
    }
  });

  it('identify: the user when a valid token is sent, a guest without one, 401 for a bad one', async () => {
    expect((await get('/optional', 'Bearer good')).json()).toEqual({ user: 'anna@example.com' });
    expect((await get('/optional')).json()).toEqual({ user: null });
    const bad = await get('/optional', 'Bearer bad');
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe('token_not_valid');
  });
});

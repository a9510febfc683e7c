import { describe, expect, it } from 'vitest';
import { outageAwareServices } from './outage-aware-services.ts';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

function fixture() {
  const logged: unknown[] = [];
  const raw = {
    counter: {
      count: 1,
      async next() {
        return ++this.count;
      },
      peek() {
        return this.count;
      },
    },
    admin: {
      claims: {
        async list(): Promise<string[]> {
          throw refused();
        },
      },
    },
    claims: {
      async get(): Promise<never> {
        throw new Error('a bug');
      },
      read(): never {
        throw refused();
      },
    },
    when: new Date(0),
  };
  return { raw, services: outageAwareServices(raw, (cause) => logged.push(cause)), logged };
}

describe('the services as pages see them', () => {
  it('a call that meets the database away throws a 503 response and logs its cause, nested or not', async () => {
    const { services, logged } = fixture();
    const thrown = await services.admin.claims.list().catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(503);
    expect(logged).toHaveLength(1);
    expect((logged[0] as Error).message).toContain('ECONNREFUSED');
    // A method that throws before it returns a promise is covered too.
    expect(() => services.claims.read()).toThrow(Response);
    expect(logged).toHaveLength(2);
  });

  it('any other error, every value and the methods’ own object are left as they are', async () => {
    const { raw, services, logged } = fixture();
    await expect(services.claims.get()).rejects.toThrow('a bug');
    expect(logged).toEqual([]);
    expect(await services.counter.next()).toBe(2);
    expect(services.counter.peek()).toBe(2);
    expect(raw.counter.count).toBe(2);
    expect(services.when).toBe(raw.when);
    // One wrapper per method and per object: a loader's many reads allocate nothing new.
    expect(services.counter.next).toBe(services.counter.next);
    expect(services.admin.claims).toBe(services.admin.claims);
  });
});

import { isDatabaseUnavailable } from '../db/errors.ts';

/**
 * The services as the pages' loaders and actions see them (server/plugins/ssr.ts): a call that fails because the
 * database is away throws a 503 response instead of its error, so React Router carries the status to the browser.
 *
 * Why: a thrown error reaches the browser of a client-side navigation (a `.data` request) as "Unexpected Server Error",
 * status 500, whatever it was (React Router hides errors in production), and the error page then said "Something went
 * wrong" where a full page load said "we will be back shortly" (app/entry.server.tsx marks those by their cause, which
 * a data request cannot carry). A thrown response keeps its status on both paths. React Router does not log a thrown
 * response: `onOutage` logs the cause, as entry.server's handleError does for what it catches.
 *
 * Methods are wrapped on first use and kept (one wrapper per function), nested service objects (`services.admin.x`)
 * likewise; what a method returns is not touched. Its limits: only a native promise's rejection is seen (a service
 * that returned a lazy thenable, such as a query builder, would pass through: none does, they await their
 * repositories), only plain objects are walked (a class instance is handed over as it is), and a frozen object is
 * left alone (a proxy must read its properties unchanged).
 */
export function outageAwareServices<T extends object>(services: T, onOutage: (cause: unknown) => void): T {
  const unavailable = (cause: unknown): never => {
    if (!isDatabaseUnavailable(cause)) throw cause;
    onOutage(cause);
    throw new Response(null, { status: 503, statusText: 'Service Unavailable' });
  };
  const wrapped = new WeakMap<object, object>();
  const wrap = <O extends object>(target: O): O => {
    const known = wrapped.get(target);
    if (known) return known as O;
    // A frozen object's properties must read as they are (a proxy's invariant): left unwrapped.
    if (Object.isFrozen(target)) return target;
    const methods = new WeakMap<(...args: unknown[]) => unknown, (...args: unknown[]) => unknown>();
    const proxy = new Proxy(target, {
      get(object, name) {
        const value: unknown = Reflect.get(object, name);
        if (typeof value === 'function') {
          const method = value as (...args: unknown[]) => unknown;
          let guarded = methods.get(method);
          if (!guarded) {
            guarded = (...args: unknown[]) => {
              try {
                const result = method.apply(object, args);
                return result instanceof Promise ? result.catch(unavailable) : result;
              } catch (e) {
                return unavailable(e);
              }
            };
            methods.set(method, guarded);
          }
          return guarded;
        }
        if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
          return wrap(value);
        return value;
      },
    });
    wrapped.set(target, proxy);
    return proxy;
  };
  return wrap(services);
}

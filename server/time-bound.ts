/**
 * `p`'s value, or `fallback` once `ms` have passed without one: for waits on a peer that may never answer (a
 * database behind a network that drops packets). `p` itself goes on; its late outcome is ignored.
 */
export function settleWithin<T>(p: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([p, new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), ms)))]).finally(() =>
    clearTimeout(timer),
  );
}

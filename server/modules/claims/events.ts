import { randomUUID } from 'node:crypto';
import { claimStatuses, type ClaimStatus } from '../../../shared/claim-statuses.ts';
import { newRedis } from '../../redis.ts';

/**
 * "A claim's status changed": published after the change's commit (claims/service.ts), heard by the live streams
 * (the claim page's, the console's) of this process at once and, with REDIS_URL, of every other process through
 * Redis pub/sub (docs/decisions/0021-live-status.md). The message only says which claim and what it became: each
 * stream reads the rest from the database, so a lost or doubled message costs at most one read.
 */
interface ClaimEvent {
  claimId: string;
  status: ClaimStatus;
}

export interface ClaimEventBus {
  publish(event: ClaimEvent): void;
  /** Returns the unsubscribe. */
  subscribe(listener: (event: ClaimEvent) => void): () => void;
  close(): Promise<void>;
}

function listenerSet() {
  const listeners = new Set<(event: ClaimEvent) => void>();
  return {
    add(listener: (event: ClaimEvent) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit(event: ClaimEvent) {
      for (const l of [...listeners]) l(event);
    },
  };
}

/** One process: the streams of this process hear the changes made in it. */
export function localClaimEvents(): ClaimEventBus {
  const listeners = listenerSet();
  return { publish: listeners.emit, subscribe: listeners.add, close: async () => {} };
}

function parse(message: string): (ClaimEvent & { from: string }) | null {
  try {
    const m = JSON.parse(message) as Partial<ClaimEvent & { from: string }>;
    if (typeof m.claimId !== 'string' || typeof m.from !== 'string') return null;
    if (!claimStatuses.includes(m.status as ClaimStatus)) return null;
    return { claimId: m.claimId, status: m.status as ClaimStatus, from: m.from };
  } catch {
    return null;
  }
}

/**
 * Several processes: delivered here at once, and published on Redis for the others. A subscribed ioredis connection
 * can do nothing else, so it is a connection of its own. A Redis outage must not break a status change: publishing
 * fails quietly (streams on other processes then miss it; the claim page still re-reads its status when the tab comes
 * back, and each stream re-reads at the claim's deadline).
 */
export function redisClaimEvents(url: string, channel: string): ClaimEventBus {
  const self = randomUUID();
  const listeners = listenerSet();
  const pub = newRedis(url, { maxRetriesPerRequest: 2 });
  const sub = newRedis(url, { maxRetriesPerRequest: null });
  pub.on('error', () => {});
  sub.on('error', () => {});
  void sub.subscribe(channel).catch(() => {});
  sub.on('message', (_channel: string, message: string) => {
    const event = parse(message);
    if (event && event.from !== self) listeners.emit({ claimId: event.claimId, status: event.status });
  });
  return {
    publish(event) {
      listeners.emit(event);
      void pub.publish(channel, JSON.stringify({ ...event, from: self })).catch(() => {});
    },
    subscribe: listeners.add,
    async close() {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}

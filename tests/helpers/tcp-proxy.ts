import net from 'node:net';

export type ProxyMode = 'forward' | 'drop' | 'refuse';

/**
 * A TCP proxy on 127.0.0.1 in front of a server, to play a network that fails:
 * - `forward`: passes bytes both ways;
 * - `drop`: keeps every connection open and swallows what is sent both ways, as a firewall that silently drops
 *   packets does (new connections are accepted and then hear nothing);
 * - `refuse`: resets every open connection and every new one, as a server that went away.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  let mode: ProxyMode = 'forward';
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const server = net.createServer((client) => {
    if (mode === 'refuse') {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(target);
    const pair = { client, upstream };
    pairs.add(pair);
    const forget = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', forget).on('close', forget);
    upstream.on('error', forget).on('close', forget);
    client.on('data', (chunk) => {
      if (mode === 'forward') upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (mode === 'forward') client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    /** Connections the proxy holds open now. */
    get open() {
      return pairs.size;
    },
    set(next: ProxyMode) {
      mode = next;
      if (next !== 'refuse') return;
      for (const { client, upstream } of pairs) {
        client.resetAndDestroy();
        upstream.destroy();
      }
    },
    close: async () => {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

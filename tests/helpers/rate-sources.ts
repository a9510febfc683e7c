import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/rates/${name}`, import.meta.url));

/**
 * The three rate sources, recorded (tests/fixtures/rates), served from 127.0.0.1: there is no network here. Set
 * `state.failing` to have every source answer 500 instead, `state.garbage` to answer 200 with bytes no parser reads,
 * `state.hangUp` to close the connection without an answer. Shared by the API tests and the console's e2e journey.
 */
export function ratesFixtureServer() {
  const state = { failing: false, garbage: false, hangUp: false, hits: 0 };
  const files: Record<string, [string, string]> = {
    '/api/v3/ticker/price': ['binance-ticker-price.json', 'application/json'],
    '/scripts/XML_daily.asp': ['cbr-xml-daily.xml', 'application/xml; charset=windows-1251'],
    '/stats/eurofxref/eurofxref-daily.xml': ['ecb-eurofxref-daily.xml', 'text/xml'],
  };
  const server: Server = createServer((req, res) => {
    state.hits++;
    const file = files[req.url ?? ''];
    if (state.hangUp) {
      req.socket.destroy();
      return;
    }
    if (file && state.garbage) {
      res.writeHead(200, { 'content-type': file[1] }).end('<html>maintenance</html>');
      return;
    }
    if (!file || state.failing) {
      res.writeHead(file ? 500 : 404).end('unavailable');
      return;
    }
    res.writeHead(200, { 'content-type': file[1] }).end(fixture(file[0]));
  });
  return {
    state,
    /** Listens on a free port; resolves to the RATES_*_URL variables that point the app at it. */
    async start(): Promise<Record<string, string>> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return {
        RATES_BINANCE_URL: `${base}/api/v3/ticker/price`,
        RATES_CBR_URL: `${base}/scripts/XML_daily.asp`,
        RATES_ECB_URL: `${base}/stats/eurofxref/eurofxref-daily.xml`,
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import { connect } from 'node:net';

/**
 * Sends `request` as raw bytes on a new connection to 127.0.0.1:`port` and reads everything the server writes until it
 * closes: what an HTTP client would not send (a control byte in a header, a Content-Length that lies). With `end`,
 * the client's side is closed after the bytes (a body cut short).
 */
export function rawRequest(port: number, request: string | Buffer, opts: { end?: boolean } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.write(request);
    if (opts.end) socket.end();
  });
}

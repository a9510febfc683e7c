import { SMTPServer } from 'smtp-server';
import PostalMime, { type Email } from 'postal-mime';

/** A real SMTP server on 127.0.0.1 that keeps what it receives, parsed: tests follow the links in e-mails. */
export async function startSmtpCatcher() {
  const messages: Email[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', callback);
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((email) => {
            messages.push(email);
            waiters.splice(0).forEach((w) => w());
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Waits for a message to `to` (and matching `match`), up to `timeoutMs`. */
    async waitFor(to: string, match: (m: Email) => boolean = () => true, timeoutMs = 5000): Promise<Email> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((m) => m.to?.some((a) => a.address === to) && match(m));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no e-mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

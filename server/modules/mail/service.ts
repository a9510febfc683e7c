import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema-mail.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the message is about ('claim.created', 'user.activate', ...). */
  kind: string;
  meta?: Record<string, unknown>;
}

export interface MailServiceOptions {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  log?: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

/**
 * Sends mail over SMTP_URL with nodemailer; without it, messages go to the log and the outbox table
 * (docs/architecture.md). Every message is recorded in the outbox either way, so support can see what a customer was
 * sent.
 */
export function mailService(opts: MailServiceOptions) {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(message: MailMessage): Promise<void> {
      let status: 'logged' | 'sent' | 'failed' = 'logged';
      let error: string | null = null;
      if (transport) {
        try {
          await transport.sendMail({
            from: opts.from,
            to: message.to,
            subject: message.subject,
            text: message.text,
            html: message.html,
          });
          status = 'sent';
        } catch (e) {
          status = 'failed';
          error = e instanceof Error ? e.message : String(e);
          opts.log?.error({ err: e, kind: message.kind }, 'mail delivery failed');
        }
      } else {
        opts.log?.info(
          { to: message.to, subject: message.subject, kind: message.kind, text: message.text },
          'mail (no SMTP_URL: logged only)',
        );
      }
      await opts.db.insert(mailOutbox).values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        kind: message.kind,
        meta: message.meta ?? {},
        status,
        error,
      });
    },
    close() {
      transport?.close();
    },
  };
}
export type MailService = ReturnType<typeof mailService>;

/** Escapes text for the HTML part of a message. */
function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/**
 * A plain, well-behaved HTML e-mail around paragraphs and one optional button; the text part says the same.
 * Templates of each module build their content with it, in the message's language.
 */
export function layoutMail(input: {
  title: string;
  paragraphs: string[];
  button?: { label: string; url: string };
  footer: string;
}) {
  const p = input.paragraphs.map((x) => `<p style="margin:0 0 12px">${escapeHtml(x)}</p>`).join('');
  const button = input.button
    ? `<p style="margin:20px 0"><a href="${escapeHtml(input.button.url)}" style="background:#1663c0;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(input.button.label)}</a></p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,Arial,sans-serif;color:#0f1b2d;background:#f5f7fb;padding:24px"><div style="max-width:560px;margin:auto;background:#fff;border-radius:12px;padding:24px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(input.title)}</h1>${p}${button}<p style="color:#5b6473;font-size:12px;margin-top:24px">${escapeHtml(input.footer)}</p></div></body></html>`;
  const text = [
    input.title,
    '',
    ...input.paragraphs,
    ...(input.button ? ['', `${input.button.label}: ${input.button.url}`] : []),
    '',
    input.footer,
  ].join('\n');
  return { html, text };
}

import { setTimeout as wait } from 'node:timers/promises';
import { createRequire } from 'node:module';
import type * as Nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema-mail.ts';
import { fixedStatement, tableRows } from '../../db/prepared.ts';

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
  /** PostgreSQL delivers in rounds, each a short transaction holding its rows; PGlite runs one at a time. */
  kind?: 'pglite' | 'postgres';
  smtpUrl: string | undefined;
  from: string;
  log?: Pick<FastifyBaseLogger, 'info' | 'error' | 'warn'>;
  /** Seconds between looks for due messages (retries, and what a stopped process left) while started. */
  pollSeconds?: number;
  /** The wait before each retry, the last one repeated, and the attempts before a message is marked failed. */
  retry?: { delaysSeconds: number[]; maxAttempts: number };
}

/** About 8 hours of retries: an SMTP server down for a night's maintenance still gets the morning's letters. */
const defaultRetry = { delaysSeconds: [5, 30, 120, 600, 1800, 3600], maxAttempts: 12 };

/** One message being delivered: the row as the deliverer reads it. */
type OutboxRow = typeof mailOutbox.$inferSelect;

/** A letter's content. */
type Rendered = Pick<MailMessage, 'subject' | 'text' | 'html'>;

/**
 * Renders letters of one kind written to the outbox without their content (by the change's own INSERT), from the rows
 * they report (`meta` of each): at the first delivery attempt, in the deliverer's transaction. Takes the letters of a
 * delivery round together (one read for all), answers one content per letter, in order: null when there is nothing
 * to say.
 */
export type MailRenderer = (metas: Record<string, unknown>[], tx: Tx) => Promise<(Rendered | null)[]>;

/** Due: pending, and its next attempt's time has come (the partial index mail_outbox_due holds the pending rows). */
const due = sql`${mailOutbox.status} = 'pending' and ${mailOutbox.nextAttemptAt} <= now()`;

/** PGlite: a round's due rows, prepared (server/db/prepared.ts): its text never changes. */
const dueRows = fixedStatement(
  'mail_due',
  ['limit'],
  (v) => sql`select * from ${mailOutbox} where ${due} order by ${mailOutbox.id} limit ${v.limit}`,
);

/** PostgreSQL: a round's due rows, held by the round's transaction (`deliverBatchLocked`), prepared likewise. */
const dueRowsLocked = fixedStatement(
  'mail_due_locked',
  ['limit'],
  (v) =>
    sql`select * from ${mailOutbox} where ${due} order by ${mailOutbox.id} limit ${v.limit} for update skip locked`,
);

/**
 * A round's outcomes in one UPDATE, prepared: a column an attempt does not set keeps its value. The rows are found by
 * their ids (`= any`): joined to the JSON's records alone, the planner, which takes a set-returning function for 100
 * rows, chose a sequential scan of the whole outbox (every letter ever written on PGlite, where nothing deletes them).
 */
const recordOutcomes = fixedStatement(
  'mail_outcomes',
  ['values', 'ids'],
  (v) => sql`update ${mailOutbox} m set subject = coalesce(v.subject, m.subject),
      text = coalesce(v.text, m.text), html = coalesce(v.html, m.html), status = v.status, error = v.error,
      attempts = coalesce(v.attempts, m.attempts), next_attempt_at = coalesce(v.next_attempt_at, m.next_attempt_at),
      sent_at = coalesce(v.sent_at, m.sent_at)
    from jsonb_to_recordset(${v.values}::jsonb) as v(id integer, subject text, text text, html text, status text,
      error text, attempts integer, next_attempt_at timestamptz, sent_at timestamptz)
    where m.id = any(${v.ids}::integer[]) and m.id = v.id`,
);

/**
 * The outbox (docs/decisions/0020-mail-outbox.md). `enqueue` writes a message in the caller's transaction, so the
 * message exists exactly when the change it reports does; `kick` (after the commit) and a poll deliver it over SMTP_URL
 * with nodemailer, or to the log without it, retrying with back-off. Delivery holds the row (FOR UPDATE SKIP LOCKED on
 * PostgreSQL), so two processes never send one message; a process killed mid-way leaves it pending for the next.
 */
export function mailService(opts: MailServiceOptions) {
  const { db } = opts;
  // Bounded waits: a delivery holds its row (and on PostgreSQL a connection) while the SMTP server talks.
  const transport: Transporter | null = opts.smtpUrl
    ? // nodemailer is loaded only with SMTP_URL: without it its ~40 modules were part of every cold start for nothing
      // (docs/decisions/0030-start-from-snapshot.md, "Later").
      (createRequire(import.meta.url)('nodemailer') as typeof Nodemailer).createTransport({
        url: opts.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      })
    : null;
  const pollMs = (opts.pollSeconds ?? 5) * 1000;
  const retry = opts.retry ?? defaultRetry;
  let poller: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  /**
   * The most messages one delivery round takes, and how long a kick waits for the burst it belongs to (the deliverer
   * shares the process with the requests: a burst of claims makes one round). PostgreSQL: how long a round holding
   * its rows goes on handing letters over.
   */
  const batchSize = 100;
  const gatherMs = 50;
  const roundBudgetMs = 15_000;
  const tidyEvery = 500;
  let sinceTidy = 0;
  let kickTimer: NodeJS.Timeout | null = null;
  let again = false;
  /** PGlite: rows this process is delivering (there is one process; the row lock would block every other query). */
  const inFlight = new Set<number>();
  const renderers = new Map<string, MailRenderer>();

  /**
   * The rows with their letters: as written, or rendered now for a kind written without them (each kind's renderer
   * once, for all its rows); the rendered content is stored with the attempt's outcome, so retries send the same
   * letter. Null for a row whose renderer has nothing to say.
   */
  async function withContent(rows: OutboxRow[], tx: Tx): Promise<((OutboxRow & Rendered) | null)[]> {
    const ready: ((OutboxRow & Rendered) | null)[] = rows.map((row) =>
      row.subject !== null && row.text !== null && row.html !== null
        ? { ...row, subject: row.subject, text: row.text, html: row.html }
        : null,
    );
    const unrendered = new Map<string, number[]>();
    rows.forEach((row, i) => {
      if (ready[i]) return;
      unrendered.set(row.kind, [...(unrendered.get(row.kind) ?? []), i]);
    });
    for (const [kind, at] of unrendered) {
      const render = renderers.get(kind);
      if (!render) continue;
      const contents = await render(
        at.map((i) => rows[i]!.meta),
        tx,
      );
      at.forEach((i, n) => {
        const content = contents[n];
        if (content) ready[i] = { ...rows[i]!, ...content };
      });
    }
    return ready;
  }

  /** What one attempt writes to its row: the outcome, and the content it rendered. */
  type Attempted = { id: number } & Partial<Rendered> & ReturnType<typeof outcome | typeof unrenderable>;

  function unrenderable(row: OutboxRow) {
    opts.log?.error({ kind: row.kind, id: row.id }, 'mail has no content and no renderer that can write it');
    return { status: 'failed' as const, error: 'nothing to render' };
  }

  /**
   * Renders (when needed) and hands over the messages, one after another; answers what each attempt writes. With a
   * `deadline` (a round holding its rows) it stops after the first failed hand-over or past the deadline: the rows
   * after it are left out of the answer, untried.
   */
  async function attempt(rows: OutboxRow[], tx: Tx, deadline?: number): Promise<Attempted[]> {
    const ready = await withContent(rows, tx);
    const written: Attempted[] = [];
    let failed = false;
    for (const [i, row] of rows.entries()) {
      if (deadline !== undefined && written.length && (failed || Date.now() > deadline)) break;
      const letter = ready[i];
      if (!letter) {
        written.push({ id: row.id, ...unrenderable(row) });
        continue;
      }
      const error = await transmit(letter);
      failed ||= error !== null;
      const content = row.html === null ? { subject: letter.subject, text: letter.text, html: letter.html } : {};
      written.push({ id: row.id, ...content, ...outcome(row, error) });
    }
    return written;
  }

  /** Records the outcomes of a round in one UPDATE (`recordOutcomes`). */
  async function recordAll(attempts: Attempted[], tx: Tx) {
    if (!attempts.length) return;
    const values = JSON.stringify(
      attempts.map((a) => ({
        id: a.id,
        subject: a.subject ?? null,
        text: a.text ?? null,
        html: a.html ?? null,
        status: a.status,
        error: a.error,
        attempts: 'attempts' in a ? a.attempts : null,
        next_attempt_at: 'nextAttemptAt' in a ? a.nextAttemptAt : null,
        sent_at: 'sentAt' in a ? a.sentAt : null,
      })),
    );
    const ids = `{${attempts.map((a) => a.id).join(',')}}`;
    if (!(await recordOutcomes.run(tx, { values, ids }))) await tx.execute(recordOutcomes.build({ values, ids }));
  }

  /** Hands one message to SMTP (or the log): null when it went, else the error. */
  async function transmit(row: OutboxRow & Rendered): Promise<string | null> {
    if (!transport) {
      opts.log?.info(
        { to: row.to, subject: row.subject, kind: row.kind, text: row.text },
        'mail (no SMTP_URL: logged only)',
      );
      return null;
    }
    try {
      await transport.sendMail({
        from: opts.from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        // The same id on a retry: a receiver that got the first attempt after all can tell it is one message.
        messageId: `<outbox-${row.id}-${row.createdAt.getTime()}@obmen>`,
      });
      return null;
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  }

  /** What an attempt's outcome writes: delivered, retried later, or given up. */
  function outcome(row: OutboxRow, error: string | null) {
    if (!error) return { status: transport ? ('sent' as const) : ('logged' as const), error: null, sentAt: new Date() };
    const attempts = row.attempts + 1;
    if (attempts >= retry.maxAttempts) {
      opts.log?.error({ kind: row.kind, id: row.id, error }, 'mail delivery failed for good');
      return { status: 'failed' as const, error, attempts };
    }
    const delay = retry.delaysSeconds[Math.min(attempts - 1, retry.delaysSeconds.length - 1)]!;
    opts.log?.warn({ kind: row.kind, id: row.id, error, retryInSeconds: delay }, 'mail delivery failed, will retry');
    return { status: 'pending' as const, error, attempts, nextAttemptAt: new Date(Date.now() + delay * 1000) };
  }

  /**
   * PostgreSQL: a round of due messages (up to `batchSize`), held by this transaction (FOR UPDATE SKIP LOCKED: another
   * process takes other rows) until their outcomes are written, all in one UPDATE: five statements a round instead of
   * five a letter (docs/decisions/0029-claims-at-database-speed.md, "Later"). The held time stays bounded: the round
   * stops handing letters over at the first failure (an SMTP server that is down fails every letter after its
   * timeouts) or after `roundBudgetMs`; the letters it did not try stay due for the next round. A process killed
   * mid-round rolls the round back and its letters go again, each with its Message-ID (decision 0020, "Limits").
   */
  async function deliverBatchLocked(): Promise<{ tried: number; full: boolean }> {
    return db.transaction(async (tx) => {
      // The SMTP conversations happen inside: allow them longer than an ordinary idle transaction.
      await tx.execute(sql`set local idle_in_transaction_session_timeout = '60s'`);
      const prepared = await dueRowsLocked.run(tx, { limit: batchSize });
      const rows = prepared
        ? tableRows(mailOutbox, prepared)
        : await tx.select().from(mailOutbox).where(due).orderBy(mailOutbox.id).limit(batchSize).for('update', {
            skipLocked: true,
          });
      if (!rows.length) return { tried: 0, full: false };
      const written = await attempt(rows, tx, Date.now() + roundBudgetMs);
      await recordAll(written, tx);
      return { tried: written.length, full: rows.length === batchSize || written.length < rows.length };
    });
  }

  /**
   * PGlite: due messages not already on their way, delivered outside any transaction: one read for the round's rows,
   * one for what their letters report, one UPDATE for the outcomes (docs/performance.md, "Claims on PGlite"). A
   * process killed mid-round sends the round's letters again (each with its Message-ID), as one killed mid-letter did.
   * Answers how many it tried, and whether more may be due (the round was full).
   */
  async function deliverBatchUnlocked(): Promise<{ tried: number; full: boolean }> {
    const prepared = await dueRows.run(db, { limit: batchSize });
    const found = prepared
      ? tableRows(mailOutbox, prepared)
      : await db.select().from(mailOutbox).where(due).orderBy(mailOutbox.id).limit(batchSize);
    const rows = found.filter((r) => !inFlight.has(r.id));
    for (const row of rows) inFlight.add(row.id);
    try {
      await recordAll(await attempt(rows, db), db);
    } finally {
      for (const row of rows) inFlight.delete(row.id);
    }
    await tidy(rows.length);
    return { tried: rows.length, full: found.length === batchSize };
  }

  /**
   * PGlite has no autovacuum: every delivered letter leaves a dead row version and its entry in the due index, which
   * the due lookup (a bitmap scan, which never marks entries dead) would read on every round for ever. Vacuumed here
   * every `tidyEvery` letters, so a round reads at most that many dead entries.
   */
  async function tidy(delivered: number) {
    sinceTidy += delivered;
    if (sinceTidy < tidyEvery) return;
    sinceTidy = 0;
    try {
      await db.execute(sql`vacuum ${mailOutbox}`);
    } catch (err) {
      opts.log?.warn({ err }, 'mail outbox vacuum failed');
    }
  }

  /** Delivers what is due now; answers how many messages it tried. */
  async function deliverDue(): Promise<number> {
    let tried = 0;
    const deliverBatch = opts.kind === 'postgres' ? deliverBatchLocked : deliverBatchUnlocked;
    // A round that was not full found every row due then; what was written since comes with its own kick.
    for (let round = { tried: 0, full: true }; round.full;) {
      round = await deliverBatch();
      tried += round.tried;
    }
    return tried;
  }

  /** One delivery run at a time in this process; a kick during a run makes it go round once more. */
  function run(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let tried = 0;
      do {
        // Kicked while a round ran: under a steady stream of claims, wait for the rest of the stream too, so rounds
        // come every `gatherMs` with what arrived meanwhile instead of back to back with a few letters each (a round's
        // statements cost the same for one letter or fifty).
        if (again) await wait(gatherMs);
        again = false;
        try {
          tried += await deliverDue();
        } catch (err) {
          // The database is away or busy: the rows stay pending, the poll comes back.
          opts.log?.error({ err }, 'mail outbox delivery run failed');
        }
      } while (again);
      return tried;
    })().finally(() => (running = null));
    return running;
  }

  /**
   * Writes a message to the outbox in `tx`, the transaction of the change it reports. Nothing is sent until that
   * commits: call `kick()` after it (the poll finds it otherwise).
   */
  async function enqueue(message: MailMessage, tx: Tx = db): Promise<void> {
    await tx.insert(mailOutbox).values({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      kind: message.kind,
      meta: message.meta ?? {},
      status: 'pending',
    });
  }

  return {
    enqueue,
    /** How letters of `kind` written without content are rendered at delivery (`MailRenderer`). */
    renderWith(kind: string, render: MailRenderer): void {
      renderers.set(kind, render);
    },
    /**
     * Delivers what is due soon, without waiting (after a commit that enqueued mail), after a short pause: the
     * deliverer shares the process with the requests, and a burst of claims then makes one round (one read, one
     * UPDATE) instead of a round each (docs/performance.md, "Claims").
     */
    kick(): void {
      kickTimer ??= setTimeout(() => {
        kickTimer = null;
        void run();
      }, gatherMs);
    },
    /** Writes and delivers one message outside any other change (a letter that reports nothing in the database). */
    async send(message: MailMessage): Promise<void> {
      await enqueue(message);
      await run();
    },
    /** Waits until nothing due is left to try (tests, and shutdown after the last answers). */
    async settled(): Promise<void> {
      while ((await run()) > 0 || running);
    },
    /** Polls for due messages from now on (retries, and what a killed process left pending). */
    start(): void {
      if (poller) return;
      poller = setInterval(() => void run(), pollMs);
      poller.unref();
      void run();
    },
    async stop(): Promise<void> {
      if (poller) clearInterval(poller);
      poller = null;
      if (kickTimer) clearTimeout(kickTimer);
      kickTimer = null;
      await running;
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
  // A wallet address or a transaction hash is one unbroken word of 48–66 characters: without a break anywhere it
  // pushed the card past a phone's width (534 px on a 412 px screen). word-break is the older clients' spelling.
  const wrap = 'overflow-wrap:anywhere;word-break:break-word';
  const p = input.paragraphs.map((x) => `<p style="margin:0 0 12px;${wrap}">${escapeHtml(x)}</p>`).join('');
  const button = input.button
    ? `<p style="margin:20px 0"><a href="${escapeHtml(input.button.url)}" style="background:#1663c0;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(input.button.label)}</a></p>`
    : '';
  // The viewport: a phone's mail app that shows the letter as a page lays it out at the screen's width, not 980 px.
  const html = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"></head><body style="font-family:system-ui,Arial,sans-serif;color:#0f1b2d;background:#f5f7fb;padding:16px 8px;margin:0"><div style="max-width:560px;margin:auto;background:#fff;border-radius:12px;padding:20px"><h1 style="font-size:20px;margin:0 0 16px;${wrap}">${escapeHtml(input.title)}</h1>${p}${button}<p style="color:#5b6473;font-size:12px;margin-top:24px;${wrap}">${escapeHtml(input.footer)}</p></div></body></html>`;
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

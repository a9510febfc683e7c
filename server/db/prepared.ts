import { PGlite, protocol, type messages } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { Tx } from './client.ts';

/** A row as the server sent it: every column as its text, null for NULL. */
type TextRow = Record<string, string | null>;

/** The statements each embedded database has parsed and planned already: their names by text. */
const preparedOn = new WeakMap<PGlite, Map<string, string>>();

/**
 * Runs `query` as a named prepared statement on embedded PGlite (docs/performance.md, "Claims on PGlite"): parsed and
 * planned once, then only bound and executed, in one call into the database instead of six (PGlite's `query` parses,
 * describes, binds, describes, executes and syncs each time, and drizzle's PGlite driver ignores names). One statement
 * per text, so a query whose text varies prepares each variant once. Answers null when `tx` is not PGlite itself
 * (PostgreSQL, or a transaction): the caller runs the query as usual then.
 */
export async function preparedOnPglite(tx: Tx, query: SQL): Promise<TextRow[] | null> {
  const client = (tx as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) return null;
  const { sql: text, params } = (
    tx as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } }
  ).dialect.sqlToQuery(query);
  let known = preparedOn.get(client);
  if (!known) preparedOn.set(client, (known = new Map()));
  const values = params.map((p) =>
    p === null || p === undefined ? null : p instanceof Date ? p.toISOString() : String(p),
  );
  // As `query` does: after any transaction another caller has open (a statement sent inside it would join it).
  return client._runExclusiveTransaction(() =>
    client.runExclusive(async () => {
      let name = known.get(text);
      if (name === undefined) {
        name = `obmen_${known.size + 1}`;
        await client.execProtocol(concat(protocol.serialize.parse({ name, text }), protocol.serialize.sync()));
        known.set(text, name);
      }
      const { messages: answer } = await client.execProtocol(
        concat(
          protocol.serialize.bind({ statement: name, values }),
          protocol.serialize.describe({ type: 'P' }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ),
      );
      let fields: string[] = [];
      const rows: TextRow[] = [];
      for (const m of answer) {
        if (m.name === 'rowDescription') fields = (m as messages.RowDescriptionMessage).fields.map((f) => f.name);
        else if (m.name === 'dataRow') {
          const row = (m as messages.DataRowMessage).fields;
          rows.push(Object.fromEntries(fields.map((f, i) => [f, row[i] ?? null])));
        }
      }
      return rows;
    }),
  );
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

import { PGlite, protocol, type messages } from '@electric-sql/pglite';
import { getTableColumns, sql, type Placeholder, type SQL, type Table } from 'drizzle-orm';
import pg from 'pg';
import type { Tx } from './client.ts';

/** A row as the server sent it: every column as its text, null for NULL. */
type TextRow = Record<string, string | null>;

/** The statements each embedded database has parsed and planned already: their names by text. */
const preparedOn = new WeakMap<PGlite, Map<string, string>>();

type Dialect = { sqlToQuery(q: SQL): { sql: string; params: unknown[] } };
const dialectOf = (tx: Tx) => (tx as unknown as { dialect: Dialect }).dialect;

/**
 * A statement whose text never changes, only its values (docs/performance.md, "Claims"): `build` writes it once with
 * a placeholder for each value, and the text is compiled once per process, not by drizzle on every call (tens of
 * microseconds for a big CTE). `run` executes it prepared: on PGlite itself (parsed and planned once, one call into
 * the database), or on PostgreSQL, on the pool or in a transaction on the transaction's own connection (a named
 * statement each pooled connection parses once: a delivery round's reads and UPDATE, in their locked transaction,
 * were compiled by drizzle and parsed and planned by PostgreSQL every round). In a PGlite transaction it answers null
 * and the caller runs `build(values)` through drizzle as usual. Rows come as the driver gives them: text for every
 * column on PGlite, parsed values on PostgreSQL (pg's own parsers: `tableRows` reads both).
 */
export function fixedStatement<K extends string>(
  name: string,
  keys: readonly K[],
  build: (v: Record<K, unknown>) => SQL,
) {
  let compiled: { text: string; order: K[] } | null = null;
  return {
    build,
    async run(tx: Tx, values: Record<K, unknown>): Promise<Record<string, unknown>[] | null> {
      const client = postgresClient(tx) ?? (tx as unknown as { $client?: unknown }).$client;
      const onPglite = client instanceof PGlite;
      if (!onPglite && !(client instanceof pg.Pool) && !(client instanceof pg.Client)) return null;
      if (!compiled) {
        const placeholders = Object.fromEntries(keys.map((k) => [k, sql.placeholder(k)])) as Record<K, unknown>;
        const { sql: text, params } = dialectOf(tx).sqlToQuery(build(placeholders));
        // Each value is a placeholder, bare or wrapped in a Param: its name says which value goes where.
        const nameOf = (p: unknown) => ((p as { value?: Placeholder<K> }).value ?? (p as Placeholder<K>)).name;
        compiled = { text, order: params.map(nameOf) };
      }
      const params = compiled.order.map((k) => values[k]);
      if (onPglite) return runOnPglite(client, compiled.text, params);
      const { rows } = await (client as pg.Pool | pg.Client).query<Record<string, unknown>>({
        name: `obmen_${name}`,
        text: compiled.text,
        values: params,
      });
      return rows;
    },
  };
}

/**
 * The connection of a node-postgres transaction (drizzle's transaction runs on one pooled client, its session's), or
 * undefined for the database itself and for PGlite, whose transactions go through its own lock.
 */
function postgresClient(tx: Tx): pg.Client | undefined {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Client ? client : undefined;
}

/**
 * A prepared `select *` of `table` (`fixedStatement`) as drizzle's own select answers it: each column under its key,
 * read from the driver's value as drizzle reads it (PGlite's prepared path answers every column as text).
 */
export function tableRows<T extends Table>(table: T, rows: Record<string, unknown>[]): T['$inferSelect'][] {
  const columns = Object.entries(getTableColumns(table));
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = row[column.name];
      if (value === null || value === undefined) out[key] = null;
      // Columns drizzle leaves to the driver to parse (serial, boolean): their text read here.
      else if (typeof value === 'string' && column.dataType === 'number') out[key] = Number(value);
      else if (typeof value === 'string' && column.dataType === 'boolean') out[key] = value === 't';
      else out[key] = column.mapFromDriverValue(value);
    }
    return out as T['$inferSelect'];
  });
}

/**
 * Runs `text` as a named prepared statement on embedded PGlite (docs/performance.md, "Claims on PGlite"): parsed and
 * planned once, then only bound and executed, in one call into the database instead of six (PGlite's `query` parses,
 * describes, binds, describes, executes and syncs each time, and drizzle's PGlite driver ignores names).
 */
async function runOnPglite(client: PGlite, text: string, params: unknown[]): Promise<TextRow[]> {
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

/**
 * Embedded PGlite as Drizzle's client without a copy of PGlite's type parsers per statement. Drizzle passes its own
 * parsers with every query (timestamps, dates and intervals kept as text), and PGlite merges them into its 300-odd
 * parsers (`{...parsers, ...options.parsers}`) for each result: about 0.2 ms of CPU per statement, a fifth of a
 * booking's server time. Here the client's own parsers are Drizzle's, and Drizzle's per-query copy is dropped; and each
 * query runs as a named statement (./pglite-named-statements.ts).
 */
import { types, type PGlite, type Transaction } from '@electric-sql/pglite';
import { namedStatementQueries } from './pglite-named-statements.ts';

const asText = (value: string) => value;

/** The parsers Drizzle's PGlite driver passes with every query (drizzle-orm/pglite/session.js): these types stay text. */
const DRIZZLE_PARSERS: Record<number, (value: string) => unknown> = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  // numeric[], timestamp[], timestamptz[], interval[], date[]
  1231: asText,
  1115: asText,
  1185: asText,
  1187: asText,
  1182: asText,
};

type QueryOptions = { parsers?: unknown; rowMode?: 'array' | 'object' } | undefined;
type Query = PGlite['query'];

/** Drizzle's options without its parsers (the client has the same ones). */
function withoutParsers(options: QueryOptions): QueryOptions {
  if (!options?.parsers) return options;
  const { parsers: _same, ...rest } = options;
  return rest;
}

/** A query function that drops Drizzle's parsers before calling `query`. */
const stripping =
  (query: Query): Query =>
  (sql, params, options) =>
    query(sql, params, withoutParsers(options as QueryOptions) as never);

/**
 * Makes Drizzle's parsers the client's own (after PGlite built its array parsers) and answers the client as Drizzle
 * should see it: every other property is the client's own.
 */
export function drizzleReadyClient(client: PGlite): PGlite {
  Object.assign(client.parsers, DRIZZLE_PARSERS);
  const named = namedStatementQueries(client);
  const query = stripping(named.query(false, client.query.bind(client)));
  const transaction: PGlite['transaction'] = (work) =>
    client.transaction((tx) => {
      const inner: Transaction = Object.create(tx) as Transaction;
      inner.query = stripping(named.query(true, tx.query));
      return work(inner);
    });
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * PGlite's queries as named statements, each in one call into its PostgreSQL. PGlite's own `query` parses and plans
 * the text every time, as an unnamed statement, in six calls (Parse, Describe, Bind, Describe, Execute, Sync), each a
 * pass through PostgreSQL's main loop: about 180 µs of CPU for a one-row insert. Here a text is parsed once per
 * database (its parameters' types learnt then), and each run is Bind, Describe, Execute and Sync in one call: about
 * 70 µs, its plan cached by PostgreSQL as for any prepared statement. Its messages are written, and its answer read
 * (./pglite-results.ts), by node-postgres's protocol module, cheaper than PGlite's own copy of it.
 */
import { parse, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';
import { readResults, type TypeParsers } from './pglite-results.ts';

/** How many statements one database keeps prepared (Drizzle's IN lists make a text per length); the least used are closed. */
const KEPT_STATEMENTS = 500;
/** PostgreSQL's answer when a kept statement's result changed shape under it (a migration): parsed again next time. */
const CHANGED_RESULT = /cached plan must not change result type/;

interface Statement {
  name: string;
  /** The parameters' type oids, as PostgreSQL inferred them. */
  types: number[];
}

type Query = PGlite['query'];

/** Whether a query asks for what only PGlite's own path does (a blob, parameter types or serializers of its own). */
function needsOwnPath(options: QueryOptions | undefined): boolean {
  return options?.blob !== undefined || options?.paramTypes !== undefined || options?.serializers !== undefined || options?.onNotice !== undefined;
}

/**
 * A `query` for `client` (and, with `inTransaction`, for its transactions: no sync to the file system, PGlite's
 * COMMIT does it) that runs each text as a named statement; `fallback` runs what it does not handle. The statements
 * are the client's own: one map per client.
 */
export function namedStatementQueries(client: PGlite): { query: (inTransaction: boolean, fallback: Query) => Query } {
  const statements = new Map<string, Statement>();
  // Closes owed for statements dropped from the map, sent with the next message.
  let closes: Uint8Array[] = [];
  let next = 0;

  /** The closes owed, taken to go with the message being sent. */
  function owedCloses(): Uint8Array[] {
    const owed = closes;
    closes = [];
    return owed;
  }

  async function prepare(text: string): Promise<Statement> {
    const name = `couvert_${next++}`;
    const message = Buffer.concat([...owedCloses(), serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]);
    const answer = await client.execProtocolStream(message, { syncToFs: false });
    const statement = { name, types: parse.parseDescribeStatementResults(answer) };
    statements.set(text, statement);
    if (statements.size > KEPT_STATEMENTS) {
      const [oldest, dropped] = statements.entries().next().value!;
      statements.delete(oldest);
      closes.push(serialize.close({ type: 'S', name: dropped.name }));
    }
    return statement;
  }

  async function run<T>(text: string, params: readonly unknown[], options: QueryOptions | undefined, syncToFs: boolean): Promise<Results<T>> {
    let statement = statements.get(text);
    if (statement) {
      // Most recently used last: the map's first entry is the one to close.
      statements.delete(text);
      statements.set(text, statement);
    } else statement = await prepare(text);
    const { name, types } = statement;
    const values = params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const serializer = client.serializers[types[index]!];
      return serializer ? serializer(param) : String(param);
    });
    const message = Buffer.concat([
      ...owedCloses(),
      serialize.bind({ statement: name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    try {
      // The answer as PostgreSQL wrote it (execProtocolRaw would also run PGlite's own reader over it): each chunk is
      // a view of PGlite's memory, copied before the next one comes.
      const chunks: Uint8Array[] = [];
      await client.execProtocolRawStream(message, { syncToFs, onRawData: (chunk) => chunks.push(chunk.slice()) });
      return readResults<T>(chunks, client.parsers as TypeParsers, options?.rowMode);
    } catch (error) {
      if (!CHANGED_RESULT.test(error instanceof Error ? error.message : '')) throw error;
      statements.delete(text);
      closes.push(serialize.close({ type: 'S', name }));
      // Outside a transaction nothing was done: parsed again and run. Inside, the transaction is aborted: its caller decides.
      if (!syncToFs) throw error;
      return run<T>(text, params, options, syncToFs);
    }
  }

  return {
    query: (inTransaction, fallback) =>
      (<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
        if (needsOwnPath(options)) return fallback<T>(text, params, options);
        // As PGlite's own query: one statement at a time, and outside a transaction not during one.
        const exclusive = () => client._runExclusiveQuery(() => run<T>(text, params, options, !inTransaction));
        return inTransaction ? exclusive() : client._runExclusiveTransaction(exclusive);
      }) as Query,
  };
}

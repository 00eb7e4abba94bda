/**
 * Transactions on PostgreSQL whose BEGIN goes out with their first statement. postgres.js's `begin` waits for BEGIN's
 * answer before it runs the transaction's first statement: a round trip of its own, a socket write and a wake-up on
 * both sides, per transaction. Here the transaction reserves a connection, sends BEGIN without waiting, and its
 * statements follow on that connection in the same write; PostgreSQL answers them in order. Should BEGIN fail, the
 * connection is broken and so is every statement after it: none can run outside the transaction.
 */
import type { Sql, TransactionSql } from 'postgres';

type Work = (sql: TransactionSql) => unknown;

/** Runs `work` between SAVEPOINT and RELEASE on `sql`, rolled back to the savepoint if it throws. */
async function withSavepoint(sql: TransactionSql, name: string, work: Work): Promise<unknown> {
  await sql.unsafe(`savepoint ${name}`);
  try {
    const result = await work(sql);
    await sql.unsafe(`release savepoint ${name}`);
    return result;
  } catch (error) {
    await sql.unsafe(`rollback to savepoint ${name}`);
    throw error;
  }
}

/**
 * Whether `error` ends its connection: PostgreSQL's FATAL (the backend closes it: terminated, shut down) or postgres.js's
 * own (closed, ended, destroyed). A ROLLBACK then would be written to a socket about to go, or gone.
 */
function connectionEnded(error: unknown): boolean {
  // Drizzle wraps the driver's error: its cause is postgres.js's.
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { severity, code, cause } = current as { severity?: unknown; code?: unknown; cause?: unknown };
    if (severity === 'FATAL' || severity === 'PANIC' || String(code).startsWith('CONNECTION_')) return true;
    current = cause;
  }
  return false;
}

/** postgres.js's connection, as a query's `onexecute` option is given it: told by `onclose` when it is lost. */
type Connection = { onclose: ((error: Error) => void) | null };

/** `client` as Drizzle's postgres.js driver sees it, its `begin` sending BEGIN with the first statement. */
export function pipelinedBegins(client: Sql): Sql {
  async function begin(...args: unknown[]): Promise<unknown> {
    const work = args.at(-1) as Work;
    const mode = args.length > 1 ? String(args[0]).replace(/[^a-z ]/gi, '') : '';
    const reserved = await client.reserve();
    let connection: Connection | undefined;
    let lostWith: Error | undefined;
    let lost: ((error: Error) => void) | undefined;
    // As postgres.js's own begin: a connection lost mid-transaction ends it at once (its statements may never answer).
    const closed = new Promise<never>((_, reject) => (lost = reject));
    closed.catch(() => {});
    const onexecute = (executing: Connection) => {
      connection = executing;
      connection.onclose = (error) => {
        lostWith = error;
        lost!(error);
      };
      // Read by postgres.js as "the connection can take more": it stays this transaction's.
      return true;
    };
    const begun = reserved.unsafe(`begin ${mode}`, [], { onexecute } as never).execute();
    // Answered or broken with the rest: its own failure is the statements' failure.
    begun.catch(() => {});
    let savepoints = 0;
    // Nothing is sent on a lost connection: postgres.js would queue it into the reconnection's first write.
    const unsafe: Sql['unsafe'] = (...args) => {
      if (lostWith) throw lostWith;
      return reserved.unsafe(...args);
    };
    const sql = new Proxy(reserved, {
      get: (target, property) =>
        property === 'unsafe'
          ? unsafe
          : property === 'savepoint'
            ? (inner: Work) => withSavepoint(sql, `s${savepoints++}`, inner)
            : Reflect.get(target, property, target),
    }) as unknown as TransactionSql;
    // A lost connection (or one PostgreSQL is closing) takes no ROLLBACK and is postgres.js's to reconnect, not to be
    // handed out again from here.
    const gone = (error: unknown) => lostWith !== undefined || connectionEnded(error);
    const giveBack = () => {
      if (connection) connection.onclose = null;
      reserved.release();
    };
    const run = async () => {
      try {
        const result = await work(sql);
        await begun;
        await reserved.unsafe('commit');
        return result;
      } catch (error) {
        if (!gone(error)) await reserved.unsafe('rollback');
        throw error;
      }
    };
    try {
      const result = await Promise.race([run(), closed]);
      giveBack();
      return result;
    } catch (error) {
      if (!gone(error)) giveBack();
      throw error;
    }
  }
  return new Proxy(client, {
    get: (target, property) => (property === 'begin' ? begin : Reflect.get(target, property, target)),
  });
}

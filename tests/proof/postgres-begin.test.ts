/**
 * On PostgreSQL a transaction's BEGIN goes out with its first statement (src/server/db/postgres-begin.ts): one socket
 * write fewer per transaction, and still a transaction in every way: committed whole, rolled back whole, savepoints
 * rolled back alone, and a connection lost in the middle fails that transaction only.
 */
import net from 'node:net';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../../src/server/db/database.ts';
import { createPostgresDatabase, databaseKind } from '../support/test-database.ts';

let database: { url: string; drop(): Promise<void> };
let handle: DatabaseHandle;

const rowsOf = (result: unknown) => result as Array<Record<string, unknown>>;
const values = async () => rowsOf(await handle.db.execute(sql`select value from proof_begin order by value`)).map((row) => row.value);

/** The socket writes made while `work` runs. */
async function socketWrites(work: () => Promise<unknown>): Promise<number> {
  const write = net.Socket.prototype.write;
  let writes = 0;
  net.Socket.prototype.write = function (this: net.Socket, ...args: Parameters<typeof write>) {
    writes++;
    return write.apply(this, args);
  } as typeof write;
  try {
    await work();
  } finally {
    net.Socket.prototype.write = write;
  }
  return writes;
}

describe.skipIf(databaseKind !== 'postgres')('transactions on PostgreSQL', () => {
  beforeAll(async () => {
    database = await createPostgresDatabase(process.env.DATABASE_URL!);
    // One connection: every statement below is prepared on it after its first run.
    handle = await openPostgres(database.url, { max: 1 });
    await handle.db.execute(sql`create table proof_begin (value int primary key)`);
  });

  afterAll(async () => {
    await handle.close();
    await database.drop();
  });

  test("a transaction's BEGIN goes out in the same write as its first statement: two writes for one statement", async () => {
    const transaction = () => handle.db.transaction(async (tx) => tx.execute(sql`select 1`));
    await transaction();
    expect(await socketWrites(transaction)).toBe(2);
  });

  test.each([
    ['commits every statement', async () => handle.db.transaction(async (tx) => tx.execute(sql`insert into proof_begin values (1), (2)`)), [1, 2]],
    [
      'rolls every statement back when its work throws',
      async () =>
        handle.db.transaction(async (tx) => {
          await tx.execute(sql`insert into proof_begin values (1)`);
          throw new Error('changed my mind');
        }),
      [],
    ],
    [
      'rolls back when a statement fails, and reports that failure',
      async () =>
        handle.db.transaction(async (tx) => {
          await tx.execute(sql`insert into proof_begin values (1)`);
          await tx.execute(sql`insert into proof_begin values (1)`);
        }),
      [],
    ],
    [
      'rolls a failed savepoint back alone',
      async () =>
        handle.db.transaction(async (tx) => {
          await tx.execute(sql`insert into proof_begin values (1)`);
          await tx
            .transaction(async (inner) => {
              await inner.execute(sql`insert into proof_begin values (2)`);
              throw new Error('not this part');
            })
            .catch(() => undefined);
          await tx.transaction(async (inner) => inner.execute(sql`insert into proof_begin values (3)`));
        }),
      [1, 3],
    ],
  ])('a transaction %s', async (_name, run, expected) => {
    await handle.db.execute(sql`truncate proof_begin`);
    await run().catch(() => undefined);
    expect(await values()).toEqual(expected);
  });

  test('a failed statement is the error the transaction rejects with', async () => {
    await handle.db.execute(sql`truncate proof_begin`);
    const failing = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into proof_begin values (1)`);
      await tx.execute(sql`insert into proof_begin values (1)`);
    });
    await expect(failing).rejects.toMatchObject({ cause: { code: '23505' } });
  });

  test('the isolation level asked for is the transaction’s', async () => {
    const level = await handle.db.transaction(async (tx) => rowsOf(await tx.execute(sql`show transaction_isolation`))[0]!.transaction_isolation, {
      isolationLevel: 'serializable',
    });
    expect(level).toBe('serializable');
  });

  test('a connection lost mid-transaction fails that transaction at once, and nothing of it is committed', async () => {
    await handle.db.execute(sql`truncate proof_begin`);
    const admin = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      const lost = handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into proof_begin values (1)`);
        const [{ pid }] = rowsOf(await tx.execute(sql`select pg_backend_pid() as pid`)) as [{ pid: number }];
        await admin`select pg_terminate_backend(${pid})`;
        await tx.execute(sql`insert into proof_begin values (2)`);
      });
      await expect(lost).rejects.toThrow();
      // Seen through another connection: postgres.js reconnects this one in its own time.
      expect(await admin`select value from proof_begin`).toHaveLength(0);
    } finally {
      await admin.end();
    }
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sqlStateOf } from '../../src/server/db/booking-store.ts';
import type { DatabaseHandle } from '../../src/server/db/database.ts';
import { retryOnConflict } from '../../src/server/db/retry-on-conflict.ts';
import { databaseKind, openTestDatabase } from '../support/test-database.ts';

/** An error as the postgres driver raises it, with its SQLSTATE. */
const sqlError = (code: string) => Object.assign(new Error(`sqlstate ${code}`), { code });

describe('a transaction the database aborted to break a conflict runs again', () => {
  test.each([
    ['deadlock_detected', '40P01', 2],
    ['serialization_failure', '40001', 2],
  ])('after %s (%s) it is retried and succeeds', async (_name, code, calls) => {
    let count = 0;
    const answer = await retryOnConflict(async () => {
      count += 1;
      if (count === 1) throw sqlError(code);
      return 'done';
    });
    expect(answer).toBe('done');
    expect(count).toBe(calls);
  });

  test.each([
    ['a unique violation', '23505'],
    ['an exclusion violation (the table was taken)', '23P01'],
    ['an error without SQLSTATE', undefined],
  ])('after %s it is not retried', async (_name, code) => {
    let count = 0;
    const failing = retryOnConflict(async () => {
      count += 1;
      throw code ? sqlError(code) : new Error('plain');
    });
    await expect(failing).rejects.toThrow();
    expect(count).toBe(1);
  });

  test('it gives up after three aborts and lets the last error through', async () => {
    let count = 0;
    await expect(
      retryOnConflict(async () => {
        count += 1;
        throw sqlError('40P01');
      }),
    ).rejects.toMatchObject({ code: '40P01' });
    expect(count).toBe(3);
  });
});

// PGlite runs one connection: two transactions never wait on each other there.
describe.skipIf(databaseKind !== 'postgres')('a real deadlock on PostgreSQL', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
    await handle.db.execute(sql`create table deadlock_probe (id int primary key, touched int not null default 0)`);
    await handle.db.execute(sql`insert into deadlock_probe (id) values (1), (2)`);
  });
  afterAll(() => handle?.close());

  /** Locks `first` then, once the other transaction holds its own first row, `second`: two of these in opposite orders deadlock. */
  function crossing(first: number, second: number, bothHoldOne: Promise<unknown>, holdsOne: () => void) {
    let attempt = 0;
    return async () => {
      attempt += 1;
      await handle.db.transaction(async (tx) => {
        await tx.execute(sql`update deadlock_probe set touched = touched + 1 where id = ${first}`);
        if (attempt === 1) {
          holdsOne();
          await bothHoldOne;
        }
        await tx.execute(sql`update deadlock_probe set touched = touched + 1 where id = ${second}`);
      });
    };
  }

  function deadlockingPair() {
    let aHolds!: () => void;
    let bHolds!: () => void;
    const a = new Promise<void>((resolve) => (aHolds = resolve));
    const b = new Promise<void>((resolve) => (bHolds = resolve));
    const both = Promise.all([a, b]);
    return [crossing(1, 2, both, aHolds), crossing(2, 1, both, bHolds)] as const;
  }

  test('without a retry one of two crossing transactions fails with deadlock_detected', async () => {
    const [one, other] = deadlockingPair();
    const outcomes = await Promise.allSettled([one(), other()]);
    const failures = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(failures).toHaveLength(1);
    expect(sqlStateOf((failures[0] as PromiseRejectedResult).reason)).toBe('40P01');
  });

  test('with the retry both commit', async () => {
    const [one, other] = deadlockingPair();
    const outcomes = await Promise.allSettled([retryOnConflict(one), retryOnConflict(other)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
  });
});

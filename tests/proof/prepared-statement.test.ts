/**
 * A statement Drizzle builds once per database runs on the handle or inside any of its transactions, on the
 * transaction's own connection (src/server/db/prepared-statement.ts). Run on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { eq, is, Placeholder, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/database.ts';
import {
  placeholdersOf,
  preparedStatement,
  preparedStatements,
  rowPlaceholdersOf,
  rowsShapeOf,
  rowValuesOf,
  shapeOf,
} from '../../src/server/db/prepared-statement.ts';
import type { Queryable } from '../../src/server/db/database.ts';
import { users } from '../../src/server/db/schema.ts';
import { openTestDatabase } from '../support/test-database.ts';

let handle: DatabaseHandle;
let builds = 0;

const userByPhone = preparedStatement((on: Queryable) => {
  builds += 1;
  return on
    .select({ id: users.id, firstname: users.firstname })
    .from(users)
    .where(eq(users.phone, sql.placeholder('phone')))
    .prepare('test_user_by_phone');
});
const insertUser = preparedStatements((on, shape) =>
  on
    .insert(users)
    .values(placeholdersOf(shape) as unknown as typeof users.$inferInsert)
    .returning({ id: users.id, email: users.email, createdAt: users.createdAt })
    .prepare('test_insert_user'),
);

const guest = (phone: string, now: Date) => ({ firstname: 'Ada', lastname: 'Test', phone, anonymous: true, email: null, createdAt: now, updatedAt: now });

beforeAll(async () => {
  handle = await openTestDatabase();
});

afterAll(async () => {
  await handle.close();
});

describe('a statement prepared once per database', () => {
  test('runs inside a transaction on its connection: it sees the rows the transaction wrote, and a rollback takes back what it wrote', async () => {
    const phone = '+33100000001';
    const now = new Date('2026-11-27T12:00:00Z');
    expect(await userByPhone(handle.db).execute({ phone })).toEqual([]);
    const rolledBack = new Error('roll back');
    await expect(
      handle.db.transaction(async (tx) => {
        const values = guest(phone, now);
        const [inserted] = await insertUser(tx, shapeOf(values)!).execute(values);
        expect(await userByPhone(tx).execute({ phone })).toEqual([{ id: inserted!.id, firstname: 'Ada' }]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await userByPhone(handle.db).execute({ phone })).toEqual([]);
  });

  test('is built once per database, whichever handle or transaction runs it, and again for another database', async () => {
    const before = builds;
    await userByPhone(handle.db).execute({ phone: 'none' });
    await handle.db.transaction((tx) => userByPhone(tx).execute({ phone: 'none' }));
    await handle.db.transaction((tx) => userByPhone(tx).execute({ phone: 'none' }));
    expect(builds - before).toBe(0);
    const other = await openTestDatabase();
    try {
      await other.db.transaction((tx) => userByPhone(tx).execute({ phone: 'none' }));
      await userByPhone(other.db).execute({ phone: 'none' });
      expect(builds - before).toBe(1);
    } finally {
      await other.close();
    }
  });

  test("writes a value through its column's encoder, and a NULL as NULL", async () => {
    const now = new Date('2026-11-27T12:30:00.123Z');
    const values = guest('+33100000002', now);
    const [row] = await insertUser(handle.db, shapeOf(values)!).execute(values);
    expect(row).toEqual({ id: expect.any(String), email: null, createdAt: now });
  });
});

describe('shapes of written values', () => {
  test.each([
    ['names the columns given, in order', { a: 1, b: 'x' }, 'a,b'],
    ['leaves out an undefined one (it takes its default)', { a: 1, b: undefined }, 'a'],
    ['marks a NULL apart', { a: null, b: 2 }, 'a=null,b'],
    ['gives none when a value is SQL', { a: sql`now()`, b: 2 }, null],
    ['is empty for no value', {}, ''],
  ])('%s', (_name, values, shape) => {
    expect(shapeOf(values)).toBe(shape);
  });

  test('writes a placeholder per column and NULL as it is', () => {
    const values = placeholdersOf('a=null,b');
    expect(values.a).toBeNull();
    expect(is(values.b, Placeholder) && values.b.name).toBe('b');
    expect(placeholdersOf('')).toEqual({});
  });

  test.each([
    [
      'rows of one shape: their count and shape',
      [
        { a: 1, b: null },
        { a: 2, b: null },
      ],
      '2|a,b=null',
    ],
    [
      'rows of different shapes: none',
      [
        { a: 1, b: null },
        { a: 2, b: 3 },
      ],
      null,
    ],
    ['a row holding SQL: none', [{ a: sql`1` }], null],
  ])('%s', (_name, rows, key) => {
    expect(rowsShapeOf(rows)).toBe(key);
  });

  test("numbers each row's placeholders and gives their values under the same names", () => {
    const rows = rowPlaceholdersOf('2|a,b=null');
    expect(rows.map((row) => [row.a && (row.a as Placeholder).name, row.b])).toEqual([
      ['0.a', null],
      ['1.a', null],
    ]);
    expect(
      rowValuesOf([
        { a: 1, b: null },
        { a: 2, b: null },
      ]),
    ).toEqual({ '0.a': 1, '0.b': null, '1.a': 2, '1.b': null });
  });
});

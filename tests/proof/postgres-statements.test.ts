/**
 * On PostgreSQL every statement Drizzle sends is a named, prepared one its connection keeps (src/server/db/postgres-
 * statements.ts): run again, it is one round trip and PostgreSQL reuses its parse and plan. pg_prepared_statements
 * lists a session's named statements only; an unnamed one never shows there.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/database.ts';
import { bookings, merchants } from '../../src/server/db/schema.ts';
import { databaseKind, openTestDatabase } from '../support/test-database.ts';

let handle: DatabaseHandle;

describe.skipIf(databaseKind !== 'postgres')('statements on PostgreSQL', () => {
  beforeAll(async () => {
    handle = await openTestDatabase();
  });

  afterAll(async () => {
    await handle.close();
  });

  test.each([
    ['a select built by Drizzle', (db: DatabaseHandle['db']) => db.select({ id: merchants.id }).from(merchants).where(eq(merchants.slug, 'nobody'))],
    [
      'an update with a returning list',
      (db: DatabaseHandle['db']) =>
        db
          .update(bookings)
          .set({ comment: 'x' })
          .where(and(eq(bookings.token, 'no-such-token'), eq(bookings.merchantId, '00000000-0000-0000-0000-000000000000')))
          .returning({ id: bookings.id }),
    ],
    ['raw SQL through execute', (db: DatabaseHandle['db']) => db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${'proof:named'}, 0))`)],
  ])('%s is prepared by name on its connection, and found there when run again', async (_name, run) => {
    await handle.db.transaction(async (tx) => {
      const query = run(tx as unknown as DatabaseHandle['db']);
      const { sql: text } = 'toSQL' in query ? query.toSQL() : { sql: '' };
      await query;
      await run(tx as unknown as DatabaseHandle['db']);
      // The transaction's one connection: its named statements, by text.
      const named = (await tx.execute(sql`select statement from pg_prepared_statements where not from_sql`)) as unknown as Array<{ statement: string }>;
      const statements = named.map((row) => row.statement);
      if (text) expect(statements).toContain(text);
      else expect(statements.some((statement) => statement.includes('pg_advisory_xact_lock'))).toBe(true);
    });
  });
});

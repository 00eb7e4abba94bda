/** The change feed tells a write in a transaction once it commits, never when it rolls back, and a write outside one at once. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { changeFeedOf, emitChange, type Change } from '../../src/server/db/change-feed.ts';
import type { DatabaseHandle } from '../../src/server/db/database.ts';
import { openTestDatabase } from '../support/test-database.ts';

let database: DatabaseHandle;
const heard: Change[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  changeFeedOf(database.db).subscribe((change) => heard.push(change));
});
afterAll(() => database.close());

const change: Change = { kind: 'booking', merchantId: '00000000-0000-4000-8000-000000000001' };

describe('the change feed of a database handle', () => {
  test('tells a write in a transaction only after the commit', async () => {
    heard.length = 0;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      emitChange(tx, change);
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual([change]);
  });

  test('never tells a write whose transaction rolled back', async () => {
    heard.length = 0;
    await expect(
      database.db.transaction(async (tx) => {
        emitChange(tx, change);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(heard).toEqual([]);
  });

  test('tells a write in a savepoint at the commit of the outer transaction', async () => {
    heard.length = 0;
    await database.db.transaction(async (tx) => {
      await tx.transaction(async (inner) => {
        emitChange(inner, change);
      });
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual([change]);
  });

  test('tells a write made on the handle itself at once', () => {
    heard.length = 0;
    emitChange(database.db, change);
    expect(heard).toEqual([change]);
  });
});

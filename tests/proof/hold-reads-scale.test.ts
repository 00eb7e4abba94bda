import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, Placeholder, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { batchedHoldRowsQuery, batchReads } from '../../src/server/db/batched-hold-reads.ts';
import { holdRowColumns, holdRowsCondition, holdRowsParams } from '../../src/server/db/booking-store.ts';
import type { DatabaseHandle } from '../../src/server/db/database.ts';
import { bookings, merchants } from '../../src/server/db/schema.ts';
import { importMerchant } from '../../src/server/services/merchant-import.ts';
import { rowsOf, seedOtherMerchantsBookings } from '../support/other-merchants-bookings.ts';
import { databaseKind, openTestDatabase } from '../support/test-database.ts';
import { fixtureMerchant } from './fixture-merchant.ts';

const OTHER_BOOKINGS = 10_000;
const FIRST_DAY = '2026-12-01';
// The window of one day's availability (the day and the next, widened), in the middle of the others' bookings.
const FROM = new Date('2026-12-09T21:30:00Z');
const TO = new Date('2026-12-11T23:00:00Z');

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

const TYPES: Record<string, string> = { reads: 'jsonb', merchantId: 'uuid', earliestStart: 'timestamptz', from: 'timestamptz', to: 'timestamptz' };
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * How a statement built with placeholders reads the bookings table when prepared, as the server prepares
 * it, under a plan for its values and under a generic plan: the scans it uses, and the most rows one of
 * them goes through.
 */
async function bookingsReadBy(handle: DatabaseHandle, statement: { toSQL(): { sql: string; params: unknown[] } }, values: Record<string, string>) {
  const { sql: text, params } = statement.toSQL();
  // A placeholder takes its value from `values`; any other parameter is a value drizzle bound itself.
  const bound = params.map((param) =>
    param instanceof Placeholder
      ? { type: TYPES[param.name]!, value: values[param.name]! }
      : { type: typeof param === 'boolean' ? 'boolean' : 'text', value: String(param) },
  );
  const scans: string[] = [];
  let rowsRead = 0;
  const walk = (node: PlanNode) => {
    if (node['Relation Name'] === 'bookings') {
      scans.push(`${node['Node Type']}${node['Index Name'] ? ` on ${node['Index Name']}` : ''}`);
      const removed = (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0);
      rowsRead = Math.max(rowsRead, (node['Actual Rows'] + removed) * node['Actual Loops']);
    }
    for (const child of node.Plans ?? []) walk(child);
  };
  // PostgreSQL plans the first runs of a prepared statement for their values, then may settle on a generic plan: both count.
  for (const mode of ['force_custom_plan', 'force_generic_plan']) {
    const plan = await handle.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local plan_cache_mode = ${mode}`));
      await tx.execute(sql.raw(`prepare explained_read(${bound.map(({ type }) => type).join(', ')}) as ${text}`));
      const [row] = (await rowsOf(
        tx.execute(sql.raw(`explain (analyze, format json) execute explained_read(${bound.map(({ value }) => literal(value)).join(', ')})`)),
      )) as Array<Record<string, unknown>>;
      await tx.execute(sql`deallocate explained_read`);
      return Object.values(row!)[0];
    });
    walk(((typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan: PlanNode }>)[0]!.Plan);
  }
  return { scans, rowsRead };
}

let handle: DatabaseHandle;
let mediaDir: string;
const ids: Record<string, string> = {};
beforeAll(async () => {
  handle = await openTestDatabase();
  mediaDir = await mkdtemp(path.join(tmpdir(), 'couvert-hold-reads-'));
  await importMerchant(handle.db, fixtureMerchant({ slug: 'quiet', tables: 4, maxCoversPerSlot: 100 }), { mediaDir });
  await seedOtherMerchantsBookings(handle, OTHER_BOOKINGS, { merchants: 5, mediaDir, firstDay: FIRST_DAY });
  await handle.db.execute(sql`analyze`);
  for (const slug of ['quiet', 'crowded-1']) {
    const [merchant] = await handle.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.slug, slug));
    ids[slug] = merchant!.id;
  }
}, 120_000);
afterAll(async () => {
  await handle?.close();
  await rm(mediaDir, { recursive: true, force: true });
});

describe(`a merchant's hold reads beside ${OTHER_BOOKINGS} bookings of other merchants (${databaseKind})`, () => {
  // A crowded merchant (20 tables, four sittings) has 80 bookings a day; the window touches three days.
  test.each([
    { slug: 'quiet', what: 'a merchant with no booking', most: 0 },
    { slug: 'crowded-1', what: 'one of the crowded merchants', most: 3 * 80 },
  ])('the batched read of $what goes through its own rows only, never a scan of the table', async ({ slug, most }) => {
    const statement = batchedHoldRowsQuery(handle.db, sql.placeholder('reads'));
    const { scans, rowsRead } = await bookingsReadBy(handle, statement, { reads: batchReads([{ merchantId: ids[slug]!, from: FROM, to: TO }]) });
    expect(scans.length).toBeGreaterThan(0);
    expect(scans.filter((scan) => scan.startsWith('Seq Scan'))).toEqual([]);
    expect(rowsRead).toBeLessThanOrEqual(most);
  });

  test.each([
    { slug: 'quiet', most: 0 },
    { slug: 'crowded-1', most: 3 * 80 },
  ])('the single read of $slug (prepared, and inside booking transactions) goes through its own rows only', async ({ slug, most }) => {
    const placeholders = {
      merchantId: sql.placeholder('merchantId'),
      earliestStart: sql.placeholder('earliestStart'),
      from: sql.placeholder('from'),
      to: sql.placeholder('to'),
    };
    const statement = handle.db.select(holdRowColumns).from(bookings).where(holdRowsCondition(placeholders));
    const { earliestStart } = holdRowsParams(ids[slug]!, FROM, TO);
    const values = { merchantId: ids[slug]!, earliestStart: earliestStart.toISOString(), from: FROM.toISOString(), to: TO.toISOString() };
    const { scans, rowsRead } = await bookingsReadBy(handle, statement, values);
    expect(scans.filter((scan) => scan.startsWith('Seq Scan'))).toEqual([]);
    expect(rowsRead).toBeLessThanOrEqual(most);
  });
});

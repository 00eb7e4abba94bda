/** Drizzle on PGlite reads every type the same through our client (its parsers set once) as through PGlite's own, and PGlite is never handed parsers to copy. */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, test } from 'vitest';
import { drizzleReadyClient } from '../../src/server/db/pglite-client.ts';

const plain = await PGlite.create();
const ours = await PGlite.create();
const seen: unknown[] = [];
const query = ours.query.bind(ours);
// What the client underneath is asked: the options of each query.
ours.query = ((text: string, params?: unknown[], options?: unknown) => {
  seen.push(options);
  return query(text, params, options as never);
}) as typeof ours.query;
const plainDb = drizzle({ client: plain });
const ourDb = drizzle({ client: drizzleReadyClient(ours) });
afterAll(async () => {
  await plain.close();
  await ours.close();
});

const EVERY_TYPE = sql`select
  timestamptz '2026-11-27 19:30:00+01' as tstz, timestamp '2026-11-27 19:30:00' as ts, date '2026-11-27' as d,
  interval '90 minutes' as i, 12.50::numeric as n, array[1.5, 2]::numeric[] as na,
  array[timestamptz '2026-11-27 19:30:00+00']::timestamptz[] as tstza, array[date '2026-11-27'] as da,
  array[interval '1 hour'] as ia, array[timestamp '2026-11-27 19:30:00'] as tsa,
  '{"a": [1, "b"]}'::jsonb as j, 9007199254740993::int8 as big, true as b, array[1, 2]::int[] as ints, 'x'::text as t`;

describe('PGlite as Drizzle sees it', () => {
  test('every type reads the same as through PGlite with Drizzle’s parsers per query', async () => {
    const expected = await plainDb.execute(EVERY_TYPE);
    const actual = await ourDb.execute(EVERY_TYPE);
    expect(actual.rows).toEqual(expected.rows);
    // Drizzle's choice: instants and dates stay text (its columns make Dates of them).
    expect(actual.rows[0]?.tstz).toBeTypeOf('string');
  });

  test('in a transaction too, and no query hands PGlite parsers to merge', async () => {
    const expected = await plainDb.transaction((tx) => tx.execute(EVERY_TYPE));
    seen.length = 0;
    const actual = await ourDb.transaction((tx) => tx.execute(EVERY_TYPE));
    expect(actual.rows).toEqual(expected.rows);
    await ourDb.execute(EVERY_TYPE);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((options) => (options as { parsers?: unknown } | undefined)?.parsers !== undefined)).toEqual([]);
  });
});

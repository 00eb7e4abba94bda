/**
 * Drizzle on PGlite through our client (src/server/db/pglite-client.ts) reads and writes every type as through PGlite's
 * own query with Drizzle's parsers, while each text runs as a named statement parsed once, never through PGlite's query.
 */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, test } from 'vitest';
import { drizzleReadyClient } from '../../src/server/db/pglite-client.ts';
import { sqlStateOf } from '../../src/server/db/booking-store.ts';

const plain = await PGlite.create();
const ours = await PGlite.create();
let ownQueries = 0;
const query = ours.query.bind(ours);
// PGlite's own query, counted: our client only falls back to it for what it does not handle.
ours.query = ((text: string, params?: unknown[], options?: unknown) => {
  ownQueries += 1;
  return query(text, params, options as never);
}) as typeof ours.query;
const plainDb = drizzle({ client: plain });
const ourClient = drizzleReadyClient(ours);
const ourDb = drizzle({ client: ourClient });
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

// Every kind of parameter Drizzle hands over, each typed by PostgreSQL from its place in the text.
const EVERY_PARAMETER = sql`select ${'2026-11-27T18:30:00.000Z'}::timestamptz as tstz, ${'2026-11-27'}::date as d, ${12.5}::numeric as n,
  ${JSON.stringify({ a: [1, 'b'] })}::jsonb as j, ${'9007199254740993'}::int8 as big, ${true}::boolean as b, ${null}::text as nothing,
  ${'{1,2}'}::int[] as ints, ${"l'apostrophe \\ et \u2028"}::text as t, ${42}::int + 1 as sum`;

async function preparedCount(text: string): Promise<number> {
  const { rows } = await ours.sql<{ count: number }>`select count(*)::int as count from pg_prepared_statements where statement = ${text}`;
  return rows[0]!.count;
}

describe('PGlite as Drizzle sees it', () => {
  test('every type reads the same as through PGlite with Drizzle’s parsers per query', async () => {
    const expected = await plainDb.execute(EVERY_TYPE);
    const actual = await ourDb.execute(EVERY_TYPE);
    expect(actual.rows).toEqual(expected.rows);
    // Drizzle's choice: instants and dates stay text (its columns make Dates of them).
    expect(actual.rows[0]?.tstz).toBeTypeOf('string');
  });

  test('every kind of parameter is written as PGlite writes it', async () => {
    const expected = await plainDb.execute(EVERY_PARAMETER);
    expect(await ourDb.execute(EVERY_PARAMETER)).toMatchObject({ rows: expected.rows });
    expect(await ourDb.execute(EVERY_PARAMETER)).toMatchObject({ rows: expected.rows });
  });

  test('in a transaction too, and a transaction rolled back leaves nothing', async () => {
    const expected = await plainDb.transaction((tx) => tx.execute(EVERY_TYPE));
    const actual = await ourDb.transaction((tx) => tx.execute(EVERY_TYPE));
    expect(actual.rows).toEqual(expected.rows);
    await ourDb.execute(sql`create table kept (id int primary key, name text not null)`);
    await expect(
      ourDb.transaction(async (tx) => {
        await tx.execute(sql`insert into kept (id, name) values (${1}, ${'rolled back'})`);
        await tx.execute(sql`insert into kept (id, name) values (${1}, ${'twice'})`);
      }),
    ).rejects.toSatisfy((error) => sqlStateOf(error) === '23505');
    expect((await ourDb.execute(sql`select count(*)::int as count from kept`)).rows).toEqual([{ count: 0 }]);
  });

  test('counts, fields and rows (as arrays and as objects) read as PGlite’s own reader reads them', async () => {
    for (const client of [plain, ours]) await client.exec('create table counted (id int primary key, name text)');
    const steps: Array<[string, unknown[], 'array' | 'object']> = [
      ['insert into counted values ($1, $2), ($3, $4), ($5, $6)', [1, 'é € 😀 ligne\nsuivante', 2, null, 3, ''], 'object'],
      ['select id, name from counted order by id', [], 'array'],
      ['select id, name from counted order by id', [], 'object'],
      ['select id from counted where id > $1', [10], 'array'],
      ['update counted set name = $1 where id > $2 returning id', ['x', 1], 'object'],
      ['update counted set name = $1 where id > $2', ['y', 10], 'object'],
      ['delete from counted where id = $1', [1], 'array'],
      // An answer of several hundred kilobytes, handed over in many chunks, some messages cut between two.
      ['select n, repeat($1, 5000) as filler from generate_series(1, 40) as n', ['é€'], 'array'],
    ];
    for (const [text, params, rowMode] of steps) {
      const expected = await plain.query(text, params, { rowMode });
      expect(await ourClient.query(text, params, { rowMode }), text).toEqual(expected);
    }
  });

  test('each text is parsed once, as a named statement, and PGlite’s own query never runs', async () => {
    ownQueries = 0;
    const text = 'select $1::int * 2 as doubled';
    for (const value of [1, 2, 3]) expect((await ourDb.execute(sql.raw(text.replace('$1', String(value))))).rows).toHaveLength(1);
    for (const value of [1, 2, 3]) expect((await ourDb.execute(sql`select ${value}::int * 2 as doubled`)).rows).toEqual([{ doubled: value * 2 }]);
    expect(ownQueries).toBe(0);
    expect(await preparedCount(text)).toBe(1);
  });

  test('a failed statement answers its SQL state and the database goes on', async () => {
    await ourDb.execute(sql`create table unique_names (name text primary key)`);
    await ourDb.execute(sql`insert into unique_names (name) values (${'a'})`);
    await expect(ourDb.execute(sql`insert into unique_names (name) values (${'a'})`)).rejects.toSatisfy((error) => sqlStateOf(error) === '23505');
    await expect(ourDb.execute(sql.raw('select from nowhere_at_all'))).rejects.toSatisfy((error) => sqlStateOf(error) === '42P01');
    await ourDb.execute(sql`insert into unique_names (name) values (${'b'})`);
    expect((await ourDb.execute(sql`select name from unique_names order by name`)).rows).toEqual([{ name: 'a' }, { name: 'b' }]);
  });

  test('a statement whose table changed shape is parsed again outside a transaction, and fails inside one', async () => {
    await ourDb.execute(sql`create table reshaped (id int)`);
    await ourDb.execute(sql`insert into reshaped values (${1})`);
    const everything = () => ourDb.execute(sql`select * from reshaped where id = ${1}`);
    expect((await everything()).rows).toEqual([{ id: 1 }]);
    await ourDb.execute(sql`alter table reshaped add column name text default 'new'`);
    expect((await everything()).rows).toEqual([{ id: 1, name: 'new' }]);
    const inside = sql`select * from reshaped where id = ${1} and true`;
    await ourDb.transaction((tx) => tx.execute(inside));
    await ourDb.execute(sql`alter table reshaped add column other int`);
    await expect(ourDb.transaction((tx) => tx.execute(inside))).rejects.toSatisfy((error) => sqlStateOf(error) === '0A000');
    expect((await ourDb.transaction((tx) => tx.execute(inside))).rows).toEqual([{ id: 1, name: 'new', other: null }]);
  });

  test('at most 500 statements are kept prepared: the least recently used are closed', async () => {
    for (let index = 0; index < 520; index += 1) await ourDb.execute(sql.raw(`select ${index} as n`));
    await ourDb.execute(sql`select ${1}::int as after`);
    const { rows } = await ours.sql<{ count: number }>`select count(*)::int as count from pg_prepared_statements`;
    expect(rows[0]!.count).toBeLessThanOrEqual(500);
    expect(await preparedCount('select 519 as n')).toBe(1);
    expect(await preparedCount('select 0 as n')).toBe(0);
  });
});

import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres, type DatabaseHandle } from '../../src/server/db/database.ts';
import { createPostgresDatabase } from '../support/test-database.ts';

const migrationsFolder = path.join(import.meta.dirname, '../../src/server/db/migrations');
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A fresh database (PGlite, or PostgreSQL under DATABASE_URL), not migrated. */
async function emptyDatabase(): Promise<DatabaseHandle> {
  if (!process.env.DATABASE_URL) {
    const handle = await openPglite();
    cleanups.push(() => handle.close());
    return handle;
  }
  const database = await createPostgresDatabase(process.env.DATABASE_URL);
  const handle = await openPostgres(database.url, { max: 2 });
  cleanups.push(async () => {
    await handle.close();
    await database.drop();
  });
  return handle;
}

/** Applies the migrations of `folder` that the database has not had yet, with the driver's own migrator. */
async function migrateWith(handle: DatabaseHandle, folder: string): Promise<void> {
  const migrator = handle.kind === 'pglite' ? await import('drizzle-orm/pglite/migrator') : await import('drizzle-orm/postgres-js/migrator');
  await migrator.migrate(handle.db as never, { migrationsFolder: folder });
}

/** A copy of the migrations folder that stops before `tag`. */
async function migrationsBefore(tag: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'couvert-migrations-'));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  await cp(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((entry) => entry.tag === tag),
  );
  await writeFile(journalFile, JSON.stringify(journal));
  return folder;
}

const rowsOf = (result: unknown) => ((result as { rows?: unknown[] }).rows ?? (result as unknown[])) as Array<Record<string, unknown>>;

describe('migration 0006 gives existing bookings a manage key', () => {
  test('every booking made before it gets its own random 32-character key, and the column is then required and unique', async () => {
    const handle = await emptyDatabase();
    await migrateWith(handle, await migrationsBefore('0006_booking_manage_key'));
    await handle.db.execute(sql`
      with m as (
        insert into merchants (slug, name, timezone, address, phone, theme_primary, theme_background, settings, shifts, closed_days)
        values ('old', 'Old', 'Europe/Paris', '{}'::jsonb, '+33100000000', '#000000', '#ffffff', '{}'::jsonb, '[]'::jsonb, '[]'::jsonb)
        returning id
      ), z as (insert into zones (merchant_id, name) select id, 'Salle' from m returning id, merchant_id),
      d as (insert into dining_tables (merchant_id, zone_id, name, min_seats, max_seats) select merchant_id, id, 'T1', 1, 4 from z returning id, zone_id, merchant_id)
      insert into bookings (merchant_id, zone_id, table_id, token, ref, status, starts_at, ends_at, local_date, client_count, holds_table)
      select merchant_id, zone_id, id, 'token-' || n, 'REF00' || n, 10,
        timestamptz '2026-12-01 19:00+01' + n * interval '3 hours', timestamptz '2026-12-01 20:30+01' + n * interval '3 hours', '2026-12-01', 2, true
      from d, generate_series(1, 3) n
    `);
    await migrateWith(handle, migrationsFolder);
    const keys = rowsOf(await handle.db.execute(sql`select manage_key from bookings order by token`)).map((row) => row.manage_key as string);
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(3);
    await expect(handle.db.execute(sql`update bookings set manage_key = null`)).rejects.toThrow();
    await expect(handle.db.execute(sql`update bookings set manage_key = 'same'`)).rejects.toThrow();
  }, 60_000);
});

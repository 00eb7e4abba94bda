/** A fresh, migrated database per test file: in-memory PGlite loaded from a migrated template, or a new PostgreSQL database when DATABASE_URL is set. */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { openPglite, openPostgres, type DatabaseHandle } from '../../src/server/db/database.ts';
import { pgliteTemplate } from './pglite-template.ts';

/** Which database the suite runs on (CI runs it on both). */
export const databaseKind: 'pglite' | 'postgres' = process.env.DATABASE_URL ? 'postgres' : 'pglite';

/** Opens a brand-new empty database with every migration applied; `close` drops it. `onQuery` hears every statement sent. */
export async function openTestDatabase(onQuery?: (query: string) => void): Promise<DatabaseHandle> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    // Every migration is already applied in the template.
    return openPglite(undefined, { loadDataDir: await pgliteTemplate(), onQuery });
  }
  const database = await createPostgresDatabase(baseUrl);
  const handle = await openPostgres(database.url, { max: 20, onQuery });
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}

/** The URL of a fresh PostgreSQL database for tests that start server processes, and how to drop it. */
export async function createPostgresDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `couvert_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

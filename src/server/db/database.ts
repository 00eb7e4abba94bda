/** Opens the database: embedded PGlite under a data folder, or PostgreSQL when a URL is given. */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { entityKind, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { changeFeedOf } from './change-feed.ts';
import { drizzleReadyClient } from './pglite-client.ts';
import { inProcessExclusively, postgresExclusively, type Exclusively } from './exclusive.ts';
import { schema } from './schema.ts';

/** The one database type the whole server is written against, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** What a transaction callback receives: the same query API as the database. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A database handle or one of its transactions. */
export type Queryable = Database | Tx;

/** An open database and how to close it. */
export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies every pending migration. */
  migrate(): Promise<void>;
  /** Runs a task in one process at a time among every process on this database (the site's build). */
  exclusively: Exclusively;
  close(): Promise<void>;
}

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

const soleWriters = new WeakSet<Database>();

/**
 * Whether this process is the only one that can write the database: embedded PGlite (its data folder
 * is locked to one server, or it lives in memory). Read by cache-policy.ts and job-store.ts only.
 */
export function isSoleWriter(db: Database): boolean {
  return soleWriters.has(db);
}

// Drizzle's names for embedded PGlite's handle and its transactions (what its own `is` checks read).
const PGLITE_KINDS = new Set(['PgliteDatabase', 'PgliteTransaction']);

/**
 * Whether `executor` (a handle or a transaction) is embedded PGlite's, which runs one transaction or statement at a
 * time: a lock taken there never waits for anyone. Read by the stores' advisory locks only.
 */
export function runsAlone(executor: object): boolean {
  return PGLITE_KINDS.has((executor.constructor as { [entityKind]?: string })[entityKind] ?? '');
}

/** Told the text of every statement the server sends through Drizzle (bench/write-statements.ts counts them). */
export type QueryListener = (query: string) => void;

/** Drizzle's logger option for a listener, if any. */
const loggerOf = (onQuery?: QueryListener) => (onQuery ? { logger: { logQuery: (query: string) => onQuery(query) } } : {});

/** Opens PostgreSQL at `url` (a pool of `max` connections). */
export async function openPostgres(url: string, { max = 10, onQuery }: { max?: number; onQuery?: QueryListener } = {}): Promise<DatabaseHandle> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const { migrate } = await import('drizzle-orm/postgres-js/migrator');
  const { nameEveryStatement } = await import('./postgres-statements.ts');
  const { pipelinedBegins } = await import('./postgres-begin.ts');
  nameEveryStatement();
  const client = postgres(url, { max, onnotice: () => {} });
  const db = drizzle(pipelinedBegins(client), { schema, ...loggerOf(onQuery) }) as unknown as Database;
  // Followed from the start, so no transaction begins unseen by the caches' change feed.
  changeFeedOf(db);
  return {
    db,
    kind: 'postgres',
    exclusively: postgresExclusively(url),
    async migrate() {
      // Several API processes may start at once: one migrates, the others wait for it.
      const lockClient = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await lockClient`select pg_advisory_lock(7243001)`;
        await migrate(drizzle(lockClient, { schema }), { migrationsFolder });
        await lockClient`select pg_advisory_unlock(7243001)`;
      } finally {
        await lockClient.end();
      }
    },
    close: () => client.end({ timeout: 5 }),
  };
}

/**
 * Opens embedded PGlite in `dataDir`, or in memory when `dataDir` is undefined; `loadDataDir` starts it from a
 * dumped data folder (tests load one migrated template instead of migrating every database).
 */
export async function openPglite(dataDir?: string, { loadDataDir, onQuery }: { loadDataDir?: Blob; onQuery?: QueryListener } = {}): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const client = drizzleReadyClient(await PGlite.create({ dataDir, loadDataDir, extensions: { btree_gist } }));
  const db = drizzle({ client, schema, ...loggerOf(onQuery) }) as unknown as Database;
  soleWriters.add(db);
  changeFeedOf(db);
  return {
    db,
    kind: 'pglite',
    exclusively: inProcessExclusively(),
    async migrate() {
      await migrate(drizzle({ client, schema }), { migrationsFolder });
    },
    close: () => client.close(),
  };
}

/** Opens the database the configuration asks for. */
export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(path.join(options.dataDir, 'pglite'));
}

/** Asks the database the smallest question (the readiness check): resolves when it answers. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

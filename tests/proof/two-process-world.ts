/**
 * The proofs' two-process world: a fresh PostgreSQL database holding one imported merchant, and two real server
 * processes on it (two API instances behind one load balancer, as in production).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSession } from '../../src/server/auth/sessions.ts';
import { openPostgres, type DatabaseHandle } from '../../src/server/db/database.ts';
import { users } from '../../src/server/db/schema.ts';
import { importMerchant } from '../../src/server/services/merchant-import.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { createPostgresDatabase } from '../support/test-database.ts';
import { httpEndpoint, type Endpoint } from './booking-races.ts';

/** Two server processes on one database, the test's own connection to it, and how to end it all. */
export interface TwoProcessWorld {
  /** The test's own connection (a pool of four). */
  handle: DatabaseHandle;
  /** The folder holding the processes' DATA_DIR (`data`, shared by both) and the merchant's media. */
  work: string;
  servers: [ServerProcess, ServerProcess];
  /** JSON POSTs to the first and to the second process. */
  a: Endpoint;
  b: Endpoint;
  /** A diner with a phone of its own and a session, written straight into the database; returns its bearer. */
  diner(details: { lastname: string; email: string; phone: string }): Promise<string>;
  /** Stops both processes, drops the database and removes the folder. */
  close(): Promise<void>;
}

/** Options of a two-process world. */
export interface TwoProcessOptions {
  /** The PostgreSQL server the fresh database is created on. */
  databaseUrl: string;
  /** Names the temporary folder. */
  name: string;
  /** The merchant definition imported before the processes start. */
  merchant: unknown;
  /** More environment for both processes (Redis, Pusher keys). */
  env?: Record<string, string>;
}

/** Creates the database, imports the merchant and starts both processes. */
export async function openTwoProcessWorld({ databaseUrl, name, merchant, env = {} }: TwoProcessOptions): Promise<TwoProcessWorld> {
  const database = await createPostgresDatabase(databaseUrl);
  const handle = await openPostgres(database.url, { max: 4 });
  await handle.migrate();
  const work = await mkdtemp(path.join(tmpdir(), `couvert-${name}-`));
  await importMerchant(handle.db, merchant, { mediaDir: path.join(work, 'media') });
  const processEnv = { DATABASE_URL: database.url, DATA_DIR: path.join(work, 'data'), IMPORT_DEMO: 'never', ...env };
  const started = await Promise.allSettled([startServerProcess(processEnv), startServerProcess(processEnv)]);
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    // One started and the other did not: stop the one, so no process outlives the test file.
    for (const result of started) if (result.status === 'fulfilled') await result.value.stop();
    await handle.close();
    await database.drop();
    await rm(work, { recursive: true, force: true });
    throw failed.reason;
  }
  const servers = started.map((result) => (result as PromiseFulfilledResult<ServerProcess>).value) as [ServerProcess, ServerProcess];
  return {
    handle,
    work,
    servers,
    a: httpEndpoint(servers[0].url),
    b: httpEndpoint(servers[1].url),
    async diner({ lastname, email, phone }) {
      const [user] = await handle.db.insert(users).values({ firstname: 'Camille', lastname, email, phone }).returning();
      return (await createSession(handle.db, user!.id, { ttlSeconds: 3600 })).token;
    },
    async close() {
      await Promise.all(servers.map((server) => server.stop()));
      await handle.close();
      await database.drop();
      await rm(work, { recursive: true, force: true });
    },
  };
}

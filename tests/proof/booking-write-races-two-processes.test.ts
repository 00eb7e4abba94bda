import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSession } from '../../src/server/auth/sessions.ts';
import { openPostgres, type DatabaseHandle } from '../../src/server/db/database.ts';
import { users } from '../../src/server/db/schema.ts';
import { importMerchant } from '../../src/server/services/merchant-import.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { createPostgresDatabase } from '../support/test-database.ts';
import { httpEndpoint, raceEveryPair, STARTS, unexplained, WRITES, type RaceResult } from './booking-races.ts';
import { fixtureMerchant } from './fixture-merchant.ts';

// Two processes share a database only on PostgreSQL: CI runs this file with DATABASE_URL set.
const POSTGRES_URL = process.env.DATABASE_URL;
const SLUG = 'races';
const ADMIN_TOKEN = 'two-process-races-admin-token-0123456789';
const REPETITIONS = 6;

let database: { url: string; drop(): Promise<void> } | undefined;
let handle: DatabaseHandle | undefined;
let work: string | undefined;
const servers: ServerProcess[] = [];
let results: RaceResult[];
let diners = 0;

/** A diner with a phone of its own (no per-phone limit refuses it) and a session, written straight into the database. */
async function diner(): Promise<string> {
  diners += 1;
  const [user] = await handle!.db
    .insert(users)
    .values({ firstname: 'Camille', lastname: `Racer${diners}`, email: `racer${diners}@example.test`, phone: `+336${String(diners).padStart(8, '0')}` })
    .returning();
  return (await createSession(handle!.db, user!.id, { ttlSeconds: 3600 })).token;
}

describe.skipIf(!POSTGRES_URL)('two writes racing on one booking through two server processes on one PostgreSQL database', () => {
  beforeAll(async () => {
    database = await createPostgresDatabase(POSTGRES_URL!);
    handle = await openPostgres(database.url, { max: 4 });
    await handle.migrate();
    work = await mkdtemp(path.join(tmpdir(), 'couvert-races-'));
    await importMerchant(handle.db, fixtureMerchant({ slug: SLUG, tables: 40, maxCoversPerSlot: 1000 }), { mediaDir: path.join(work, 'media') });
    const unlimited = '1000000';
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: path.join(work, 'data'),
      ADMIN_TOKEN,
      IMPORT_DEMO: 'never',
      // Hundreds of drafts from one address and evening: the abuse limits are not what is tested here.
      DRAFT_LIMIT_PER_ADDRESS: unlimited,
      DRAFT_LIMIT_PER_DEVICE: unlimited,
      DRAFT_LIMIT_PER_EVENING: unlimited,
    };
    servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
    const [a, b] = servers.map((server) => httpEndpoint(server.url));
    results = await raceEveryPair({ a: a!, b: b!, adminToken: ADMIN_TOKEN, slug: SLUG, now: new Date(), diner }, { repetitions: REPETITIONS, parallel: 24 });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await handle?.close();
    await database?.drop();
    if (work) await rm(work, { recursive: true, force: true });
  }, 30_000);

  const pairs = WRITES.flatMap((first, i) => WRITES.slice(i).map((second) => ({ first, second })));
  test.each(pairs)('$first through one process racing $second through the other ends as one of their serial orders', ({ first, second }) => {
    const races = results.filter((result) => result.first === first && result.second === second);
    expect(races).toHaveLength(REPETITIONS * STARTS.length);
    expect(races.map(unexplained).filter(Boolean)).toEqual([]);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { diningTables, merchantChanges, merchants } from '../../src/server/db/schema.ts';
import type { ServerProcess } from '../support/server-process.ts';
import { fixtureMerchant } from './fixture-merchant.ts';
import { openTwoProcessWorld, type TwoProcessWorld } from './two-process-world.ts';

// Two processes share a database only on PostgreSQL: CI runs this file with DATABASE_URL set.
const POSTGRES_URL = process.env.DATABASE_URL;
const SLUG = 'definition-races';
const OWNER = { email: 'owner@definition-races.example', password: 'two owners at one pass', role: 'owner' };
const MANAGER = { email: 'manager@definition-races.example', password: 'two managers at one pass', role: 'manager' };
const REPETITIONS = 6;

let world: TwoProcessWorld | undefined;
let servers: ServerProcess[] = [];
let owner: string;
let manager: string;

/** A JSON call to one of the two processes. */
async function call(server: ServerProcess, method: 'GET' | 'PUT' | 'POST', path: string, bearer: string | undefined, body?: unknown) {
  const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  const response = await fetch(`${server.url}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: response.status, body: (await response.json()) as any };
}

describe.skipIf(!POSTGRES_URL)('two staff saving the definition at once through two server processes on one PostgreSQL database', () => {
  beforeAll(async () => {
    world = await openTwoProcessWorld({
      databaseUrl: POSTGRES_URL!,
      name: 'definition-races',
      merchant: { ...fixtureMerchant({ slug: SLUG, tables: 4, maxCoversPerSlot: 100 }), staff: [OWNER, MANAGER] },
    });
    ({ servers } = world);
    const login = async (server: ServerProcess, who: typeof OWNER) =>
      (await call(server, 'POST', '/api/pro/auth/login', undefined, who)).body.access_token as string;
    owner = await login(servers[0]!, OWNER);
    manager = await login(servers[1]!, MANAGER);
  }, 120_000);

  afterAll(() => world?.close(), 30_000);

  test('from one revision, exactly one save wins and the other is 409 stale_revision, never half-written', async () => {
    for (let round = 0; round < REPETITIONS; round++) {
      const read = await call(servers[0]!, 'GET', `/api/pro/${SLUG}/definition`, owner);
      expect(read.status, JSON.stringify(read.body)).toBe(200);
      const { definition, revision } = read.body;
      // The second save also adds a table: had it been half-written beside the first, the table would show it.
      const zones = [{ ...definition.zones[0], tables: [...definition.zones[0].tables, { name: `X${round}`, minSeats: 1, maxSeats: 2 }] }];
      const [first, second] = await Promise.all([
        call(servers[0]!, 'PUT', `/api/pro/${SLUG}/definition`, owner, { definition: { ...definition, name: `First ${round}` }, revision }),
        call(servers[1]!, 'PUT', `/api/pro/${SLUG}/definition`, manager, { definition: { ...definition, name: `Second ${round}`, zones }, revision }),
      ]);
      const statuses = [first.status, second.status].sort();
      expect(statuses, JSON.stringify([first.body, second.body])).toEqual([200, 409]);
      const loser = first.status === 409 ? first : second;
      expect(loser.body.error_code).toBe('stale_revision');
      const firstWon = first.status === 200;

      const db = world!.handle.db;
      const [row] = await db.select().from(merchants).where(eq(merchants.slug, SLUG));
      expect(row!.definitionRevision).toBe(revision + 1);
      expect(row!.name).toBe(firstWon ? `First ${round}` : `Second ${round}`);
      const added = await db
        .select()
        .from(diningTables)
        .where(and(eq(diningTables.merchantId, row!.id), eq(diningTables.name, `X${round}`), eq(diningTables.active, true)));
      expect(added).toHaveLength(firstWon ? 0 : 1);
      const recorded = await db
        .select()
        .from(merchantChanges)
        .where(and(eq(merchantChanges.merchantId, row!.id), eq(merchantChanges.revision, revision + 1)));
      expect(recorded.map((change) => change.staffEmail)).toEqual([firstWon ? OWNER.email : MANAGER.email]);
      // Both processes read the winner at once (the floor's cache checks the row's version on PostgreSQL).
      for (const server of servers) {
        const again = await call(server, 'GET', `/api/pro/${SLUG}/definition`, server === servers[0] ? owner : manager);
        expect(again.body).toMatchObject({ revision: revision + 1, definition: { name: row!.name } });
      }
    }
  }, 120_000);

  test('a manager changing their password while the owner saves keeps the new password: the save never writes back the old hash', async () => {
    let password = MANAGER.password;
    for (let round = 0; round < REPETITIONS; round++) {
      const { definition, revision } = (await call(servers[0]!, 'GET', `/api/pro/${SLUG}/definition`, owner)).body;
      const next = `the manager's passphrase ${round}`;
      const [saved, changed] = await Promise.all([
        call(servers[0]!, 'PUT', `/api/pro/${SLUG}/definition`, owner, { definition: { ...definition, description: `Round ${round}` }, revision }),
        call(servers[1]!, 'POST', '/api/pro/auth/password', manager, { current: password, next }),
      ]);
      expect([saved.status, changed.status], JSON.stringify([saved.body, changed.body])).toEqual([200, 200]);
      password = next;
      const signIn = await call(servers[1]!, 'POST', '/api/pro/auth/login', undefined, { email: MANAGER.email, password });
      expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
      // Nor did the save end the manager's session: their password did not change through it.
      expect((await call(servers[1]!, 'GET', '/api/pro/me', manager)).status).toBe(200);
    }
  }, 120_000);
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSession } from '../../src/server/auth/sessions.ts';
import { openPostgres, type DatabaseHandle } from '../../src/server/db/database.ts';
import { users } from '../../src/server/db/schema.ts';
import { createRealtime, type Realtime } from '../../src/server/realtime/realtime.ts';
import { silentRealtimeLogger } from '../../src/server/realtime/realtime-logger.ts';
import { createServer, type CouvertServer } from '../../src/server/server.ts';
import { importMerchant } from '../../src/server/services/merchant-import.ts';
import { ADMIN_TOKEN, createTestClock } from '../support/test-server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { createPostgresDatabase } from '../support/test-database.ts';
import { fixtureMerchant } from './fixture-merchant.ts';

const DATE = '2026-11-25';
// 12:00 in Paris on DATE.
const AT = Math.floor(new Date('2026-11-25T11:00:00Z').getTime() / 1000);
const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

type Call = (url: string, body: unknown, bearer?: string) => Promise<{ status: number; body: any }>;

async function noonAvailable(post: Call, slug: string): Promise<boolean> {
  const answer = await post('/api/booking/booking_slots/get', { merchant_slug: slug, date: DATE, bookingZoneId: 'all', needed_seats: 2 });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const slot = answer.body.slots.find((candidate: { timestamp: number }) => candidate.timestamp === AT);
  expect(slot).toBeDefined();
  return slot.available as boolean;
}

async function book(post: Call, slug: string, bearer: string): Promise<string> {
  const created = await post('/api/booking/create', { merchant_slug: slug, datetime: AT, booking_zone_id: 'all', client_count: 2 }, bearer);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const validated = await post('/api/booking/validate', { merchant_slug: slug, token: created.body.token }, bearer);
  expect(validated.status, JSON.stringify(validated.body)).toBe(200);
  return created.body.token;
}

describe('on one server, booking_slots/get shows every booking change on the very next call', () => {
  const t = useTestServer({ demo: false });
  let slugCounter = 0;
  const post: Call = (url, body, bearer) => t.post(url, body, { bearer });

  /** A fresh one-table merchant whose noon slot has been read (and so may be cached) twice. */
  async function warmMerchant(tables = 1): Promise<string> {
    const slug = `fresh-${++slugCounter}`;
    await t.importMerchant(fixtureMerchant({ slug, tables, maxCoversPerSlot: 100 }));
    expect(await noonAvailable(post, slug)).toBe(true);
    expect(await noonAvailable(post, slug)).toBe(true);
    return slug;
  }

  test('a validated booking of the last table shows as taken', async () => {
    const slug = await warmMerchant();
    await book(post, slug, (await t.signIn()).bearer);
    expect(await noonAvailable(post, slug)).toBe(false);
  });

  test('a bare draft already holds the table', async () => {
    const slug = await warmMerchant();
    const created = await post('/api/booking/create', { merchant_slug: slug, datetime: AT, booking_zone_id: 'all', client_count: 2 });
    expect(created.status).toBe(200);
    expect(await noonAvailable(post, slug)).toBe(false);
  });

  test.each([
    { change: 'the diner cancels', act: (slug: string, token: string, bearer: string) => post('/api/booking/cancel', { merchant_slug: slug, token }, bearer) },
    { change: 'the restaurant refuses', act: (_slug: string, token: string) => t.post(`/api/admin/bookings/${token}/refuse`, {}, { bearer: ADMIN_TOKEN }) },
  ])('the table shows as free again once $change', async ({ act }) => {
    const slug = await warmMerchant();
    const { bearer } = await t.signIn();
    const token = await book(post, slug, bearer);
    expect(await noonAvailable(post, slug)).toBe(false);
    const answer = await act(slug, token, bearer);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await noonAvailable(post, slug)).toBe(true);
  });

  test('a draft whose hold lapsed frees the table by the clock alone, with no write in between', async () => {
    const slug = await warmMerchant();
    const created = await post('/api/booking/create', { merchant_slug: slug, datetime: AT, booking_zone_id: 'all', client_count: 2 });
    expect(created.status).toBe(200);
    expect(await noonAvailable(post, slug)).toBe(false);
    t.clock.advance(11);
    try {
      expect(await noonAvailable(post, slug)).toBe(true);
    } finally {
      t.clock.advance(-11);
    }
  });

  test('a re-import that adds a table shows the new table at once', async () => {
    const slug = await warmMerchant();
    await book(post, slug, (await t.signIn()).bearer);
    expect(await noonAvailable(post, slug)).toBe(false);
    await t.importMerchant(fixtureMerchant({ slug, tables: 2, maxCoversPerSlot: 100 }));
    expect(await noonAvailable(post, slug)).toBe(true);
  });
});

describe('two server processes on one PostgreSQL database see each other\u2019s changes on the very next call', () => {
  const clock = createTestClock('2026-11-23T09:00:00Z');
  let drop: () => Promise<void>;
  let mediaDir: string;
  const handles: DatabaseHandle[] = [];
  const realtimes: Realtime[] = [];
  const servers: CouvertServer[] = [];
  let bearer: string;
  const slug = 'two-servers';

  const callOn =
    (index: number): Call =>
    async (url, body, token) => {
      const response = await servers[index]!.app.inject({
        method: 'POST',
        url,
        payload: body as object,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      return { status: response.statusCode, body: JSON.parse(response.body) };
    };

  beforeAll(async () => {
    const database = await createPostgresDatabase(POSTGRES_URL);
    drop = database.drop;
    mediaDir = await mkdtemp(path.join(tmpdir(), 'couvert-media-'));
    for (let index = 0; index < 2; index++) {
      const handle = await openPostgres(database.url, { max: 4 });
      await handle.migrate();
      handles.push(handle);
      const realtime = createRealtime({ appId: 'test', key: 'k', secret: 's', cluster: 'eu', logger: silentRealtimeLogger });
      realtimes.push(realtime);
      const server = await createServer({ db: handle.db, realtime, now: clock.now, adminToken: ADMIN_TOKEN, mediaDir, logLevel: 'silent' });
      await server.app.ready();
      servers.push(server);
    }
    await importMerchant(handles[0]!.db, fixtureMerchant({ slug, tables: 1, maxCoversPerSlot: 100 }), { mediaDir });
    const [user] = await handles[0]!.db.insert(users).values({ firstname: 'Camille', lastname: 'Deux', phone: '+33612345678' }).returning();
    bearer = (await createSession(handles[0]!.db, user!.id, { now: clock.now(), ttlSeconds: 24 * 3600 })).token;
  }, 60_000);

  afterAll(async () => {
    for (const realtime of realtimes) await realtime.close();
    for (const server of servers) await server.app.close();
    for (const handle of handles) await handle.close();
    await drop?.();
    await rm(mediaDir, { recursive: true, force: true });
  });

  test('a booking made on one shows as taken on the other, and its cancellation as free', async () => {
    const [first, second] = [callOn(0), callOn(1)];
    for (const call of [first, second, first, second]) expect(await noonAvailable(call, slug)).toBe(true);
    const token = await book(first, slug, bearer);
    expect(await noonAvailable(second, slug)).toBe(false);
    const canceled = await second('/api/booking/cancel', { merchant_slug: slug, token }, bearer);
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(await noonAvailable(first, slug)).toBe(true);
  });

  test('a re-import through one changes the floor plan the other answers from', async () => {
    const [first, second] = [callOn(0), callOn(1)];
    await book(second, slug, bearer);
    expect(await noonAvailable(first, slug)).toBe(false);
    expect(await noonAvailable(second, slug)).toBe(false);
    await importMerchant(handles[0]!.db, fixtureMerchant({ slug, tables: 2, maxCoversPerSlot: 100 }), { mediaDir });
    expect(await noonAvailable(second, slug)).toBe(true);
  });
});

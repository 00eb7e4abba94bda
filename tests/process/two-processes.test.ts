import { existsSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bookingChannel, UPDATE_BOOKING_EVENT } from '../../src/server/realtime/booking-events.ts';
import { connectClient, connected, nextEvent, subscribed, type Pusher } from '../realtime/support.ts';
import { createPostgresDatabase } from '../support/test-database.ts';
import { reachable } from '../support/reachable.ts';
import { callApi, cleanUp, createBooking, firstOpenSlot, runMerchantCli, startServer, tempFolder, waitFor, type ServerProcess } from './processes.ts';

const POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = 'redis://127.0.0.1:6379';
// The topic the server uses when none is configured: both processes share it.
const REDIS_TOPIC = 'couvert:realtime';

let database: { url: string; drop(): Promise<void> } | undefined;
let unavailable: string | undefined;
if (!(await reachable(REDIS_URL))) unavailable = `Redis is unreachable at ${REDIS_URL}`;
else if (!(await reachable(POSTGRES_URL))) unavailable = `PostgreSQL is unreachable at ${POSTGRES_URL}`;
else {
  try {
    database = await createPostgresDatabase(POSTGRES_URL);
  } catch (error) {
    unavailable = `PostgreSQL at ${POSTGRES_URL} refused to create a database: ${(error as Error).message}`;
  }
}
if (unavailable) console.warn(`two-processes.test.ts skipped: ${unavailable}`);

let dataDir: string;
let a: ServerProcess;
let b: ServerProcess;
let client: Pusher | undefined;

/** Waits until `count` connections listen on the server's Redis topic, so no publish races a subscription. */
async function subscribersOnTopic(count: number): Promise<void> {
  const probe = new Redis(REDIS_URL);
  try {
    await waitFor(
      async () => {
        const reply = (await probe.pubsub('NUMSUB', REDIS_TOPIC)) as [string, number];
        return Number(reply[1]) >= count;
      },
      10_000,
      `${count} subscribers on ${REDIS_TOPIC}`,
    );
  } finally {
    probe.disconnect();
  }
}

describe.skipIf(unavailable !== undefined)(
  unavailable ? `two server processes on one database (skipped: ${unavailable})` : 'two server processes on one PostgreSQL database and one Redis',
  () => {
    beforeAll(async () => {
      const work = await tempFolder('two-processes');
      // One shared data folder: with a DATABASE_URL it only holds the media, which both processes serve.
      dataDir = path.join(work, 'data');
      const env = {
        DATA_DIR: dataDir,
        SITE_DIR: path.join(work, 'site'),
        DATABASE_URL: database!.url,
        REDIS_URL,
        // Processes that share events must sign private channels alike: with REDIS_URL the secret is required.
        PUSHER_SECRET: 'two-processes-test-secret-0123456789abcdef',
        BUILD_SITE: 'never',
      };
      a = await startServer(env, 60_000);
      b = await startServer(env, 60_000);
    }, 150_000);

    afterAll(async () => {
      client?.disconnect();
      await cleanUp();
      await database?.drop();
    }, 30_000);

    test('both say they run on PostgreSQL with Redis; only the first imports the demo merchants', () => {
      expect(a.stdout()).toContain('(postgres + Redis)');
      expect(b.stdout()).toContain('(postgres + Redis)');
      expect(a.stdout()).toContain('imported demo merchants');
      expect(b.stdout()).not.toContain('imported demo merchants');
    });

    test('a booking made through one process is read through the other', async () => {
      const slot = await firstOpenSlot(a.url, 'le-petit-zinc');
      const created = await createBooking(a.url, 'le-petit-zinc', slot);
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const read = await callApi(`${b.url}/api/booking/get`, { merchant_slug: 'le-petit-zinc', token: created.body.token });
      expect(read.status).toBe(200);
      expect(read.body.booking).toMatchObject({ token: created.body.token, ref: created.body.booking.ref });
    });

    test('a pusher-js client connected to process B receives UpdateBooking for a booking changed through process A', async () => {
      const slot = await firstOpenSlot(a.url, 'le-petit-zinc');
      const created = await createBooking(a.url, 'le-petit-zinc', slot);
      const token: string = created.body.token;

      const config = await callApi(`${b.url}/api/realtime/config`);
      client = connectClient(b.port, config.body.key);
      await connected(client);
      await subscribed(client, bookingChannel(token));
      await subscribersOnTopic(2);

      const received = nextEvent(client, bookingChannel(token), UPDATE_BOOKING_EVENT, 5000);
      const changed = await createBooking(a.url, 'le-petit-zinc', slot, 3, token);
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);

      expect(await received).toMatchObject({ token, ref: created.body.booking.ref, status: null });
    }, 30_000);

    test('stopping process A leaves process B serving, with its own admin socket', async () => {
      expect(await a.stop('SIGINT', 10_000)).toBe(0);
      expect((await fetch(`${b.url}/le-petit-zinc/no-such-page`)).status).toBe(404);
      expect((await callApi(`${b.url}/api/booking/merchants`)).body.merchants).toHaveLength(3);
      expect(existsSync(path.join(dataDir, 'admin.sock'))).toBe(true);
      const list = await runMerchantCli(['list'], { DATA_DIR: dataDir });
      expect(list.code, list.stderr).toBe(0);
      expect(list.stdout).toContain('le-petit-zinc');
      expect(await b.stop('SIGINT', 10_000)).toBe(0);
    }, 30_000);
  },
);

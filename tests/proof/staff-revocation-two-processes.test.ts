import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { addDaysToLocalDate, localDateOf, localToInstant } from '../../src/shared/local-time.ts';
import { UPDATE_BOOKING_EVENT } from '../../src/server/realtime/booking-events.ts';
import { collectEvents, connectClient, subscribed, type Pusher } from '../realtime/support.ts';
import type { ServerProcess } from '../support/server-process.ts';
import type { Endpoint } from './booking-races.ts';
import { fixtureMerchant } from './fixture-merchant.ts';
import { openTwoProcessWorld, type TwoProcessWorld } from './two-process-world.ts';

// Two processes share a database only on PostgreSQL, and their sockets' events only through Redis.
const POSTGRES_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const SLUG = 'staff-revocation';
const STAFF = { email: 'host@staff-revocation.example', password: 'signed out everywhere' };
const KEY = 'two-process-revocation-key';

let world: TwoProcessWorld | undefined;
let servers: ServerProcess[] = [];
const clients: Pusher[] = [];
let a: Endpoint;
let diners = 0;

/** A real pusher-js client on `server`, its private channels signed by that server for `bearer`. */
function staffClient(server: ServerProcess, bearer: string): Pusher {
  const client = connectClient(Number(new URL(server.url).port), KEY, {
    channelAuthorization: {
      customHandler: ({ socketId, channelName }, callback) => {
        void (async () => {
          const response = await fetch(`${server.url}/broadcasting/auth`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${bearer}` },
            body: new URLSearchParams({ socket_id: socketId, channel_name: channelName }).toString(),
          });
          if (!response.ok) return callback(new Error(`auth answered ${response.status}`), null);
          callback(null, await response.json());
        })();
      },
    },
  } as Parameters<typeof connectClient>[2]);
  clients.push(client);
  return client;
}

/** Resolves once the server ended the client's connection. */
function ended(client: Pusher): Promise<string> {
  return new Promise((resolve) => {
    client.connection.bind('state_change', ({ current }: { current: string }) => {
      if (current === 'disconnected' || current === 'failed' || current === 'unavailable') resolve(current);
    });
  });
}

/** A booking validated through process a: an UpdateBooking on the merchant's channel, from that process. */
async function newBooking(): Promise<string> {
  diners += 1;
  const bearer = await world!.diner({ lastname: `Revoked${diners}`, email: `revoked${diners}@example.test`, phone: `+336${String(50_000_000 + diners)}` });
  const day = addDaysToLocalDate(localDateOf(new Date(), 'Europe/Paris'), 2);
  const at = localToInstant(day, '19:30', 'Europe/Paris')!.getTime() / 1000;
  const created = await a('/api/booking/create', { merchant_slug: SLUG, datetime: at, booking_zone_id: 'all', client_count: 2 }, bearer);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  expect((await a('/api/booking/validate', { merchant_slug: SLUG, token: created.body.token }, bearer)).status).toBe(200);
  return created.body.token as string;
}

describe.skipIf(!POSTGRES_URL || !REDIS_URL)('a staff sign-out on one process ends the staff member\u2019s socket on another (PostgreSQL and Redis)', () => {
  beforeAll(async () => {
    world = await openTwoProcessWorld({
      databaseUrl: POSTGRES_URL!,
      name: 'revocation',
      merchant: { ...fixtureMerchant({ slug: SLUG, tables: 10, maxCoversPerSlot: 100 }), staff: [STAFF] },
      env: { REDIS_URL: REDIS_URL!, PUSHER_KEY: KEY, PUSHER_SECRET: 'two-process-revocation-secret' },
    });
    ({ a, servers } = world);
  }, 120_000);

  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect();
  });

  afterAll(() => world?.close(), 30_000);

  test('signed out through process a, the socket held by process b ends and hears no more bookings', async () => {
    const tablet = (await a('/api/pro/auth/login', STAFF)).body.access_token as string;
    const other = (await a('/api/pro/auth/login', STAFF)).body.access_token as string;
    const channel = (await (await fetch(`${servers[1]!.url}/api/pro/me`, { headers: { authorization: `Bearer ${tablet}` } })).json()).merchants[0]
      .channel as string;
    const signedOut = staffClient(servers[1]!, tablet);
    const stillIn = staffClient(servers[1]!, other);
    await subscribed(signedOut, channel);
    await subscribed(stillIn, channel);
    const heardBySignedOut = collectEvents(signedOut, channel, UPDATE_BOOKING_EVENT);
    const heardByOther = collectEvents(stillIn, channel, UPDATE_BOOKING_EVENT);
    // The fan-out works both ways before: a booking made on a reaches both sockets on b.
    const before = await newBooking();
    await vi.waitFor(() => expect(heardBySignedOut).toContainEqual(expect.objectContaining({ token: before })), { timeout: 10_000 });
    const gone = ended(signedOut);

    expect((await a('/api/pro/auth/logout', {}, tablet)).status).toBe(200);
    await gone;
    const after = await newBooking();
    await vi.waitFor(() => expect(heardByOther).toContainEqual(expect.objectContaining({ token: after })), { timeout: 10_000 });
    expect(heardBySignedOut.map((event) => (event as { token: string }).token)).toEqual([before]);
  }, 60_000);
});

import { randomBytes, randomInt } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bookingChannel, UPDATE_BOOKING_EVENT } from '../../src/server/realtime/booking-events.ts';
import { IMMUTABLE_CACHE, NO_CACHE, PAGE_CACHE, SHORT_CACHE } from '../../src/server/routes/site-cache.ts';
import { connectClient, connected, nextEvent, subscribed, type Pusher } from '../realtime/support.ts';
import { callApi, cleanUp, createBooking, firstOpenSlot, freePort, startScript, tempFolder, waitFor, type RunningProcess } from '../process/processes.ts';
import { decodeBody, rawGet } from '../support/raw-get.ts';
import { createPostgresDatabase } from '../support/test-database.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const unavailable = DATABASE_URL ? undefined : 'DATABASE_URL is not set (the cluster runs on PostgreSQL and Redis: npm run test:services in CI)';
if (unavailable) console.warn(`cluster.test.ts skipped: ${unavailable}`);

const SLUG = 'sakura-ramen';
let database: { url: string; drop(): Promise<void> } | undefined;
let cluster: RunningProcess;
let url: string;
let port: number;
let siteDir: string;
let apiPids: number[] = [];
let client: Pusher | undefined;

/** A phone number of its own for each guest: the per-phone limits never meet. */
const newPhone = () => `+3366${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;

/** A loopback address of its own (the whole 127/8 is this machine): rate limit counts outlive a run in Redis. */
const loopbackAddress = () => `127.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(2, 255)}`;

/** A POST through nginx from `localAddress`, the diner's address nginx sees. */
function postFrom(localAddress: string, pathname: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request(`${url}${pathname}`, { method: 'POST', localAddress, headers: { 'content-type': 'application/json' } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    sent.on('error', reject);
    sent.end(JSON.stringify(body));
  });
}

/** A POST through nginx; the status of any answer (nginx's own 502 page is not JSON), 0 when the connection failed. */
async function post(pathname: string, body: unknown, bearer?: string): Promise<{ status: number; body: any }> {
  try {
    const response = await fetch(`${url}${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
  } catch {
    return { status: 0, body: null };
  }
}

/** A guest's whole booking through nginx: a draft, the guest's details, then validate. The step that answered last is kept. */
async function guestBooking(slot: { zoneId: number | string; timestamp: number }): Promise<{ step: string; status: number; body: any; token?: string }> {
  const created = await post('/api/booking/create', { merchant_slug: SLUG, datetime: slot.timestamp, booking_zone_id: slot.zoneId, client_count: 2 });
  if (created.status !== 200) return { step: 'create', ...created };
  const token: string = created.body.token;
  const guest = await post('/api/front/user/no_account', { firstname: 'Gus', lastname: 'Guest', phone: newPhone(), bookingToken: token });
  if (guest.status !== 200) return { step: 'no_account', ...guest, token };
  const validated = await post('/api/booking/validate', { merchant_slug: SLUG, token }, guest.body.access_token);
  return { step: 'validate', ...validated, token };
}

/** The bookable times of the merchant over the coming days, through nginx. */
async function openSlots(days: number): Promise<{ zoneId: number | string; timestamp: number }[]> {
  const slots: { zoneId: number | string; timestamp: number }[] = [];
  for (let day = 2; day < 2 + days; day++) {
    const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
    const zones = await callApi(`${url}/api/booking/booking_zones/get`, { merchant_slug: SLUG, date });
    for (const zone of zones.body.bookingZones ?? []) {
      const answer = await callApi(`${url}/api/booking/booking_slots/get`, { merchant_slug: SLUG, date, bookingZoneId: zone.id, needed_seats: 2 });
      for (const slot of answer.body.slots ?? []) if (slot.available) slots.push({ zoneId: zone.id, timestamp: slot.timestamp });
    }
  }
  return slots;
}

describe.skipIf(unavailable !== undefined)(
  unavailable ? `npm run start:cluster (skipped: ${unavailable})` : 'npm run start:cluster: nginx in front of two API processes on PostgreSQL and Redis',
  () => {
    beforeAll(async () => {
      database = await createPostgresDatabase(DATABASE_URL!);
      const work = await tempFolder('cluster');
      port = await freePort();
      url = `http://127.0.0.1:${port}`;
      siteDir = path.join(work, 'site');
      cluster = startScript('scripts/start-cluster.ts', {
        PORT: String(port),
        API_PROCESSES: '2',
        DATA_DIR: path.join(work, 'data'),
        SITE_DIR: siteDir,
        DATABASE_URL: database.url,
        REDIS_URL,
        // Live events of its own: other runs on this Redis publish the same demo merchants' channels.
        REDIS_PREFIX: `couvert-cluster-${randomBytes(6).toString('hex')}`,
        PUSHER_SECRET: randomBytes(32).toString('base64'),
        BUILD_SITE: 'auto',
        LOG_LEVEL: 'warn',
        // The load below books 200 times from one machine; the per-address reset limit is the one checked here.
        DRAFT_LIMIT_PER_ADDRESS: '100000',
        DRAFT_LIMIT_PER_DEVICE: '100000',
        DRAFT_LIMIT_PER_EVENING: '100000',
        RESET_LIMIT_PER_ADDRESS: '2',
      });
      await cluster.waitForOutput(/Couvert cluster is running on \S+/, 400_000);
      apiPids = [...cluster.stdout().matchAll(/^api \d: pid (\d+)/gm)].map((match) => Number(match[1]));
    }, 420_000);

    afterAll(async () => {
      client?.disconnect();
      await cluster?.stop('SIGTERM', 30_000).catch(() => undefined);
      await cleanUp();
      await database?.drop();
    }, 60_000);

    describe('the headers real nginx sends', () => {
      test.each([
        ['a page', '/le-petit-zinc', 'br, gzip', 'br', PAGE_CACHE],
        ['a page', '/le-petit-zinc/', 'gzip', 'gzip', PAGE_CACHE],
        ['a page', '/le-petit-zinc', undefined, undefined, PAGE_CACHE],
        ['a page', '/le-petit-zinc', 'br;q=0, gzip', 'gzip', PAGE_CACHE],
        ['a page', '/le-petit-zinc', 'br;q=0, gzip;q=0', undefined, PAGE_CACHE],
        ['a token page (the shell, address kept)', '/le-petit-zinc/booking_complete/any-token', 'br', 'br', PAGE_CACHE],
        ['the service worker', '/sw.js', 'br', 'br', NO_CACHE],
        ['the service worker', '/sw.js', undefined, undefined, NO_CACHE],
        ['the manifest', '/manifest.webmanifest', 'gzip', undefined, NO_CACHE],
      ])('%s %s accepting %s: sent as %s with Cache-Control %s', async (_what, pathname, accepts, encoding, cache) => {
        const answer = await rawGet(`${url}${pathname}`, accepts ? { 'accept-encoding': accepts } : {});
        expect(answer.status).toBe(200);
        expect(answer.headers['content-encoding']).toBe(encoding);
        expect(answer.headers['cache-control']).toBe(cache);
        if (pathname !== '/manifest.webmanifest') expect(answer.headers.vary).toBe('Accept-Encoding');
        expect(answer.headers['x-content-type-options']).toBe('nosniff');
        if (pathname.endsWith('/') || !pathname.includes('.')) {
          expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
          expect(answer.headers['content-security-policy']).toContain('frame-ancestors *');
          expect(decodeBody(answer.body, encoding)).toContain('<!DOCTYPE html>');
        }
      });

      test('the site files of each cache kind: the Cache-Control nginx sends, and each encoding the same bytes as the file', async () => {
        const files = await readdir(siteDir);
        const hashed = (await readdir(path.join(siteDir, '_astro'))).find((name) => name.endsWith('.js.br'))!.replace(/\.br$/, '');
        const workbox = files.find((name) => /^workbox-[^/]+\.js$/.test(name))!;
        const cases: [path: string, cache: string, type: RegExp][] = [
          [`/_astro/${hashed}`, IMMUTABLE_CACHE, /javascript/],
          [`/${workbox}`, IMMUTABLE_CACHE, /javascript/],
          ['/sw.js', NO_CACHE, /javascript/],
          ['/lang-boot.js', SHORT_CACHE, /javascript/],
          ['/le-petit-zinc/', PAGE_CACHE, /^text\/html; charset=utf-8$/],
        ];
        for (const [pathname, cache, type] of cases) {
          const onDisk = await readFile(path.join(siteDir, pathname.endsWith('/') ? `${pathname}index.html` : pathname), 'utf8');
          for (const [accepts, encoding] of [
            ['br, gzip', 'br'],
            ['gzip', 'gzip'],
            [undefined, undefined],
          ] as const) {
            const what = `${pathname} accepting ${accepts ?? 'nothing'}`;
            const answer = await rawGet(`${url}${pathname}`, accepts ? { 'accept-encoding': accepts } : {});
            expect(answer.status, what).toBe(200);
            expect(answer.headers['content-encoding'], what).toBe(encoding);
            expect(answer.headers['cache-control'], what).toBe(cache);
            expect(answer.headers.vary, what).toBe('Accept-Encoding');
            expect(answer.headers['content-type'], what).toMatch(type);
            expect(decodeBody(answer.body, encoding), what).toBe(onDisk);
          }
        }
      });

      test('the staff book and the password pages may not be framed; an unknown page or a folder without one is the not-found page', async () => {
        for (const pathname of ['/pro/le-petit-zinc', '/auth/login']) {
          const answer = await rawGet(`${url}${pathname}`);
          expect(answer.status, pathname).toBe(200);
          expect(answer.headers['x-frame-options'], pathname).toBe('DENY');
          expect(answer.headers['content-security-policy'], pathname).toContain("frame-ancestors 'none'");
        }
        for (const pathname of ['/no-such-merchant', '/_astro/']) {
          const missing = await rawGet(`${url}${pathname}`, { 'accept-encoding': 'gzip' });
          expect(missing.status, pathname).toBe(404);
          expect(missing.headers['content-encoding'], pathname).toBe('gzip');
          expect(missing.headers['cache-control'], pathname).toBe(PAGE_CACHE);
        }
      });

      test('an API answer carries none of the site files headers (nothing tells a CDN to keep it)', async () => {
        const answer = await rawGet(`${url}/api/booking/merchants`);
        expect(answer.status).toBe(200);
        expect(answer.headers['cache-control']).toBeUndefined();
        expect(JSON.parse(answer.body.toString()).merchants).toHaveLength(3);
      });
    });

    test('a guest books through nginx, and reads the booking back', async () => {
      const booked = await guestBooking(await firstOpenSlot(url, SLUG));
      expect(booked.status, JSON.stringify(booked)).toBe(200);
      const read = await callApi(`${url}/api/booking/get`, { merchant_slug: SLUG, token: booked.token });
      expect(read.body.booking).toMatchObject({ token: booked.token, ref: booked.body.booking.ref, status: booked.body.booking.status });
    });

    test('a pusher-js client connected through nginx hears of a change to its booking', async () => {
      const slot = await firstOpenSlot(url, SLUG);
      const created = await createBooking(url, SLUG, slot);
      const token: string = created.body.token;
      const config = await callApi(`${url}/api/realtime/config`);
      client = connectClient(port, config.body.key);
      await connected(client);
      await subscribed(client, bookingChannel(token));
      // Every change goes to both processes through Redis: whichever process nginx gives the change, the socket hears it.
      const revisions: number[] = [];
      for (const seats of [3, 4]) {
        const received = nextEvent(client, bookingChannel(token), UPDATE_BOOKING_EVENT, 5000);
        expect((await createBooking(url, SLUG, slot, seats, token)).status).toBe(200);
        const event = (await received) as { token: string; revision: number };
        expect(event.token).toBe(token);
        revisions.push(event.revision);
      }
      expect(revisions[1]).toBeGreaterThan(revisions[0]!);
    }, 30_000);

    test('rate limits count each diner by the address nginx saw, not nginx', async () => {
      const [first, second] = [loopbackAddress(), loopbackAddress()];
      const forgot = (from: string) =>
        postFrom(from, '/api/user/forgot_password', { email: `cluster-${randomBytes(6).toString('hex')}@example.test`, return_url: `${url}/auth/login` });
      expect([await forgot(first), await forgot(first), await forgot(first)]).toEqual([200, 200, 429]);
      expect(await forgot(second)).toBe(200);
    });

    test('one API process killed (SIGKILL) mid-load: no answered booking is lost and diners keep booking through the other', async () => {
      expect(apiPids).toHaveLength(2);
      const slots = await openSlots(10);
      const target = 200;
      const clients = 4;
      const killAfter = 50;
      const validated: { token: string; ref: string; afterKill: boolean }[] = [];
      const failures: { step: string; status: number; token?: string }[] = [];
      let refused = 0;
      let killed = false;
      let next = 0;
      const diner = async () => {
        while (validated.length < target) {
          if (next >= slots.length * 4) throw new Error(`ran out of slots after ${validated.length} bookings`);
          const slot = slots[next++ % slots.length]!;
          const answer = await guestBooking(slot);
          if (answer.status === 200) validated.push({ token: answer.token!, ref: answer.body.booking.ref, afterKill: killed });
          else if (answer.status === 409 || answer.status === 422) refused++;
          else failures.push({ step: answer.step, status: answer.status, token: answer.token });
          if (!killed && validated.length >= killAfter) {
            killed = true;
            process.kill(apiPids[1]!, 'SIGKILL');
          }
        }
      };
      await Promise.all(Array.from({ length: clients }, diner));

      expect(killed).toBe(true);
      // Only calls in flight on the killed process at that instant fail (nginx never resends a POST): one per diner at most.
      expect(failures.length, JSON.stringify(failures)).toBeLessThanOrEqual(clients);
      for (const failure of failures) expect(failure.status).toBe(502);
      expect(validated.filter((booking) => booking.afterKill).length).toBeGreaterThanOrEqual(target - killAfter - clients);
      // Every booking the API said it made is there, firm, read through nginx.
      for (const booking of validated) {
        const read = await callApi(`${url}/api/booking/get`, { merchant_slug: SLUG, token: booking.token });
        expect(read.status, booking.token).toBe(200);
        expect(read.body.booking.ref).toBe(booking.ref);
        expect(read.body.booking.status, booking.token).not.toBeNull();
      }
      // A validate lost at the kill either ran before it (the booking is firm) or did not (still a draft): nothing half-done.
      const lostValidations: string[] = [];
      for (const failure of failures.filter((item) => item.step === 'validate')) {
        const read = await callApi(`${url}/api/booking/get`, { merchant_slug: SLUG, token: failure.token });
        expect(read.status).toBe(200);
        lostValidations.push(read.body.booking.status === null ? 'still a draft' : `made firm (status ${read.body.booking.status})`);
      }
      console.log(`validations answered 502 at the kill: ${lostValidations.join(', ') || 'none'}`);
      console.log(`cluster load: ${validated.length} validated, ${refused} refused (slot full), failed at the kill: ${JSON.stringify(failures)}`);
      // The killed process is started again by the cluster.
      await cluster.waitForOutput(/api 2 \(pid \d+\) exited \(SIGKILL\): starting it again/, 10_000);
    }, 300_000);

    test('SIGTERM stops nginx and every API process, and the cluster exits 0', async () => {
      await waitFor(() => [...cluster.stdout().matchAll(/^api 2: pid \d+/gm)].length === 2, 120_000, 'api 2 started again');
      const pids = [...cluster.stdout().matchAll(/^(?:api \d|nginx): pid (\d+)/gm)].map((match) => Number(match[1]));
      expect(await cluster.stop('SIGTERM', 30_000)).toBe(0);
      const alive = pids.filter((pid) => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      });
      expect(alive).toEqual([]);
      await expect(fetch(url)).rejects.toThrow();
    }, 180_000);
  },
);

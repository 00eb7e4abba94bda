import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addDaysToLocalDate, localDateOf, localToInstant } from '../../src/shared/local-time.ts';
import { accessTokens, bookings, diningTables, users } from '../../src/server/db/schema.ts';
import type { ServerProcess } from '../support/server-process.ts';
import type { Endpoint, Reply } from './booking-races.ts';
import { fixtureMerchant } from './fixture-merchant.ts';
import { openTwoProcessWorld, type TwoProcessWorld } from './two-process-world.ts';

// Two processes share a database only on PostgreSQL: CI runs this file with DATABASE_URL set.
const POSTGRES_URL = process.env.DATABASE_URL;
const SLUG = 'staff-races';
const STAFF = { email: 'host@staff-races.example', password: 'two hosts at one pass' };
const REPETITIONS = 8;

let world: TwoProcessWorld | undefined;
let servers: ServerProcess[] = [];
let a: Endpoint;
let b: Endpoint;
let staffA: string;
let staffB: string;
let diners = 0;
let slot = 0;

/** A diner with a phone of its own and a session, written straight into the database. */
async function diner(): Promise<{ bearer: string; phone: string }> {
  diners += 1;
  const phone = `+336${String(20_000_000 + diners)}`;
  return { bearer: await world!.diner({ lastname: `Racer${diners}`, email: `staff-racer${diners}@example.test`, phone }), phone };
}

/** A time of its own for each race (unix seconds), from the day after tomorrow on, at a dinner sitting. */
function nextTime(): number {
  const day = addDaysToLocalDate(localDateOf(new Date(), 'Europe/Paris'), 2 + Math.floor(slot / 4));
  const time = ['19:00', '19:30', '20:00', '20:30'][slot % 4]!;
  slot += 1;
  return localToInstant(day, time, 'Europe/Paris')!.getTime() / 1000;
}

let moveSlot = 0;
/**
 * Where a move race sends its two bookings: a day of its own, weeks past every booking nextTime() places, so no other
 * booking (the system seats those on any free table) can hold the race's table then and refuse both moves.
 */
function moveTarget(): number {
  const day = addDaysToLocalDate(localDateOf(new Date(), 'Europe/Paris'), 30 + moveSlot);
  moveSlot += 1;
  return localToInstant(day, '20:00', 'Europe/Paris')!.getTime() / 1000;
}

/** A pending booking made by a new diner through process a. */
async function pendingBooking(at = nextTime()): Promise<{ token: string; at: number; bearer: string; phone: string }> {
  const { bearer, phone } = await diner();
  const created = await a('/api/booking/create', { merchant_slug: SLUG, datetime: at, booking_zone_id: 'all', client_count: 2 }, bearer);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const validated = await a('/api/booking/validate', { merchant_slug: SLUG, token: created.body.token }, bearer);
  expect(validated.status, JSON.stringify(validated.body)).toBe(200);
  return { token: created.body.token as string, at, bearer, phone };
}

const staffCall = (endpoint: Endpoint, bearer: string, token: string, action: string, body: unknown = {}) =>
  endpoint(`/api/pro/${SLUG}/bookings/${token}/${action}`, body, bearer);
const statusOf = async (token: string) => (await world!.handle.db.select().from(bookings).where(eq(bookings.token, token)))[0]!;
const summary = (reply: Reply) => (reply.status === 200 ? 'ok' : `${reply.status} ${reply.body?.error_code}`);

describe.skipIf(!POSTGRES_URL)('two staff acting at once through two server processes on one PostgreSQL database', () => {
  beforeAll(async () => {
    world = await openTwoProcessWorld({
      databaseUrl: POSTGRES_URL!,
      name: 'staff-races',
      merchant: { ...fixtureMerchant({ slug: SLUG, tables: 40, maxCoversPerSlot: 1000 }), staff: [STAFF] },
    });
    ({ a, b, servers } = world);
    // Two sign-ins, one per process: two devices at the host stand.
    staffA = (await a('/api/pro/auth/login', STAFF)).body.access_token;
    staffB = (await b('/api/pro/auth/login', STAFF)).body.access_token;
  }, 120_000);

  afterAll(() => world?.close(), 30_000);

  test('confirm racing refuse on a pending booking: exactly one wins, the other is told why, never a 5xx', async () => {
    const races = await Promise.all(
      Array.from({ length: REPETITIONS }, async () => {
        const { token } = await pendingBooking();
        const [confirm, refuse] = await Promise.all([
          staffCall(a, staffA, token, 'confirm'),
          staffCall(b, staffB, token, 'refuse', { reason: 'restaurant_full' }),
        ]);
        return { confirm: summary(confirm), refuse: summary(refuse), status: (await statusOf(token)).status };
      }),
    );
    for (const race of races) {
      expect(
        [race.confirm, race.refuse].filter((outcome) => outcome === 'ok'),
        JSON.stringify(race),
      ).toHaveLength(1);
      expect(
        [race.confirm, race.refuse].find((outcome) => outcome !== 'ok'),
        JSON.stringify(race),
      ).toMatch(/^409 (invalid_transition|canceled|already_done)$/);
      expect(race.status, JSON.stringify(race)).toBe(race.confirm === 'ok' ? 20 : 25);
    }
  }, 120_000);

  test('confirm racing cancel ends as one of their two orders: cancelled either way, confirm refused only after the cancel', async () => {
    const races = await Promise.all(
      Array.from({ length: REPETITIONS }, async () => {
        const { token } = await pendingBooking();
        const [confirm, cancel] = await Promise.all([staffCall(a, staffA, token, 'confirm'), staffCall(b, staffB, token, 'cancel', {})]);
        return { confirm: summary(confirm), cancel: summary(cancel), status: (await statusOf(token)).status };
      }),
    );
    for (const race of races) {
      expect(race.cancel, JSON.stringify(race)).toBe('ok');
      expect(race.confirm, JSON.stringify(race)).toMatch(/^(ok|409 canceled|409 invalid_transition)$/);
      expect(race.status, JSON.stringify(race)).toBe(25);
    }
  }, 120_000);

  test('a diner renaming themselves racing a confirmation: both land, each at its own revision, never a 5xx', async () => {
    const races = await Promise.all(
      Array.from({ length: REPETITIONS }, async (_, index) => {
        const booking = await pendingBooking();
        const before = (await statusOf(booking.token)).revision;
        const rename = { firstname: 'Camille', lastname: `Renamed${index}`, phone: booking.phone, lang: 'fr' };
        const [renamed, confirmed] = await Promise.all([a('/api/front/user/update', rename, booking.bearer), staffCall(b, staffB, booking.token, 'confirm')]);
        const after = await statusOf(booking.token);
        const [user] = await world!.handle.db.select().from(users).where(eq(users.id, after.userId!));
        return { renamed: summary(renamed), confirmed: summary(confirmed), status: after.status, raised: after.revision - before, lastname: user!.lastname };
      }),
    );
    races.forEach((race, index) => {
      expect(race, JSON.stringify(race)).toEqual({ renamed: 'ok', confirmed: 'ok', status: 20, raised: 2, lastname: `Renamed${index}` });
    });
  }, 120_000);

  test('two bookings moved to one table at one time at once: exactly one moves, the other gets no_seats_available', async () => {
    const tables = await world!.handle.db.select().from(diningTables);
    const races = await Promise.all(
      Array.from({ length: REPETITIONS }, async (_, index) => {
        // A table of its own per race (a booking holds its table 90 minutes: races on one table would meet).
        const table = tables.find((candidate) => candidate.name === `T${40 - index}`);
        const target = moveTarget();
        const [first, second] = [await pendingBooking(), await pendingBooking()];
        const move = { datetime: target, zone_id: table!.zoneId, table_id: table!.id };
        const [one, two] = await Promise.all([staffCall(a, staffA, first.token, 'move', move), staffCall(b, staffB, second.token, 'move', move)]);
        const rows = [await statusOf(first.token), await statusOf(second.token)];
        const onTable = rows.filter((row) => row.tableId === table!.id && row.startsAt.getTime() === target * 1000);
        return { one: summary(one), two: summary(two), onTable: onTable.length };
      }),
    );
    for (const race of races) {
      expect([race.one, race.two].sort(), JSON.stringify(race)).toEqual(['409 no_seats_available', 'ok']);
      expect(race.onTable, JSON.stringify(race)).toBe(1);
    }
  }, 120_000);

  test('a day closed through one process is closed at once in the other, whose floor was cached', async () => {
    const day = addDaysToLocalDate(localDateOf(new Date(), 'Europe/Paris'), 40);
    const slots = () => b('/api/booking/booking_slots/get', { merchant_slug: SLUG, date: day, bookingZoneId: 'all', needed_seats: 2 });
    expect((await slots()).body.slots.length).toBeGreaterThan(0);
    const closed = await a(`/api/pro/${SLUG}/closings`, { kind: 'day', day }, staffA);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect((await slots()).body.slots).toEqual([]);
    const at = localToInstant(day, '19:00', 'Europe/Paris')!.getTime() / 1000;
    const created = await b('/api/booking/create', { merchant_slug: SLUG, datetime: at, booking_zone_id: 'all', client_count: 2 });
    expect(summary(created)).toBe('422 merchant_closed');
  });

  test('a day read through one process shows at once what the other process changed since: status, day, diner, closings', async () => {
    const first = await pendingBooking();
    const second = await pendingBooking(first.at);
    const day = localDateOf(new Date(first.at * 1000), 'Europe/Paris');
    const dayOf = async (server: ServerProcess) => {
      const response = await fetch(`${server.url}/api/pro/${SLUG}/bookings?day=${day}`, { headers: { authorization: `Bearer ${staffA}` } });
      expect(response.status).toBe(200);
      const rows = (await response.json()).bookings as Array<{ token: string; status: number; diner: { lastname: string } }>;
      return new Map(rows.map((row) => [row.token, row]));
    };
    // Process a has read (and keeps) the day; everything below is written elsewhere.
    expect((await dayOf(servers[0]!)).get(first.token)?.status).toBe(10);
    expect(summary(await staffCall(b, staffB, first.token, 'confirm'))).toBe('ok');
    expect((await dayOf(servers[0]!)).get(first.token)?.status).toBe(20);

    const elsewhere = localToInstant(addDaysToLocalDate(day, 1), '19:00', 'Europe/Paris')!.getTime() / 1000;
    expect(summary(await staffCall(b, staffB, second.token, 'move', { datetime: elsewhere }))).toBe('ok');
    expect((await dayOf(servers[0]!)).has(second.token)).toBe(false);

    const renamed = await b('/api/front/user/update', { firstname: 'Camille', lastname: 'Renamed', phone: first.phone, lang: 'fr' }, first.bearer);
    expect(summary(renamed)).toBe('ok');
    expect((await dayOf(servers[0]!)).get(first.token)?.diner.lastname).toBe('Renamed');

    const closing = { kind: 'range', starts_at: `${day}T15:00:00+01:00`, ends_at: `${day}T16:00:00+01:00` };
    expect(summary(await b(`/api/pro/${SLUG}/closings`, closing, staffB))).toBe('ok');
    const closings = await fetch(`${servers[0]!.url}/api/pro/${SLUG}/bookings?day=${day}`, { headers: { authorization: `Bearer ${staffA}` } });
    expect((await closings.json()).closings).toMatchObject([{ kind: 'range', starts_at: new Date(closing.starts_at).toISOString() }]);
  });

  test('two guests taking one fresh draft through both processes at once: one has it and its only bearer', async () => {
    const races = await Promise.all(
      Array.from({ length: REPETITIONS }, async (_, index) => {
        const created = await a('/api/booking/create', { merchant_slug: SLUG, datetime: nextTime(), booking_zone_id: 'all', client_count: 2 });
        const bookingToken = created.body.token as string;
        const guest = (endpoint: Endpoint, n: number) =>
          endpoint('/api/front/user/no_account', {
            firstname: `Guest${n}`,
            lastname: 'Racer',
            phone: `+336${String(40_000_000 + index * 2 + n)}`,
            lang: 'en',
            bookingToken,
          });
        const answers = await Promise.all([guest(a, 0), guest(b, 1)]);
        const [booking] = await world!.handle.db.select().from(bookings).where(eq(bookings.token, bookingToken));
        const bearers = await world!.handle.db.select().from(accessTokens).where(eq(accessTokens.bookingId, booking!.id));
        return { outcomes: answers.map(summary).sort(), bearers: bearers.length };
      }),
    );
    for (const { outcomes, bearers } of races) {
      // Refused at the write when both read the draft free, or asked for a code when the other had it before this one read.
      expect([
        ['403 booking_forbidden', 'ok'],
        ['403 identity_proof_required', 'ok'],
      ]).toContainEqual(outcomes);
      expect(bearers).toBe(1);
    }
  }, 120_000);

  test('one identity code checked through both processes at once is used once', async () => {
    const smsDir = path.join(world!.work, 'data', 'outbox', 'sms');
    /** The code in the newest SMS to `phone`, waiting for it (the server sends after answering). */
    const codeFor = async (phone: string): Promise<string> => {
      for (let tries = 0; tries < 100; tries++) {
        const names = (await readdir(smsDir).catch(() => [] as string[])).sort().reverse();
        for (const name of names) {
          const text = await readFile(path.join(smsDir, name), 'utf8');
          if (text.startsWith(`To: ${phone}\n`)) return /\b(\d{6})\b/.exec(text)![1]!;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no SMS to ${phone}`);
    };
    const races = await Promise.all(
      Array.from({ length: REPETITIONS }, async (_, index) => {
        const phone = `+336${String(30_000_000 + index)}`;
        const guest = { firstname: 'Nora', lastname: 'Guest', phone, lang: 'en' };
        const created = await a('/api/booking/create', { merchant_slug: SLUG, datetime: nextTime(), booking_zone_id: 'all', client_count: 2 });
        const bookingToken = created.body.token as string;
        expect((await a('/api/front/user/no_account', { ...guest, bookingToken })).status).toBe(200);
        // A second device asks for a code, then both processes are sent that one code at once.
        const second = { firstname: 'Other', lastname: 'Device', phone: '+33611112222', lang: 'en', bookingToken };
        expect((await b('/api/front/user/no_account', second)).body.error_code).toBe('identity_proof_required');
        const code = await codeFor(phone);
        const answers = await Promise.all([a('/api/front/user/no_account', { ...second, code }), b('/api/front/user/no_account', { ...second, code })]);
        return answers.map(summary).sort();
      }),
    );
    for (const outcomes of races) expect(outcomes).toEqual(['403 identity_proof_invalid', 'ok']);
  }, 120_000);
});

import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addDaysToLocalDate, localDateOf, localToInstant } from '../../src/shared/local-time.ts';
import { bookings, merchants } from '../../src/server/db/schema.ts';
import type { Endpoint, Reply } from './booking-races.ts';
import { fixtureMerchant } from './fixture-merchant.ts';
import { openTwoProcessWorld, type TwoProcessWorld } from './two-process-world.ts';

// Two processes share a database only on PostgreSQL: CI runs this file with DATABASE_URL set.
const POSTGRES_URL = process.env.DATABASE_URL;
const SLUG = 'day-locks';
const STAFF = { email: 'host@day-locks.example', password: 'one lock per day' };
const TZ = 'Europe/Paris';
const ROUNDS = 4;
const VALIDATIONS = 24;

let world: TwoProcessWorld | undefined;
let a: Endpoint;
let b: Endpoint;
let staffBearer: string;
let merchantId: string;
let diners = 0;

/** A diner with a phone of its own and a session, written straight into the database. */
async function diner(): Promise<string> {
  diners += 1;
  return world!.diner({ lastname: `Locker${diners}`, email: `locker${diners}@example.test`, phone: `+336${String(40_000_000 + diners)}` });
}

const summary = (reply: Reply) => (reply.status === 200 ? 'ok' : `${reply.status} ${reply.body?.error_code}`);
const unixAt = (day: string, time: string) => localToInstant(day, time, TZ)!.getTime() / 1000;
const today = () => localDateOf(new Date(), TZ);

describe.skipIf(!POSTGRES_URL)('merchant-day locks through two server processes on one PostgreSQL database', () => {
  beforeAll(async () => {
    // A dinner, and a late sitting just past midnight: 23:45 of one day and 00:00 of the next are both bookable.
    const hours = [
      { start: '00:00', end: '00:30' },
      { start: '19:00', end: '23:45' },
    ];
    const definition = {
      ...fixtureMerchant({ slug: SLUG, tables: 60, maxCoversPerSlot: 1000 }),
      shifts: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, slots: hours })),
      staff: [STAFF],
    };
    world = await openTwoProcessWorld({ databaseUrl: POSTGRES_URL!, name: 'day-locks', merchant: definition });
    ({ a, b } = world);
    merchantId = (await world.handle.db.select().from(merchants).where(eq(merchants.slug, SLUG)))[0]!.id;
    staffBearer = (await a('/api/pro/auth/login', STAFF)).body.access_token;
  }, 120_000);

  afterAll(() => world?.close(), 30_000);

  test('a day closed through one process while diners validate through the other lists every booking left in it', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const day = addDaysToLocalDate(today(), 3 + round);
      const times = ['19:00', '19:30', '20:00', '20:30', '21:00', '21:30'];
      const drafts = await Promise.all(
        Array.from({ length: VALIDATIONS }, async (_, index) => {
          const bearer = await diner();
          const created = await a(
            '/api/booking/create',
            { merchant_slug: SLUG, datetime: unixAt(day, times[index % times.length]!), booking_zone_id: 'all', client_count: 2 },
            bearer,
          );
          expect(created.status, JSON.stringify(created.body)).toBe(200);
          return { bearer, token: created.body.token as string };
        }),
      );
      // Half the validations are on their way when the day is closed; the other half are sent right behind it.
      const early = drafts.slice(0, VALIDATIONS / 2).map((draft) => b('/api/booking/validate', { merchant_slug: SLUG, token: draft.token }, draft.bearer));
      const closing = a(`/api/pro/${SLUG}/closings`, { kind: 'day', day }, staffBearer);
      const late = drafts.slice(VALIDATIONS / 2).map((draft) => b('/api/booking/validate', { merchant_slug: SLUG, token: draft.token }, draft.bearer));
      const [closed, ...validations] = await Promise.all([closing, ...early, ...late]);
      expect(summary(closed!), JSON.stringify(closed!.body)).toBe('ok');
      // Each validation either went through before the closing or was told the day is closed.
      for (const validation of validations) expect(summary(validation)).toMatch(/^(ok|422 merchant_closed)$/);

      const span = { from: new Date(closed!.body.closing.starts_at), to: new Date(closed!.body.closing.ends_at) };
      const inDay = await world!.handle.db
        .select({ token: bookings.token })
        .from(bookings)
        .where(and(eq(bookings.merchantId, merchantId), inArray(bookings.status, [10, 20]), gte(bookings.startsAt, span.from), lt(bookings.startsAt, span.to)));
      const affected = new Set((closed!.body.affected.bookings as Array<{ token: string }>).map((booking) => booking.token));
      expect(inDay.map((booking) => booking.token).filter((token) => !affected.has(token))).toEqual([]);
      expect(affected.size).toBe(validations.filter((validation) => validation.status === 200).length);
    }
  }, 120_000);

  test('diners booking at once either side of midnight, through the two processes, all get a table (tables are free)', async () => {
    const PAIRS = 3;
    const races = await Promise.all(
      Array.from({ length: 24 }, async (_, index) => {
        const day = addDaysToLocalDate(today(), 10 + index);
        const bearers = await Promise.all(Array.from({ length: 2 * PAIRS }, diner));
        // Each would take the same table (the smallest that fits, first by id) if nothing serialised them.
        const replies = await Promise.all(
          bearers.map((bearer, n) =>
            (n % 2 ? b : a)(
              '/api/booking/create',
              {
                merchant_slug: SLUG,
                datetime: n % 2 ? unixAt(addDaysToLocalDate(day, 1), '00:00') : unixAt(day, '23:45'),
                booking_zone_id: 'all',
                client_count: 2,
              },
              bearer,
            ),
          ),
        );
        return replies.map(summary);
      }),
    );
    expect(races).toEqual(races.map(() => Array.from({ length: 2 * PAIRS }, () => 'ok')));
  }, 120_000);
});

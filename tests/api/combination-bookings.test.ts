import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { bookingTables, bookings } from '../../src/server/db/schema.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { combinationMerchant, floorIds } from '../proof/combination-race-world.ts';
import { bookValidated, call, expectError, expectOk, isAvailable } from './api-helpers.ts';

// Bookings on a combination through the API: T1+T2 joined for 3 or 4, T3 (1-4) not online; turn times by party size.
const t = useTestServer({ demo: false });
const SLUG = 'combined';
const STAFF = { email: 'host@combined.example', password: 'two tables as one' };
const DAY = '2026-11-25';
// Wednesday 2026-11-25 in Paris (UTC+1); the test clock stands on Monday.
const unixAt = (hhmm: string) => Math.floor(Date.parse(`${DAY}T${hhmm}:00+01:00`) / 1000);
let bearer = '';
let ids: Awaited<ReturnType<typeof floorIds>>;

beforeAll(async () => {
  const definition = combinationMerchant(SLUG, [STAFF]);
  await t.importMerchant({
    ...definition,
    settings: {
      ...definition.settings,
      durationByPartySize: [
        { upTo: 2, minutes: 60 },
        { upTo: 4, minutes: 120 },
      ],
    },
  });
  bearer = expectOk(await t.post('/api/pro/auth/login', STAFF)).body.access_token;
  ids = await floorIds(t.database.db, SLUG);
}, 60_000);

const heldBy = async (token: string) => {
  const [booking] = await t.database.db.select().from(bookings).where(eq(bookings.token, token));
  const rows = await t.database.db.select().from(bookingTables).where(eq(bookingTables.bookingId, booking!.id));
  return { booking: booking!, rows: rows.sort((a, b) => (a.tableId < b.tableId ? -1 : 1)) };
};
const dayRow = async (token: string) =>
  expectOk(await t.get(`/api/pro/${SLUG}/bookings?day=${DAY}`, { bearer })).body.bookings.find((row: { token: string }) => row.token === token);

describe('a booking on a combination', () => {
  test('a party of 4 is given T1+T2 for its turn time; every table is held, listed in the book, and freed by a cancellation', async () => {
    const { token, bearer: diner } = await bookValidated(t, { slug: SLUG, at: unixAt('12:00'), zone: 'all', seats: 4 });
    const { booking, rows } = await heldBy(token);
    expect(booking.endsAt.getTime() - booking.startsAt.getTime()).toBe(120 * 60_000);
    expect(rows.map((row) => [row.tableId, row.holdsTable, row.startsAt.getTime(), row.endsAt.getTime()])).toEqual(
      [ids.table.T1!, ids.table.T2!].sort().map((id) => [id, true, booking.startsAt.getTime(), booking.endsAt.getTime()]),
    );
    expect((await dayRow(token)).tables.map((table: { name: string }) => table.name)).toEqual(['T1', 'T2']);
    // Both tables are taken: a party of 2 finds none online (T3 is not), until the combination is cancelled.
    expect(await isAvailable(t, SLUG, DAY, '12:30', 'all', 2)).toBe(false);
    expectOk(await call(t, 'cancel', SLUG, token, diner));
    expect((await heldBy(token)).rows.every((row) => !row.holdsTable)).toBe(true);
    expect(await isAvailable(t, SLUG, DAY, '12:30', 'all', 2)).toBe(true);
  });

  test('staff book a table that is not online, and move a booking onto a combination by naming one of its tables', async () => {
    const { token } = await bookValidated(t, { slug: SLUG, at: unixAt('19:00'), zone: 'all', seats: 4 });
    // T1 and T2 are taken at 19:00: a diner's party of 2 is refused, staff are given T3.
    expectError(
      await t.post('/api/booking/create', { merchant_slug: SLUG, datetime: unixAt('19:30'), booking_zone_id: 'all', client_count: 2 }),
      409,
      'no_seats_available',
    );
    const taken = expectOk(
      await t.post(`/api/pro/${SLUG}/bookings`, { datetime: unixAt('19:30'), party: 2, firstname: 'Walk', phone: '+33612345678' }, { bearer }),
    ).body.booking;
    expect((await dayRow(taken.token)).tables.map((table: { name: string }) => table.name)).toEqual(['T3']);
    // Moved to 21:00 by naming T2: the party of 4 takes T1+T2 again, and its rows follow.
    expectOk(await t.post(`/api/pro/${SLUG}/bookings/${token}/move`, { datetime: unixAt('21:00'), table_id: ids.table.T2 }, { bearer }));
    const { booking, rows } = await heldBy(token);
    expect(rows.map((row) => row.startsAt.getTime())).toEqual([booking.startsAt.getTime(), booking.startsAt.getTime()]);
    expect(booking.startsAt.getTime()).toBe(unixAt('21:00') * 1000);
    const atSeven = await t.database.db
      .select()
      .from(bookingTables)
      .where(and(eq(bookingTables.bookingId, booking.id), eq(bookingTables.startsAt, new Date(unixAt('19:00') * 1000))));
    expect(atSeven).toEqual([]);
  });
});

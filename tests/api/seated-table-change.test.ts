/**
 * A seated party changes table at its own time (the timeline's drag of a seated diner's bar to another row): its time
 * has passed, so only that move is allowed into the past; its end is kept, the new table must be free, and a party
 * not seated still cannot be moved into the past.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';
import { expectError, expectOk, fixtureMerchant, unix, uniqueSlug } from './api-helpers.ts';

const t = useTestServer({ demo: false });
let slug: string;
let bearer: string;
let tables: Record<string, string>;

const SEATED_AT = unix('2026-11-25T19:20:00+01:00');

beforeAll(async () => {
  t.clock.set('2026-11-25T18:20:00Z');
  slug = uniqueSlug('seated-move');
  const who = { email: `host@${slug}.example`, password: `the passphrase of ${slug}` };
  await t.importMerchant({
    ...fixtureMerchant(slug),
    zones: [{ name: 'Salle', tables: ['A1', 'A2', 'A3'].map((name) => ({ name, minSeats: 1, maxSeats: 4 })) }],
    staff: [who],
  });
  bearer = expectOk(await t.post('/api/pro/auth/login', who)).body.access_token as string;
  const day = expectOk(await t.get(`/api/pro/${slug}/bookings?day=2026-11-25`, { bearer })).body;
  tables = Object.fromEntries(day.zones[0].tables.map((table: { id: string; name: string }) => [table.name, table.id]));
}, 60_000);

/** Seats a walk-in at 19:20 (the clock set there) on the named table; answers its token and its end. */
async function seat(table: string): Promise<{ token: string; ends_at: string }> {
  t.clock.set('2026-11-25T18:20:00Z');
  const body = { datetime: SEATED_AT, party: 2, table_id: tables[table], firstname: 'Walk-in', walk_in: true };
  return expectOk(await t.post(`/api/pro/${slug}/bookings`, body, { bearer })).body.booking;
}

const move = (token: string, body: Record<string, unknown>) => t.post(`/api/pro/${slug}/bookings/${token}/move`, body, { bearer });

async function rowOf(token: string): Promise<{ tables: { name: string }[]; time: string }> {
  const day = expectOk(await t.get(`/api/pro/${slug}/bookings?day=2026-11-25`, { bearer })).body;
  return day.bookings.find((booking: { token: string }) => booking.token === token);
}

describe('a seated party changing table once its time has passed', () => {
  test('moves to a free table at its own time, keeping its end; the old table is free again', async () => {
    const seated = await seat('A1');
    t.clock.set('2026-11-25T18:50:00Z');
    const moved = expectOk(await move(seated.token, { datetime: SEATED_AT, table_id: tables.A2 })).body.booking;
    expect(moved.ends_at).toBe(seated.ends_at);
    expect(await rowOf(seated.token)).toMatchObject({ time: '19:20', tables: [{ name: 'A2' }] });
    // A walk-in now takes the table it left.
    t.clock.set('2026-11-25T18:50:00Z');
    const next = { datetime: unix('2026-11-25T19:50:00+01:00'), party: 2, table_id: tables.A1, firstname: 'Walk-in', walk_in: true };
    expectOk(await t.post(`/api/pro/${slug}/bookings`, next, { bearer }));
  });

  test.each([
    ['to a table another seated party holds', 'A1', 0, 409, 'no_seats_available'],
    ['to another time in the past', 'A3', -15 * 60, 409, 'booking_time_passed'],
  ])('is refused %s, and stays where it was', async (_case, table, shift, status, code) => {
    const seated = await seat('A3');
    t.clock.set('2026-11-25T18:55:00Z');
    expectError(await move(seated.token, { datetime: SEATED_AT + shift, table_id: tables[table] }), status, code);
    expect(await rowOf(seated.token)).toMatchObject({ time: '19:20', tables: [{ name: 'A3' }] });
    // The party leaves: its table is free for the next case.
    expectOk(await t.post(`/api/pro/${slug}/bookings/${seated.token}/finish`, {}, { bearer }));
  });
});

import { beforeAll, describe, expect, test } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';
import { expectError, expectOk, fixtureMerchant, unix, uniqueSlug } from './api-helpers.ts';

const t = useTestServer({ demo: false });
let slug: string;
let bearer: string;

beforeAll(async () => {
  t.clock.set('2026-11-25T18:20:00Z');
  slug = uniqueSlug('walk-in');
  const who = { email: `host@${slug}.example`, password: `the passphrase of ${slug}` };
  await t.importMerchant({
    ...fixtureMerchant(slug),
    zones: [
      {
        name: 'Salle',
        tables: [
          // The window table: staff only, never given online.
          { name: 'W1', minSeats: 1, maxSeats: 4, online: false, plan: { x: 20, y: 30, shape: 'round' } },
          { name: 'S1', minSeats: 1, maxSeats: 4, plan: { x: 60, y: 30, shape: 'square' } },
          { name: 'B1', minSeats: 1, maxSeats: 2 },
        ],
      },
    ],
    staff: [who],
  });
  bearer = expectOk(await t.post('/api/pro/auth/login', who)).body.access_token as string;
}, 60_000);

const NOW = unix('2026-11-25T19:20:00+01:00');

/** The day's zones as the book reads them (the plan's tables and their ids). */
async function tablesByName(): Promise<Record<string, { id: string; online: boolean }>> {
  const day = expectOk(await t.get(`/api/pro/${slug}/bookings?day=2026-11-25`, { bearer })).body;
  return Object.fromEntries(
    day.zones.flatMap((zone: { tables: { id: string; name: string; online: boolean }[] }) => zone.tables.map((table) => [table.name, table])),
  );
}

describe('a walk-in seated from the plan: the staff booking call with the table staff chose', () => {
  test('seats the party now on a staff-only (online: false) table, arrived at once; the table is then taken', async () => {
    const tables = await tablesByName();
    expect(tables.W1).toMatchObject({ online: false });
    const seated = expectOk(
      await t.post(`/api/pro/${slug}/bookings`, { datetime: NOW, party: 4, table_id: tables.W1!.id, firstname: 'Walk-in', walk_in: true }, { bearer }),
    ).body.booking;
    expect(seated).toMatchObject({ status: 20, arrived_at: '2026-11-25T18:20:00.000Z' });

    // The book's plan reads it on that table: seated since now.
    const row = expectOk(await t.get(`/api/pro/${slug}/bookings?day=2026-11-25`, { bearer })).body.bookings.find(
      (booking: { token: string }) => booking.token === seated.token,
    );
    expect(row).toMatchObject({ party: 4, tables: [{ id: tables.W1!.id, name: 'W1' }], arrived_at: '2026-11-25T18:20:00.000Z' });

    // A second walk-in on the same table while the first sits there is refused; the other table takes it.
    expectError(
      await t.post(`/api/pro/${slug}/bookings`, { datetime: NOW, party: 2, table_id: tables.W1!.id, firstname: 'Walk-in', walk_in: true }, { bearer }),
      409,
      'no_seats_available',
    );
    expectOk(await t.post(`/api/pro/${slug}/bookings`, { datetime: NOW, party: 2, table_id: tables.S1!.id, firstname: 'Walk-in', walk_in: true }, { bearer }));
  });

  test('a party larger than the chosen table is refused, and no other table is given instead', async () => {
    const tables = await tablesByName();
    expectError(
      await t.post(`/api/pro/${slug}/bookings`, { datetime: NOW, party: 4, table_id: tables.B1!.id, firstname: 'Walk-in', walk_in: true }, { bearer }),
      409,
      'no_seats_available',
    );
  });
});

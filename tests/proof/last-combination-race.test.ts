import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { insertBooking, insertBookingUnlessRefTaken, sqlStateOf, EXCLUSION_VIOLATION } from '../../src/server/db/booking-store.ts';

// PostgreSQL resolves two inserts waiting on each other's conflicting rows by failing one as a deadlock (the
// application's day locks keep its own writers from ever meeting so, and retryOnConflict would run such a victim again).
const DEADLOCK = '40P01';
const REFUSALS = new Set([EXCLUSION_VIOLATION, DEADLOCK]);
import { bookings } from '../../src/server/db/schema.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { combinationMerchant, floorIds, heldTables, PARTY } from './combination-race-world.ts';

// 100 parties of 4 race for the last combination (T1+T2): through the API (create then validate), and straight into
// the database past every lock of the application, where only the exclusion constraint on booking_tables stands.
// PGlite by default; PostgreSQL with DATABASE_URL (tests/support picks the database).
const PARTIES = 100;
// Straight into the database: enough writers to meet on every table, few enough that PostgreSQL's deadlock detector
// (a second per wait cycle) does not make the file slow.
const INSERTS = 16;
const SLUG = 'last-combination';
// Wednesday 2026-11-25 12:00 in Paris; the test clock stands on Monday.
const AT = new Date('2026-11-25T11:00:00Z');
const END = new Date(AT.getTime() + 90 * 60_000);

const t = useTestServer({ demo: false, listen: true });
beforeAll(async () => {
  await t.importMerchant(combinationMerchant(SLUG));
}, 60_000);

async function post(path: string, body: unknown, bearer: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

describe(`${PARTIES} parties of ${PARTY} race over real HTTP for the last combination`, () => {
  let outcomes: Array<{ won: boolean; refusedWith?: string; token?: string }>;
  beforeAll(async () => {
    const bearers: string[] = [];
    for (let i = 0; i < PARTIES; i++) bearers.push((await t.signIn()).bearer);
    outcomes = await Promise.all(
      bearers.map(async (bearer) => {
        const datetime = Math.floor(AT.getTime() / 1000);
        const created = await post('/api/booking/create', { merchant_slug: SLUG, datetime, booking_zone_id: 'all', client_count: PARTY }, bearer);
        if (created.status !== 200) return { won: false, refusedWith: created.body.error_code };
        const validated = await post('/api/booking/validate', { merchant_slug: SLUG, token: created.body.token }, bearer);
        if (validated.status !== 200) return { won: false, refusedWith: validated.body.error_code };
        return { won: true, token: created.body.token };
      }),
    );
  }, 180_000);

  test('exactly one party wins; every other is told no_seats_available', () => {
    expect(outcomes.filter((outcome) => outcome.won)).toHaveLength(1);
    expect(new Set(outcomes.filter((outcome) => !outcome.won).map((outcome) => outcome.refusedWith))).toEqual(new Set(['no_seats_available']));
  });

  test('the winner holds both tables of the combination, and no one else holds either (T3, not online, was never given)', async () => {
    const [winner] = await t.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.token, outcomes.find((outcome) => outcome.won)!.token!));
    expect(winner!.joinedTableIds).toHaveLength(1);
    expect(await heldTables(t.database.db, SLUG, AT, END)).toEqual({ T1: [winner!.id], T2: [winner!.id] });
  });
});

describe(`${INSERTS} inserts race straight into the database for the same tables, past the application's locks`, () => {
  test('of combinations T1+T2 and T2+T1 and singles on T1 or T2, the holds left never overlap on a table; each refusal is the exclusion constraint (or its deadlock victim)', async () => {
    const { merchantId, zoneId, table } = await floorIds(t.database.db, SLUG);
    const at = new Date('2026-11-25T18:00:00Z');
    const shapes = [
      { tableId: table.T1!, joinedTableIds: [table.T2!] },
      { tableId: table.T2!, joinedTableIds: [table.T1!] },
      { tableId: table.T1!, joinedTableIds: [] },
      { tableId: table.T2!, joinedTableIds: [] },
    ];
    const results = await Promise.allSettled(
      Array.from({ length: INSERTS }, (_, i) =>
        t.database.db.transaction((tx) =>
          insertBooking(tx, {
            merchantId,
            zoneId,
            ...shapes[i % shapes.length]!,
            token: randomUUID(),
            manageKey: randomUUID(),
            ref: `R${i}`,
            status: 20,
            // Each starts a few minutes apart, so the holds overlap in many ways.
            startsAt: new Date(at.getTime() + (i % 7) * 5 * 60_000),
            endsAt: new Date(at.getTime() + (i % 7) * 5 * 60_000 + 90 * 60_000),
            localDate: '2026-11-25',
            clientCount: 2,
          }),
        ),
      ),
    );
    const refused = results.filter((result) => result.status === 'rejected');
    expect(refused.filter((result) => !REFUSALS.has(sqlStateOf(result.reason) ?? '')).map((result) => String(result.reason))).toEqual([]);
    expect(results.length - refused.length).toBeGreaterThanOrEqual(1);
    const held = await heldTables(t.database.db, SLUG, at, new Date(at.getTime() + 4 * 3600_000));
    const rows = await t.database.db.select().from(bookings).where(eq(bookings.merchantId, merchantId));
    const spanOf = new Map(rows.map((row) => [row.id, [row.startsAt.getTime(), row.endsAt.getTime()]] as const));
    for (const ids of Object.values(held)) {
      const spans = ids.map((id) => spanOf.get(id)!).sort((a, b) => a[0] - b[0]);
      for (let i = 1; i < spans.length; i++) expect(spans[i]![0]).toBeGreaterThanOrEqual(spans[i - 1]![1]);
    }
  }, 120_000);

  test(`of ${INSERTS} combinations T1+T2 at one time, exactly one is written`, async () => {
    const { merchantId, zoneId, table } = await floorIds(t.database.db, SLUG);
    const at = new Date('2026-11-26T11:00:00Z');
    const combination = (i: number) =>
      insertBooking(t.database.db, {
        merchantId,
        zoneId,
        tableId: i % 2 ? table.T1! : table.T2!,
        joinedTableIds: [i % 2 ? table.T2! : table.T1!],
        token: randomUUID(),
        manageKey: randomUUID(),
        ref: `C${i}`,
        status: 20,
        startsAt: at,
        endsAt: new Date(at.getTime() + 90 * 60_000),
        localDate: '2026-11-26',
        clientCount: PARTY,
      });
    const results = await Promise.allSettled(Array.from({ length: INSERTS }, (_, i) => combination(i)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    // Which refusal each loser gets is PostgreSQL's choice: two inserts that see each other's uncommitted holds both
    // wait, and the deadlock detector may fail every loser before the winner commits (CI saw all 15 so).
    const refused = results.filter((result) => result.status === 'rejected');
    expect(refused.filter((result) => !REFUSALS.has(sqlStateOf(result.reason) ?? '')).map((result) => String(result.reason))).toEqual([]);
    // Once the winner has committed, the constraint itself refuses the same combination.
    const late = await combination(INSERTS).then(
      () => undefined,
      (error: unknown) => sqlStateOf(error),
    );
    expect(late).toBe(EXCLUSION_VIOLATION);
  }, 120_000);
});

describe('a booking inserted under a reference', () => {
  test('its merchant already uses writes nothing and keeps the transaction; a table taken still fails as a double booking', async () => {
    const { merchantId, zoneId, table } = await floorIds(t.database.db, SLUG);
    const at = new Date('2026-11-27T11:00:00Z');
    const values = (ref: string, tableId: string, hour: number) => ({
      merchantId,
      zoneId,
      tableId,
      token: randomUUID(),
      manageKey: randomUUID(),
      ref,
      status: 20,
      startsAt: new Date(at.getTime() + hour * 3600_000),
      endsAt: new Date(at.getTime() + hour * 3600_000 + 90 * 60_000),
      localDate: '2026-11-27',
      clientCount: 2,
    });
    const written = await t.database.db.transaction(async (tx) => {
      const first = await insertBookingUnlessRefTaken(tx, values('REF1', table.T1!, 0));
      const clash = await insertBookingUnlessRefTaken(tx, values('REF1', table.T2!, 0));
      // The transaction goes on after the clash: the next reference is written in it.
      const next = await insertBookingUnlessRefTaken(tx, values('REF2', table.T2!, 0));
      return { first, clash, next };
    });
    expect(written.first?.ref).toBe('REF1');
    expect(written.clash).toBeUndefined();
    expect(written.next?.ref).toBe('REF2');
    const overlap = insertBookingUnlessRefTaken(t.database.db, values('REF3', table.T1!, 1));
    await expect(overlap.catch((error: unknown) => sqlStateOf(error))).resolves.toBe(EXCLUSION_VIOLATION);
  });
});

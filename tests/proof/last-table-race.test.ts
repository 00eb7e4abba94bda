import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { bookings, merchants } from '../../src/server/db/schema.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { fixtureMerchant } from './fixture-merchant.ts';

const DINERS = 50;
// Wednesday 2026-11-25 12:00 in Paris; the test clock stands on Monday.
const AT = new Date('2026-11-25T11:00:00Z');
const PARTY = 2;

interface Outcome {
  won: boolean;
  /** error_code of the refusal, at create or at validate. */
  refusedWith?: string;
  stage?: 'create' | 'validate';
  token?: string;
}

const t = useTestServer({ demo: false, listen: true });
beforeAll(async () => {
  await t.importMerchant(fixtureMerchant({ slug: 'one-table', tables: 1, maxCoversPerSlot: 100 }));
  // Ten zones: diners spread over them pick different tables, so only pacing (not the table) can refuse them.
  await t.importMerchant(fixtureMerchant({ slug: 'paced', tables: 2, zones: 10, maxCoversPerSlot: PARTY }));
}, 60_000);

async function call(path: string, body: unknown, bearer: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** One diner: create a draft on the slot in a zone, then validate it. */
async function dine(slug: string, zoneId: string, bearer: string): Promise<Outcome> {
  const created = await call(
    '/api/booking/create',
    { merchant_slug: slug, datetime: Math.floor(AT.getTime() / 1000), booking_zone_id: zoneId, client_count: PARTY },
    bearer,
  );
  if (created.status !== 200) return { won: false, refusedWith: created.body.error_code, stage: 'create' };
  const validated = await call('/api/booking/validate', { merchant_slug: slug, token: created.body.token }, bearer);
  if (validated.status !== 200) return { won: false, refusedWith: validated.body.error_code, stage: 'validate' };
  return { won: true, token: created.body.token };
}

async function race(slug: string): Promise<Outcome[]> {
  const zones = await t.post('/api/booking/booking_zones/get', { merchant_slug: slug, date: '2026-11-25' });
  const zoneIds: string[] = zones.body.bookingZones.map((zone: { id: string }) => zone.id);
  const bearers: string[] = [];
  for (let i = 0; i < DINERS; i++) bearers.push((await t.signIn()).bearer);
  // Every diner is ready before the first request leaves, so the 50 really overlap.
  return Promise.all(bearers.map((bearer, i) => dine(slug, zoneIds[i % zoneIds.length]!, bearer)));
}

async function bookingsHoldingTheSlot(slug: string) {
  const [merchant] = await t.database.db.select().from(merchants).where(eq(merchants.slug, slug));
  const end = new Date(AT.getTime() + 90 * 60_000);
  return t.database.db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.merchantId, merchant!.id),
        eq(bookings.holdsTable, true),
        inArray(bookings.status, [10, 20]),
        lt(bookings.startsAt, end),
        gt(bookings.endsAt, AT),
      ),
    );
}

describe.each([
  { slug: 'one-table', limit: 'the single table', tables: 1 },
  { slug: 'paced', limit: 'maxCoversPerSlot (20 free tables in 10 zones, room for one party)', tables: 20 },
])('50 diners race over real HTTP for the last place when $limit is the limit', ({ slug }) => {
  let outcomes: Outcome[];
  beforeAll(async () => {
    outcomes = await race(slug);
  }, 120_000);

  test('exactly one diner gets the booking', () => {
    expect(outcomes.filter((outcome) => outcome.won)).toHaveLength(1);
  });

  test('the 49 others are told no_seats_available, at create or at validate', () => {
    const refusals = outcomes.filter((outcome) => !outcome.won).map((outcome) => outcome.refusedWith);
    expect(refusals).toHaveLength(DINERS - 1);
    expect(new Set(refusals)).toEqual(new Set(['no_seats_available']));
  });

  test('the database holds exactly one firm booking at that time, the winner\u2019s', async () => {
    const held = await bookingsHoldingTheSlot(slug);
    expect(held).toHaveLength(1);
    expect(held[0]!.token).toBe(outcomes.find((outcome) => outcome.won)!.token);
    expect(held[0]!.status).toBe(10);
  });

  test('no draft is left holding a table beside the winner', async () => {
    const [merchant] = await t.database.db.select().from(merchants).where(eq(merchants.slug, slug));
    const holding = await t.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.merchantId, merchant!.id), eq(bookings.holdsTable, true)));
    expect(holding).toHaveLength(1);
  });
});

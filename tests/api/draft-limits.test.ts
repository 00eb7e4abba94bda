import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { bookings, merchants } from '../../src/server/db/schema.ts';
import type { MerchantWithFloor } from '../../src/server/domain/merchant-floor.ts';
import { eveningOf } from '../../src/server/routes/draft-limits.ts';
import type { Answer } from '../support/test-server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { expectError, expectOk, importFixture, unix, type Fixture } from './api-helpers.ts';

// The clock stands on Monday 2026-11-23 09:00 UTC; Wednesday's evening in Paris is 19:00-22:30 (18:00-21:30 UTC).
const LIMITS = { perAddress: 8, perDevice: 4, perEvening: 30 };
const TEN_TABLES = {
  shifts: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, slots: [{ start: '19:00', end: '22:30' }] })),
  settings: { slotIntervalMinutes: 15 },
  zones: [{ name: 'Salle', tables: Array.from({ length: 10 }, (_, i) => ({ name: `T${i + 1}`, minSeats: 1, maxSeats: 4 })) }],
};
// Every slot of Wednesday's evening: 19:00 to 21:00 (the last that ends by 22:30), every 15 minutes.
const EVENING = Array.from({ length: 9 }, (_, i) => unix('2026-11-25T18:00:00Z') + i * 15 * 60);

// As behind the load balancer: X-Forwarded-For names each client.
const t = useTestServer({ demo: false, trustProxy: true, limits: { drafts: LIMITS } });

const deviceId = () => randomBytes(16).toString('base64url');
let addressCounter = 0;
/** An address no other test uses. */
const newAddress = () => `198.18.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

/** A new draft for two at `at` from `address` (and `device`, when given). */
function draft(fixture: Fixture, at: number, address: string, device?: string): Promise<Answer> {
  const headers: Record<string, string> = { 'x-forwarded-for': address, ...(device ? { 'x-couvert-device': device } : {}) };
  return t.post('/api/booking/create', { merchant_slug: fixture.slug, datetime: at, booking_zone_id: 'all', client_count: 2 }, { headers });
}

/** How many of the merchant's bookings hold a table. */
async function tablesHeld(fixture: Fixture): Promise<number> {
  const rows = await t.database.db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(merchants, eq(merchants.id, bookings.merchantId))
    .where(and(eq(merchants.slug, fixture.slug), eq(bookings.holdsTable, true)));
  return rows.length;
}

const statuses = (answers: Answer[]) => answers.map((answer) => answer.status);
const countOf = (answers: Answer[], status: number) => answers.filter((answer) => answer.status === status).length;

describe('new drafts are limited per client address, per device and per merchant-evening', () => {
  test('a burst of 120 anonymous creates from one address gets 429s and holds no more tables than its limit', async () => {
    const fixture = await importFixture(t, 'burst', TEN_TABLES);
    const address = newAddress();
    const answers = await Promise.all(Array.from({ length: 120 }, (_, i) => draft(fixture, EVENING[i % EVENING.length]!, address)));
    // No device id: the address is the device, so the stricter device limit applies.
    expect(countOf(answers, 200)).toBe(LIMITS.perDevice);
    expect(countOf(answers, 429)).toBe(120 - LIMITS.perDevice);
    expect(await tablesHeld(fixture)).toBe(LIMITS.perDevice);
    const refused = answers.find((answer) => answer.status === 429)!;
    expectError(refused, 429, 'rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(10 * 60);
  }, 60_000);

  test('new device ids on every call dodge the device limit but not the address limit', async () => {
    const fixture = await importFixture(t, 'rotate', TEN_TABLES);
    const address = newAddress();
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await draft(fixture, EVENING[i % EVENING.length]!, address, deviceId()));
    expect(statuses(answers)).toEqual([...Array(LIMITS.perAddress).fill(200), ...Array(20 - LIMITS.perAddress).fill(429)]);
    expect(await tablesHeld(fixture)).toBe(LIMITS.perAddress);
  });

  test('devices behind one address each have their own allowance, within the address limit', async () => {
    const fixture = await importFixture(t, 'office', TEN_TABLES);
    const address = newAddress();
    const [a, b, c] = [deviceId(), deviceId(), deviceId()];
    const run = async (device: string, n: number) => {
      const answers = [];
      for (let i = 0; i < n; i++) answers.push((await draft(fixture, EVENING[answers.length]!, address, device)).status);
      return answers;
    };
    expect(await run(a, LIMITS.perDevice + 2)).toEqual([200, 200, 200, 200, 429, 429]);
    // Device a's refused attempts did not use up the address: 4 of 8 spent.
    expect(await run(b, 3)).toEqual([200, 200, 200]);
    expect(await run(c, 2)).toEqual([200, 429]);
  });

  test('many addresses booking one evening meet its limit; another evening is untouched', async () => {
    const fixture = await importFixture(t, 'botnet', TEN_TABLES);
    const answers = [];
    for (let i = 0; i < LIMITS.perEvening + 5; i++) answers.push(await draft(fixture, EVENING[0]!, newAddress(), deviceId()));
    // Ten tables: the first ten hold one each, the rest of the evening's allowance finds none, then 429.
    expect(countOf(answers.slice(0, 10), 200)).toBe(10);
    expect(answers.slice(10, LIMITS.perEvening).every((answer) => answer.body.error_code === 'no_seats_available')).toBe(true);
    expect(statuses(answers.slice(LIMITS.perEvening))).toEqual([429, 429, 429, 429, 429]);
    const nextEvening = EVENING[0]! + 24 * 3600;
    expectOk(await draft(fixture, nextEvening, newAddress(), deviceId()));
  }, 60_000);

  test('a diner who changes their mind is never limited: moving a held draft is no new draft', async () => {
    const fixture = await importFixture(t, 'mind', TEN_TABLES);
    const address = newAddress();
    const device = deviceId();
    const created = expectOk(await draft(fixture, EVENING[0]!, address, device));
    for (let i = 1; i <= 3 * LIMITS.perDevice; i++) {
      const changed = await t.post(
        '/api/booking/create',
        { token: created.body.token, merchant_slug: fixture.slug, datetime: EVENING[i % EVENING.length], booking_zone_id: 'all', client_count: 2 },
        { headers: { 'x-forwarded-for': address, 'x-couvert-device': device } },
      );
      expectOk(changed);
      expect(changed.body.token).toBe(created.body.token);
    }
    expect(await tablesHeld(fixture)).toBe(1);
  });
});

describe('the evening a draft counts against is its merchant, local date and shift', () => {
  // Lunch and dinner on weekdays, dinner only on Sundays (ISO day 7), in Paris (UTC+1 in November).
  const merchant = {
    id: 'm1',
    timezone: 'Europe/Paris',
    shifts: [
      ...[1, 2, 3, 4, 5, 6].map((day) => ({
        day,
        slots: [
          { start: '12:00', end: '14:00' },
          { start: '19:00', end: '22:30' },
        ],
      })),
      { day: 7, slots: [{ start: '19:00', end: '23:00' }] },
    ],
  } as unknown as MerchantWithFloor['merchant'];
  test.each([
    ['a lunch time', '2026-11-25T12:30:00+01:00', 'm1:2026-11-25:12:00'],
    ['the start of dinner', '2026-11-25T19:00:00+01:00', 'm1:2026-11-25:19:00'],
    ['late in dinner', '2026-11-25T22:00:00+01:00', 'm1:2026-11-25:19:00'],
    ["past the last shift's end", '2026-11-25T23:15:00+01:00', 'm1:2026-11-25:19:00'],
    ['between lunch and dinner', '2026-11-25T16:00:00+01:00', 'm1:2026-11-25:12:00'],
    ['before any shift', '2026-11-25T09:00:00+01:00', 'm1:2026-11-25:day'],
    ['a Sunday dinner', '2026-11-29T20:00:00+01:00', 'm1:2026-11-29:19:00'],
    ['late in the evening in Paris, the next day in UTC', '2026-11-25T23:30:00Z', 'm1:2026-11-26:day'],
  ])('%s', (_name, iso, evening) => {
    expect(eveningOf(merchant, new Date(iso))).toBe(evening);
  });
});

import { beforeAll, describe, expect, test } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';
import { create, createDraft, expectError, expectOk, importFixture, slotsOf, unix, type Fixture } from './api-helpers.ts';

const t = useTestServer();
let byDefault: Fixture;
let week: Fixture;
beforeAll(async () => {
  byDefault = await importFixture(t, 'horizon-default');
  week = await importFixture(t, 'horizon-week', { settings: { bookingHorizonDays: 7 } });
}, 60_000);

// Monday 23 November 2026, 10:00 in Paris: the fixture's 19:00 dinner of any later day is bookable.
const NOW = '2026-11-23T09:00:00Z';
const dinner = (date: string) => unix(`${date}T19:00:00+01:00`);
const availableCount = (slots: Array<{ available: boolean }>) => slots.filter((slot) => slot.available).length;

describe('booking_slots/get offers no slot past the merchant\u2019s booking horizon', () => {
  test.each([
    ['the default horizon (90 days): its last day', 'byDefault', '2027-02-21', 'open'],
    ['the default horizon: the day after its last', 'byDefault', '2027-02-22', 'none'],
    ['the default horizon: a day in 2030', 'byDefault', '2030-06-04', 'none'],
    ['a seven-day horizon: its last day', 'week', '2026-11-30', 'open'],
    ['a seven-day horizon: the day after its last', 'week', '2026-12-01', 'none'],
  ] as const)('%s (%s)', async (_case, which, date, expected) => {
    t.clock.set(NOW);
    const { slug } = which === 'week' ? week : byDefault;
    const slots = await slotsOf(t, slug, date, 'all', 2);
    if (expected === 'none') expect(slots).toEqual([]);
    else expect(availableCount(slots)).toBeGreaterThan(0);
  });

  test('a day past the horizon today is offered once the horizon reaches it', async () => {
    t.clock.set(NOW);
    expect(await slotsOf(t, week.slug, '2026-12-01', 'all', 2)).toEqual([]);
    t.clock.set('2026-11-24T09:00:00Z');
    expect(availableCount(await slotsOf(t, week.slug, '2026-12-01', 'all', 2))).toBeGreaterThan(0);
  });
});

describe('create refuses a time past the horizon with booking_too_far_ahead', () => {
  test.each([
    ['the default horizon, the day after its last', 'byDefault', '2027-02-22', '2027-02-21'],
    ['the default horizon, in 2030', 'byDefault', '2030-06-04', '2027-02-21'],
    ['a seven-day horizon, the day after its last', 'week', '2026-12-01', '2026-11-30'],
  ] as const)('a new booking: %s', async (_case, which, date, lastDate) => {
    t.clock.set(NOW);
    const { slug } = which === 'week' ? week : byDefault;
    const answer = await create(t, { slug, at: dinner(date), zone: 'all', seats: 2 });
    expectError(answer, 422, 'booking_too_far_ahead');
    expect(answer.body.lastDate).toBe(lastDate);
  });

  test('a new booking on the horizon\u2019s last day goes through', async () => {
    t.clock.set(NOW);
    expectOk(await create(t, { slug: week.slug, at: dinner('2026-11-30'), zone: 'all', seats: 1 }));
  });

  test('a booking moved past the horizon is refused and keeps its time', async () => {
    t.clock.set(NOW);
    const token = await createDraft(t, { slug: week.slug, at: dinner('2026-11-26'), zone: 'all', seats: 2 });
    expectError(await create(t, { slug: week.slug, token, at: dinner('2026-12-01'), zone: 'all', seats: 2 }), 422, 'booking_too_far_ahead');
    const booking = expectOk(await t.post('/api/booking/get', { merchant_slug: week.slug, token })).body.booking;
    expect(booking.bookingForTimestamp).toBe(dinner('2026-11-26'));
  });
});

describe('the horizon reaches the site through the merchant listing and booking_merchant/get', () => {
  test.each([
    ['the default', 'byDefault', 90],
    ['a set horizon', 'week', 7],
  ] as const)('%s: settings.bookingHorizonDays', async (_case, which, days) => {
    const { slug } = which === 'week' ? week : byDefault;
    const listing = expectOk(await t.get('/api/booking/merchants')).body.merchants.find((m: { slug: string }) => m.slug === slug);
    expect(listing.settings.bookingHorizonDays).toBe(days);
    const merchant = expectOk(await t.post('/api/booking/booking_merchant/get', { merchant_slug: slug })).body.merchant;
    expect(merchant.settings.bookingHorizonDays).toBe(days);
  });
});

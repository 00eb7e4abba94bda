import { describe, expect, test } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';
import { bookValidated, call, createDraft, expectError, expectOk, importFixture, unix, zoneIdsOf } from './api-helpers.ts';

const t = useTestServer();

const ZINC = 'le-petit-zinc';
const merchantGet = (slug: string, bearer?: string) => t.post('/api/booking/booking_merchant/get', { merchant_slug: slug }, { bearer });

describe('GET /api/booking/merchants lists what each static page draws', () => {
  test('the demo merchants are listed by slug with their public fields, zones and shifts', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const listing = expectOk(await t.get('/api/booking/merchants'));
    const slugs: string[] = listing.body.merchants.map((merchant: { slug: string }) => merchant.slug);
    expect(slugs).toEqual(expect.arrayContaining(['le-petit-zinc', 'sakura-ramen', 'trattoria-nonna']));
    expect(slugs).toEqual([...slugs].sort());

    const zinc = listing.body.merchants.find((merchant: { slug: string }) => merchant.slug === ZINC);
    expect(zinc).toEqual({
      slug: ZINC,
      name: 'Le Petit Zinc',
      timezone: 'Europe/Paris',
      address: { address: '27 rue des Martyrs', address2: '', zip: '75009', city: 'Paris' },
      phone: '+33199002727',
      url: 'https://le-petit-zinc.example',
      description: expect.stringContaining('bistrot'),
      bookingDescription: expect.stringContaining('terrasse'),
      logo: { path: expect.stringMatching(/^\/media\/le-petit-zinc\/.+\.svg$/) },
      banner: { path: expect.stringMatching(/^\/media\/le-petit-zinc\/.+\.svg$/) },
      theme: { primary: '#1f4e5f', background: '#f7f3ec' },
      bookingEnabled: true,
      settings: { minClientsPerBookings: 1, maxClientsPerBookings: 8, keepTableDuration: 15, showZone: true, bookingHorizonDays: 90 },
      shifts: expect.any(Array),
      closedDays: expect.arrayContaining(['2026-12-24', '2026-12-25', '2027-01-01']),
      zones: [
        { id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Salle', image: { path: expect.stringMatching(/^\/media\/le-petit-zinc\//) } },
        { id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Terrasse', image: { path: expect.stringMatching(/^\/media\/le-petit-zinc\//) } },
      ],
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(zinc.shifts.map((shift: { day: number }) => shift.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  test('?slugs= lists only those merchants that exist, the same as the whole list shows them (what a site update renders)', async () => {
    const whole = expectOk(await t.get('/api/booking/merchants')).body.merchants as Array<{ slug: string }>;
    const some = expectOk(await t.get('/api/booking/merchants?slugs=sakura-ramen,nobody-here,le-petit-zinc')).body.merchants;
    expect(some).toEqual(whole.filter((merchant) => merchant.slug === 'le-petit-zinc' || merchant.slug === 'sakura-ramen'));
    expect(expectOk(await t.get('/api/booking/merchants?slugs=nobody-here')).body.merchants).toEqual([]);
    expect((await t.get('/api/booking/merchants?slugs=../etc')).status).toBe(400);
  });

  test('the listing never reveals staff accounts or their passwords', async () => {
    const listing = await t.get('/api/booking/merchants');
    const text = JSON.stringify(listing.body);
    expect(text).not.toMatch(/password|argon2|claire@le-petit-zinc/i);
  });

  test('the logo a listing names is served', async () => {
    const listing = await t.get('/api/booking/merchants');
    const zinc = listing.body.merchants.find((merchant: { slug: string }) => merchant.slug === ZINC);
    const logo = await t.get(zinc.logo.path);
    expect(logo.status).toBe(200);
    expect(String(logo.headers['content-type'])).toContain('image/svg+xml');
  });
});

describe('booking_merchant/get returns everything the booking home page needs', () => {
  test('every field: success, closes, shifts, merchant, zoneCount, theme and currentBookingToken', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const answer = expectOk(await merchantGet(ZINC));
    expect(answer.body).toEqual({
      success: true,
      closes: ['2026-12-24', '2026-12-25', '2027-01-01'],
      opens: [],
      shifts: expect.any(Array),
      merchant: {
        name: 'Le Petit Zinc',
        slug: ZINC,
        timezone: 'Europe/Paris',
        address: { address: '27 rue des Martyrs', address2: '', zip: '75009', city: 'Paris' },
        phone: '+33199002727',
        url: 'https://le-petit-zinc.example',
        description: expect.any(String),
        bookingDescription: expect.any(String),
        logo: { path: expect.stringMatching(/^\/media\/le-petit-zinc\//) },
        banner: { path: expect.stringMatching(/^\/media\/le-petit-zinc\//) },
        bookingEnabled: true,
        open: { today: false, tomorrow: true },
        settings: { minClientsPerBookings: 1, maxClientsPerBookings: 8, keepTableDuration: 15, showZone: true, bookingHorizonDays: 90 },
      },
      zoneCount: 2,
      theme: { primary: '#1f4e5f', background: '#f7f3ec' },
      currentBookingToken: null,
    });
  });

  test('shifts hold the seven ISO weekdays, each slot with a unique id, a start and an end', async () => {
    const { shifts } = expectOk(await merchantGet(ZINC)).body;
    expect(shifts.map((shift: { day: number }) => shift.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const hours = shifts.map((shift: { slots: Array<{ start: string; end: string }> }) => shift.slots.map(({ start, end }) => `${start}-${end}`));
    expect(hours).toEqual([
      [],
      ['12:00-14:00', '19:00-22:00'],
      ['12:00-14:00', '19:00-22:00'],
      ['12:00-14:00', '19:00-22:00'],
      ['12:00-14:00', '19:00-22:30'],
      ['12:00-14:30', '19:00-22:30'],
      ['12:00-15:00'],
    ]);
    const ids = shifts.flatMap((shift: { slots: Array<{ id: unknown }> }) => shift.slots.map((slot) => slot.id));
    expect(ids.every((id: unknown) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  // Le Petit Zinc: closed on Mondays and on 24-25 December; last seating 22:00 on weekdays; 60-minute lead time.
  test.each([
    ['a Monday morning (closed on Mondays)', 'le-petit-zinc', '2026-11-23T10:00:00+01:00', { today: false, tomorrow: true }],
    ['a Tuesday morning', 'le-petit-zinc', '2026-11-24T10:00:00+01:00', { today: true, tomorrow: true }],
    ['a Tuesday 20:59, when 22:00 is still an hour ahead', 'le-petit-zinc', '2026-11-24T20:59:00+01:00', { today: true, tomorrow: true }],
    ['a Tuesday 21:01, after the last bookable time', 'le-petit-zinc', '2026-11-24T21:01:00+01:00', { today: false, tomorrow: true }],
    ['a Sunday (the next day is a Monday)', 'le-petit-zinc', '2026-11-29T10:00:00+01:00', { today: true, tomorrow: false }],
    ['the eve of a closed day', 'le-petit-zinc', '2026-12-23T10:00:00+01:00', { today: true, tomorrow: false }],
    ['a closed day followed by a closed day', 'le-petit-zinc', '2026-12-24T10:00:00+01:00', { today: false, tomorrow: false }],
    ['a Monday 23:30 at a merchant open daily (after its 22:30 last seating)', 'sakura-ramen', '2026-11-23T23:30:00+01:00', { today: false, tomorrow: true }],
    // 23:30 UTC on Tuesday is already Wednesday 00:30 in Rome: the merchant's own day counts, not UTC's.
    ['Tuesday 23:30 UTC, already Wednesday in Rome', 'trattoria-nonna', '2026-11-24T23:30:00Z', { today: true, tomorrow: true }],
    ['Monday 22:30 UTC, still Monday in Rome (closed Monday and Tuesday)', 'trattoria-nonna', '2026-11-23T22:30:00Z', { today: false, tomorrow: false }],
  ])('open.today and open.tomorrow follow the clock: %s', async (_label, slug, clock, open) => {
    t.clock.set(clock);
    expect(expectOk(await merchantGet(slug)).body.merchant.open).toEqual(open);
  });

  test('currentBookingToken is null without a bearer, and with one names the diner\u2019s coming booking there', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const fixture = await importFixture(t, 'current');
    const other = await importFixture(t, 'current-other');
    const diner = await t.signIn();
    expect(expectOk(await merchantGet(fixture.slug)).body.currentBookingToken).toBeNull();
    expect(expectOk(await merchantGet(fixture.slug, diner.bearer)).body.currentBookingToken).toBeNull();

    const draft = await createDraft(t, { slug: fixture.slug, at: unix('2026-11-25T12:00:00+01:00'), zone: 'all', seats: 2, bearer: diner.bearer });
    expect(expectOk(await merchantGet(fixture.slug, diner.bearer)).body.currentBookingToken, 'a draft is not a booking yet').toBeNull();

    const later = await bookValidated(t, { slug: fixture.slug, at: unix('2026-11-27T19:00:00+01:00'), zone: 'all', seats: 2, bearer: diner.bearer });
    expectOk(await call(t, 'validate', fixture.slug, draft, diner.bearer));
    expect(expectOk(await merchantGet(fixture.slug, diner.bearer)).body.currentBookingToken, 'the earliest coming booking').toBe(draft);
    expect(expectOk(await merchantGet(fixture.slug)).body.currentBookingToken, 'without a bearer').toBeNull();
    expect(expectOk(await merchantGet(other.slug, diner.bearer)).body.currentBookingToken, 'at another merchant').toBeNull();
    expect(expectOk(await merchantGet(fixture.slug, (await t.signIn()).bearer)).body.currentBookingToken, 'another diner').toBeNull();

    expectOk(await call(t, 'cancel', fixture.slug, draft, diner.bearer));
    expect(expectOk(await merchantGet(fixture.slug, diner.bearer)).body.currentBookingToken, 'after cancelling the first').toBe(later.token);

    t.clock.set('2026-11-27T21:00:00+01:00');
    expect(expectOk(await merchantGet(fixture.slug, diner.bearer)).body.currentBookingToken, 'once it is over').toBeNull();
  });

  test('a stale bearer does not break the merchant page: the diner is treated as signed out', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const diner = await t.signIn();
    t.clock.advance(25 * 60);
    const answer = expectOk(await merchantGet(ZINC, diner.bearer));
    expect(answer.body.currentBookingToken).toBeNull();
    expect(expectOk(await merchantGet(ZINC, 'an-unknown-bearer-0123456789')).body.currentBookingToken).toBeNull();
  });

  test('an unknown merchant is merchant_not_found', async () => {
    expectError(await merchantGet('no-such-restaurant'), 404, 'merchant_not_found');
  });
});

describe('booking_zones/get lists the zones a diner can choose', () => {
  test('the zones come in definition order with id, name and image', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const answer = expectOk(await t.post('/api/booking/booking_zones/get', { merchant_slug: ZINC, date: '2026-11-25' }));
    const ids = await zoneIdsOf(t, ZINC);
    expect(answer.body.bookingZones).toEqual([
      { id: ids.Salle, name: 'Salle', image: { path: expect.stringMatching(/^\/media\/le-petit-zinc\/.+\.svg$/) } },
      { id: ids.Terrasse, name: 'Terrasse', image: { path: expect.stringMatching(/^\/media\/le-petit-zinc\/.+\.svg$/) } },
    ]);
  });

  test('a zone defined without an image has image null', async () => {
    const fixture = await importFixture(t, 'zones');
    const answer = expectOk(await t.post('/api/booking/booking_zones/get', { merchant_slug: fixture.slug, date: '2026-11-25' }));
    expect(answer.body.bookingZones).toEqual([{ id: fixture.zones.Salle, name: 'Salle', image: null }]);
  });
});

describe('closed_booking_calendar lists the coming closed days', () => {
  test.each([
    ['late November', '2026-11-23T09:00:00Z', ['2026-12-24', '2026-12-25', '2027-01-01']],
    ['on a closed day, which is still listed', '2026-12-25T10:00:00+01:00', ['2026-12-25', '2027-01-01']],
    ['in the summer closing', '2026-08-12T10:00:00+02:00', ['2026-08-12', '2026-08-13', '2026-08-14', '2026-12-24', '2026-12-25', '2027-01-01']],
    ['after the last one', '2027-01-02T10:00:00+01:00', []],
  ])('%s', async (_label, clock, closedDays) => {
    t.clock.set(clock);
    const answer = expectOk(await t.post('/api/booking/closed_booking_calendar', { merchant_slug: ZINC }));
    expect(answer.body.closed_days).toEqual(closedDays);
    expect(expectOk(await merchantGet(ZINC)).body.closes).toEqual(closedDays);
  });

  test('an unknown merchant is merchant_not_found', async () => {
    expectError(await t.post('/api/booking/closed_booking_calendar', { merchant_slug: 'nobody-here' }), 404, 'merchant_not_found');
  });
});

describe('GET /api/server_time returns the server clock', () => {
  test('it follows the clock in unix seconds', async () => {
    t.clock.set('2026-11-23T09:00:00.750Z');
    expect(expectOk(await t.get('/api/server_time')).body.time).toBe(unix('2026-11-23T09:00:00Z'));
    t.clock.advance(90);
    expect(expectOk(await t.get('/api/server_time')).body.time).toBe(unix('2026-11-23T10:30:00Z'));
  });
});

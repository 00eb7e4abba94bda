import { beforeAll, describe, expect, test } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';
import {
  bookValidated,
  call,
  create,
  createDraft,
  expectError,
  expectOk,
  fixtureMerchant,
  isAvailable,
  slotsOf,
  unix,
  importStaffedMerchant,
  type Staffed,
} from './api-helpers.ts';

const rebuilt: string[] = [];
const t = useTestServer({ demo: false, onMerchantChange: (slug) => rebuilt.push(slug) });
let a: Staffed;
let b: Staffed;

beforeAll(async () => {
  t.clock.set('2026-11-23T09:00:00Z');
  a = await importStaffedMerchant(t, 'close-a');
  b = await importStaffedMerchant(t, 'close-b');
}, 60_000);

const close = (who: Staffed, body: Record<string, unknown>) => t.post(`/api/pro/${who.slug}/closings`, body, { bearer: who.staff });
const closings = (who: Staffed, day?: string) => t.get(`/api/pro/${who.slug}/closings${day ? `?day=${day}` : ''}`, { bearer: who.staff });
const reopen = async (who: Staffed, id: string) => {
  const response = await t.server.app.inject({
    method: 'DELETE',
    url: `/api/pro/${who.slug}/closings/${id}`,
    headers: { authorization: `Bearer ${who.staff}` },
  });
  return { status: response.statusCode, body: JSON.parse(response.body), headers: response.headers };
};
const available = async (slug: string, day: string) => (await slotsOf(t, slug, day, 'all', 2)).filter((slot) => slot.available).map((slot) => slot.hour);
const phoneBooking = (who: Staffed, datetime: number) =>
  t.post(`/api/pro/${who.slug}/bookings`, { datetime, party: 2, firstname: 'Jean', phone: '+33611223344' }, { bearer: who.staff });

describe('a whole day closed by staff', () => {
  const DAY = '2026-11-26';

  test('is closed for diners everywhere (slots, calendar, merchant, listing, create), and the page is rebuilt', async () => {
    const existing = await bookValidated(t, { slug: a.slug, at: unix(`${DAY}T19:30:00+01:00`), zone: 'all', seats: 2 });
    rebuilt.length = 0;
    const made = expectOk(await close(a, { kind: 'day', day: DAY, note: 'Fermeture exceptionnelle' }));
    expect(made.body.closing).toMatchObject({ kind: 'day', day: DAY, shift_id: null, note: 'Fermeture exceptionnelle', created_by: `host@${a.slug}.example` });
    // The booking already inside is not cancelled: the answer counts it so the screen can warn.
    expect(made.body.affected).toEqual({ count: 1, bookings: [expect.objectContaining({ token: existing.token, status: 10 })] });
    expect(rebuilt).toEqual([a.slug]);

    expect(await slotsOf(t, a.slug, DAY, 'all', 2)).toEqual([]);
    expect(expectOk(await t.post('/api/booking/closed_booking_calendar', { merchant_slug: a.slug })).body.closed_days).toContain(DAY);
    expect(expectOk(await t.post('/api/booking/booking_merchant/get', { merchant_slug: a.slug })).body.closes).toContain(DAY);
    const listing = expectOk(await t.get('/api/booking/merchants')).body.merchants.find((merchant: { slug: string }) => merchant.slug === a.slug);
    expect(listing.closedDays).toContain(DAY);
    expectError(await create(t, { slug: a.slug, at: unix(`${DAY}T12:00:00+01:00`), zone: 'all', seats: 2 }), 422, 'merchant_closed');
    expect((await call(t, 'get', a.slug, existing.token)).body.booking.status).toBe(10);
  });

  test('another merchant is not closed by it', async () => {
    expect(await available(b.slug, DAY)).toContain('19:30');
  });

  test('staff may still take a booking on the phone that day', async () => {
    expect(expectOk(await phoneBooking(a, unix(`${DAY}T20:00:00+01:00`))).body.booking.status).toBe(20);
  });

  test('removing it opens the day again and rebuilds the page', async () => {
    const id = expectOk(await closings(a, DAY)).body.closings[0].id as string;
    rebuilt.length = 0;
    expectOk(await reopen(a, id));
    expect(rebuilt).toEqual([a.slug]);
    expect(await available(a.slug, DAY)).toContain('12:00');
    expect(expectOk(await t.post('/api/booking/closed_booking_calendar', { merchant_slug: a.slug })).body.closed_days).not.toContain(DAY);
  });
});

describe('one service of a day closed by staff', () => {
  // Wednesday 2026-12-02: ISO weekday 3; its services are 3-0 (12:00–14:00) and 3-1 (19:00–22:00).
  const DAY = '2026-12-02';

  test('offers that service\u2019s times as unavailable and keeps the other service', async () => {
    const made = expectOk(await close(a, { kind: 'shift', day: DAY, shift_id: '3-0' }));
    expect(made.body.closing).toMatchObject({ kind: 'shift', shift_id: '3-0', starts_at: '2026-12-02T11:00:00.000Z', ends_at: '2026-12-02T13:01:00.000Z' });
    expect(made.body.affected.count).toBe(0);
    expect(await available(a.slug, DAY)).toEqual(['19:00', '19:30', '20:00', '20:30', '21:00', '21:30', '22:00']);
    const refused = await create(t, { slug: a.slug, at: unix(`${DAY}T14:00:00+01:00`), zone: 'all', seats: 2 });
    expectError(refused, 422, 'merchant_closed');
    // The refusal names what is closed: lunch, not the day.
    expect(refused.body).toMatchObject({ date: DAY, closed: 'shift', meal: 'lunch', from: '12:00', until: '14:00' });
    // The day itself stays open in the calendar: its evening is bookable.
    expect(expectOk(await t.post('/api/booking/closed_booking_calendar', { merchant_slug: a.slug })).body.closed_days).not.toContain(DAY);
    expectOk(await phoneBooking(a, unix(`${DAY}T12:30:00+01:00`)));
  });

  test('the staff day view lists the day\u2019s services and its closings', async () => {
    const day = expectOk(await t.get(`/api/pro/${a.slug}/bookings?day=${DAY}`, { bearer: a.staff })).body;
    expect(day.services).toEqual([
      { id: '3-0', start: '12:00', end: '14:00' },
      { id: '3-1', start: '19:00', end: '22:00' },
    ]);
    expect(day.closings).toEqual([expect.objectContaining({ kind: 'shift', shift_id: '3-0', day: DAY })]);
  });

  test.each([
    ['a service of another weekday', { kind: 'shift', day: DAY, shift_id: '4-0' }, 'shift_id'],
    ['a service that does not exist', { kind: 'shift', day: DAY, shift_id: '3-5' }, 'shift_id'],
    ['a range ending before it starts', { kind: 'range', starts_at: '2026-12-03T20:00:00+01:00', ends_at: '2026-12-03T19:00:00+01:00' }, 'ends_at'],
    ['a range longer than 31 days', { kind: 'range', starts_at: '2026-12-03T20:00:00+01:00', ends_at: '2027-02-03T19:00:00+01:00' }, 'ends_at'],
  ])('refuses %s with validation_error naming the field', async (_what, body, field) => {
    const answer = await close(a, body);
    expectError(answer, 400, 'validation_error');
    expect(answer.body.errors).toHaveProperty(field);
  });

  test.each([
    ['an unknown kind', { kind: 'week', day: DAY }],
    ['a malformed day', { kind: 'day', day: '2026-13-01' }],
    ['a malformed service id', { kind: 'shift', day: DAY, shift_id: 'lunch' }],
    ['a range without its end', { kind: 'range', starts_at: '2026-12-03T20:00:00+01:00' }],
  ])('refuses %s at the boundary with 400', async (_what, body) => {
    expect((await close(a, body)).status).toBe(400);
  });
});

describe('online booking stopped for a time range', () => {
  const DAY = '2026-12-03';

  test('makes the times inside it unavailable, keeps those after, and refuses validating a draft made before it', async () => {
    const { bearer } = await t.signIn();
    const draft = await createDraft(t, { slug: a.slug, at: unix(`${DAY}T19:30:00+01:00`), zone: 'all', seats: 2, bearer });
    const made = expectOk(await close(a, { kind: 'range', starts_at: `${DAY}T19:00:00+01:00`, ends_at: `${DAY}T20:00:00+01:00` }));
    // A draft holds a table but is no booking yet: it is not counted, and it can no longer be made firm.
    expect(made.body.affected.count).toBe(0);
    expect(await available(a.slug, DAY)).toEqual(['12:00', '12:30', '13:00', '13:30', '14:00', '20:00', '20:30', '21:00', '21:30', '22:00']);
    expect(await isAvailable(t, a.slug, DAY, '19:30', 'all', 2)).toBe(false);
    expectError(await call(t, 'validate', a.slug, draft, bearer), 422, 'merchant_closed');
    expectOk(await create(t, { slug: a.slug, at: unix(`${DAY}T20:00:00+01:00`), zone: 'all', seats: 2 }));
  });

  test('GET lists the closings not yet over, and those touching a day', async () => {
    const coming = expectOk(await closings(a)).body.closings as Array<{ kind: string; day: string }>;
    expect(coming.map((closing) => [closing.kind, closing.day])).toEqual([
      ['shift', '2026-12-02'],
      ['range', '2026-12-03'],
    ]);
    expect(expectOk(await closings(a, '2026-12-03')).body.closings).toHaveLength(1);
    expect(expectOk(await closings(a, '2026-12-04')).body.closings).toEqual([]);
  });
});

describe('closings belong to their merchant', () => {
  test('another merchant\u2019s staff neither see nor remove them (404 not_found)', async () => {
    const [closing] = expectOk(await closings(a, '2026-12-03')).body.closings as Array<{ id: string }>;
    expect(expectOk(await closings(b)).body.closings).toEqual([]);
    expectError(await reopen(b, closing!.id), 404, 'not_found');
    expect(expectOk(await closings(a, '2026-12-03')).body.closings).toHaveLength(1);
  });

  test('an unknown closing id is 404 not_found, a malformed one 400', async () => {
    expectError(await reopen(a, '00000000-0000-4000-8000-000000000000'), 404, 'not_found');
    expect((await reopen(a, 'not-a-uuid')).status).toBe(400);
  });

  test('a new import of the definition keeps the staff\u2019s closings', async () => {
    const tables = Array.from({ length: 10 }, (_, i) => ({ name: `T${i + 1}`, minSeats: 1, maxSeats: 6 }));
    await t.importMerchant({ ...fixtureMerchant(a.slug, { zones: [{ name: 'Salle', tables }] }), staff: [a.who] });
    expect(await isAvailable(t, a.slug, '2026-12-03', '19:30', 'all', 2)).toBe(false);
  });
});

import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { bookings } from '../../src/server/db/schema.ts';
import { ADMIN_TOKEN } from '../support/test-server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { adminAction, bookingOf, call, createDraft, expectError, expectOk, importFixture, isAvailable, unix, type Fixture } from './api-helpers.ts';

const t = useTestServer({ demo: false });
let fixture: Fixture;
beforeAll(async () => {
  t.clock.set('2026-11-23T09:00:00Z');
  // Plenty of tables, so that every test can put its bookings at the same time.
  fixture = await importFixture(t, 'lifecycle', {
    zones: [{ name: 'Salle', tables: Array.from({ length: 60 }, (_, i) => ({ name: `S${i}`, minSeats: 1, maxSeats: 4 })) }],
  });
}, 60_000);

const AT = unix('2026-11-25T19:30:00+01:00');
type Status = null | 10 | 20 | 25 | 30 | 40;

/** A booking of a new diner brought to a status through the calls that lead there. */
async function bookingAt(status: Status): Promise<{ token: string; bearer: string }> {
  t.clock.set('2026-11-23T09:00:00Z');
  const { bearer } = await t.signIn();
  const token = await createDraft(t, { slug: fixture.slug, at: AT, zone: 'all', seats: 2, bearer });
  if (status === null) return { token, bearer };
  expectOk(await call(t, 'validate', fixture.slug, token, bearer));
  if (status === 20 || status === 30) expectOk(await adminAction(t, token, 'confirm'));
  if (status === 30) expectOk(await adminAction(t, token, 'finish'));
  if (status === 25) expectOk(await adminAction(t, token, 'refuse', { reason: 'restaurant_full' }));
  if (status === 40) expectOk(await call(t, 'cancel', fixture.slug, token, bearer));
  expect((await bookingOf(t, fixture.slug, token)).status).toBe(status);
  return { token, bearer };
}

describe('the restaurant\u2019s actions through POST /api/admin/bookings/{token}/{action}', () => {
  test.each<[Status, string, Record<string, unknown>, Record<string, unknown>]>([
    [10, 'confirm', {}, { status: 20, bookingCancelReason: null }],
    [
      10,
      'refuse',
      { reason: 'restaurant_full', message: 'Complet ce soir, désolés' },
      { status: 25, bookingCancelReason: 'restaurant_full', bookingCancelMessage: 'Complet ce soir, désolés' },
    ],
    [10, 'refuse', { reason: 'restaurant_closed' }, { status: 25, bookingCancelReason: 'restaurant_closed', bookingCancelMessage: null }],
    [10, 'refuse', {}, { status: 25, bookingCancelReason: 'restaurant_cancelled' }],
    [
      10,
      'cancel',
      { reason: 'restaurant_cancelled', message: 'Fuite d\u2019eau en cuisine' },
      { status: 25, bookingCancelReason: 'restaurant_cancelled', bookingCancelMessage: 'Fuite d\u2019eau en cuisine' },
    ],
    [20, 'cancel', { reason: 'restaurant_closed' }, { status: 25, bookingCancelReason: 'restaurant_closed' }],
    [20, 'finish', {}, { status: 30, bookingCancelReason: null }],
  ])('from %s, %s with %j leads to %j', async (from, action, body, expected) => {
    const { token } = await bookingAt(from);
    const answer = expectOk(await adminAction(t, token, action, body));
    expect(answer.body.booking).toMatchObject(expected);
    expect(await bookingOf(t, fixture.slug, token)).toMatchObject(expected);
  });

  test.each<[Status, string, string]>([
    [null, 'confirm', 'invalid_transition'],
    [null, 'refuse', 'invalid_transition'],
    [null, 'cancel', 'invalid_transition'],
    [null, 'finish', 'invalid_transition'],
    [10, 'finish', 'invalid_transition'],
    [20, 'confirm', 'already_done'],
    [20, 'refuse', 'already_done'],
    [30, 'confirm', 'already_done'],
    [30, 'refuse', 'already_done'],
    [30, 'cancel', 'already_done'],
    [30, 'finish', 'already_done'],
    [25, 'confirm', 'canceled'],
    [25, 'refuse', 'canceled'],
    [25, 'cancel', 'canceled'],
    [25, 'finish', 'canceled'],
    [40, 'confirm', 'canceled'],
    [40, 'refuse', 'canceled'],
    [40, 'cancel', 'canceled'],
    [40, 'finish', 'canceled'],
  ])('from %s, %s is refused with %s and the booking is unchanged', async (from, action, errorCode) => {
    const { token } = await bookingAt(from);
    const before = await bookingOf(t, fixture.slug, token);
    expectError(await adminAction(t, token, action, action === 'refuse' ? { reason: 'restaurant_full' } : {}), 409, errorCode);
    expect(await bookingOf(t, fixture.slug, token)).toEqual(before);
  });

  test.each([
    ['refused', 'refuse'],
    ['cancelled', 'cancel'],
  ])('a booking the restaurant %s frees its table', async (_label, action) => {
    const one = await importFixture(t, 'free-after', {});
    const { bearer } = await t.signIn();
    const token = await createDraft(t, { slug: one.slug, at: AT, zone: 'all', seats: 2, bearer });
    expectOk(await call(t, 'validate', one.slug, token, bearer));
    expect(await isAvailable(t, one.slug, '2026-11-25', '19:30', 'all', 2)).toBe(false);
    expectOk(await adminAction(t, token, action, { reason: 'restaurant_full' }));
    expect(await isAvailable(t, one.slug, '2026-11-25', '19:30', 'all', 2)).toBe(true);
  });

  test.each([
    ['an unknown reason', 'refuse', { reason: 'because' }],
    ['a message that is not text', 'refuse', { reason: 'restaurant_full', message: 42 }],
    ['a message of 10 kB', 'cancel', { message: 'x'.repeat(10_000) }],
    ['an unknown action', 'archive', {}],
  ])('%s is a validation_error', async (_label, action, body) => {
    const { token } = await bookingAt(10);
    expectError(await adminAction(t, token, action, body), 400, 'validation_error');
    expect((await bookingOf(t, fixture.slug, token)).status).toBe(10);
  });

  test('an unknown token is booking_not_found', async () => {
    expectError(await adminAction(t, 'A'.repeat(32), 'confirm'), 404, 'booking_not_found');
  });
});

describe('the diner\u2019s own transitions', () => {
  test.each<[Status, string, string]>([
    [10, 'validate', 'already_done'],
    [20, 'validate', 'already_done'],
    [30, 'validate', 'already_done'],
    [25, 'validate', 'canceled'],
    [40, 'validate', 'canceled'],
    [30, 'cancel', 'already_done'],
    [25, 'cancel', 'canceled'],
    [40, 'cancel', 'canceled'],
  ])('from %s, %s is refused with %s', async (from, name, errorCode) => {
    const { token, bearer } = await bookingAt(from);
    expectError(await call(t, name, fixture.slug, token, bearer), 409, errorCode);
    expect((await bookingOf(t, fixture.slug, token)).status).toBe(from);
  });

  test.each<[Status, number]>([
    [null, 40],
    [10, 40],
    [20, 40],
  ])('from %s the diner\u2019s cancel leads to %i', async (from, to) => {
    const { token, bearer } = await bookingAt(from);
    expect(expectOk(await call(t, 'cancel', fixture.slug, token, bearer)).body.booking).toMatchObject({ status: to, bookingCancelReason: 'client_cancel' });
  });
});

describe('a confirmed booking finishes by itself once its time and duration have passed', () => {
  test('booking/get shows 30 once the 90 minutes are over, not before', async () => {
    const { token } = await bookingAt(20);
    t.clock.set('2026-11-25T20:59:00+01:00');
    expect((await bookingOf(t, fixture.slug, token)).status).toBe(20);
    t.clock.set('2026-11-25T21:01:00+01:00');
    expect((await bookingOf(t, fixture.slug, token)).status).toBe(30);
    t.clock.set('2026-11-23T09:00:00Z');
  });

  test('the sweep finishes past confirmed bookings and releases lapsed drafts in the database', async () => {
    const confirmed = await bookingAt(20);
    const pending = await bookingAt(10);
    const draft = await bookingAt(null);
    const rowOf = async (token: string) => (await t.database.db.select().from(bookings).where(eq(bookings.token, token)))[0]!;

    t.clock.set('2026-11-25T21:01:00+01:00');
    const swept = await t.server.bookings.sweep();
    expect(swept.finished).toBeGreaterThanOrEqual(1);
    expect(swept.released).toBeGreaterThanOrEqual(1);
    expect(await rowOf(confirmed.token)).toMatchObject({ status: 30, holdsTable: false });
    expect(await rowOf(draft.token)).toMatchObject({ status: null, holdsTable: false });
    // Only the restaurant can decide about a booking it never answered.
    expect((await rowOf(pending.token)).status).toBe(10);
    t.clock.set('2026-11-23T09:00:00Z');
  });

  test('a finished booking can no longer be changed by the diner', async () => {
    const { token, bearer } = await bookingAt(30);
    expectError(await call(t, 'set_comment', fixture.slug, token, bearer, { comment: 'trop tard' }), 409, 'already_done');
    expectError(
      await t.post('/api/booking/create', { merchant_slug: fixture.slug, token, datetime: AT + 1800, booking_zone_id: 'all', client_count: 2 }, { bearer }),
      409,
      'already_done',
    );
  });
});

describe('the admin API needs ADMIN_TOKEN', () => {
  test.each([
    ['no Authorization header', {}],
    ['a wrong token', { authorization: 'Bearer not-the-admin-token-at-all' }],
    ['the right token with another scheme', { authorization: `Basic ${ADMIN_TOKEN}` }],
    ['the right token with a character more', { authorization: `Bearer ${ADMIN_TOKEN}x` }],
  ])('%s is HTTP 401 and changes nothing', async (_label, headers) => {
    const { token } = await bookingAt(10);
    expectError(await t.post(`/api/admin/bookings/${token}/confirm`, {}, { headers }), 401, 'unauthenticated');
    expectError(await t.get(`/api/admin/merchants/${fixture.slug}`, { headers }), 401, 'unauthenticated');
    expect((await bookingOf(t, fixture.slug, token)).status).toBe(10);
  });

  test('a diner\u2019s bearer is not an admin token', async () => {
    const { token, bearer } = await bookingAt(10);
    expectError(await t.post(`/api/admin/bookings/${token}/confirm`, {}, { bearer }), 401, 'unauthenticated');
  });
});

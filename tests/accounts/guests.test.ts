import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { bookings, users } from '../../src/server/db/schema.ts';
import { draftBooking } from '../support/draft-booking.ts';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer();

const guest = (bookingToken: string, overrides: Record<string, unknown> = {}) =>
  t.post('/api/front/user/no_account', {
    firstname: 'Nora',
    lastname: 'Guest',
    phone: '+33 6 98 76 54 32',
    email: 'Nora@Example.test',
    bookingToken,
    lang: 'en',
    ...overrides,
  });

describe('no_account creates an anonymous diner tied to one booking', () => {
  test('it answers an access token, and the booking now belongs to that guest', async () => {
    const draft = await draftBooking(t);
    const answer = await guest(draft.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ success: true, token_type: 'Bearer', access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    const me = await t.post('/api/booking/user/get', {}, { bearer: answer.body.access_token });
    expect(me.body.user).toEqual({
      firstname: 'Nora',
      lastname: 'Guest',
      email: null,
      phone: '+33698765432',
      anonymous: true,
      anonymousEmail: 'nora@example.test',
      onboarding: false,
    });
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.token, draft.token));
    const [owner] = await t.database.db.select().from(users).where(eq(users.id, row!.userId!));
    expect(owner).toMatchObject({ anonymous: true, firstname: 'Nora' });
  });

  test('the guest validates, comments on and cancels their booking, which shows their details', async () => {
    const draft = await draftBooking(t);
    const { access_token: bearer } = (await guest(draft.token)).body;
    const ref = { merchant_slug: draft.slug, token: draft.token };
    const validated = await t.post('/api/booking/validate', ref, { bearer });
    expect(validated.status, JSON.stringify(validated.body)).toBe(200);
    expect(validated.body.booking.status).toBe(10);
    expect(validated.body.booking.bookingClient).toMatchObject({ firstname: 'Nora', lastname: 'Guest', phone: '+33698765432', email: 'nora@example.test' });
    expect((await t.post('/api/booking/set_comment', { ...ref, comment: 'Allergic to nuts' }, { bearer })).status).toBe(200);
    const cancelled = await t.post('/api/booking/cancel', ref, { bearer });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.booking).toMatchObject({ status: 40, bookingCancelReason: 'client_cancel' });
  });

  test('the email is optional', async () => {
    const draft = await draftBooking(t);
    const answer = await guest(draft.token, { email: '' });
    expect(answer.status).toBe(200);
    expect((await t.post('/api/booking/user/get', {}, { bearer: answer.body.access_token })).body.user.anonymousEmail).toBeNull();
  });

  test.each([
    ['no first name', { firstname: '' }, { firstname: ['This field is required.'] }],
    ['no last name', { lastname: '' }, { lastname: ['This field is required.'] }],
    ['no phone', { phone: '' }, { phone: ['This field is required.'] }],
    ['a phone that is not international', { phone: '06 98 76 54 32' }, { phone: ['Add the country code, for example +44 7400 123456.'] }],
    ['a malformed email', { email: 'nora@' }, { email: ['Invalid email'] }],
  ])('%s is refused with 422 and nothing is created', async (_name, overrides, errors) => {
    const draft = await draftBooking(t);
    const answer = await guest(draft.token, overrides);
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ success: false, error_code: 'validation_error', message: expect.any(String), errors });
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.token, draft.token));
    expect(row!.userId).toBeNull();
  });

  test('an unknown booking token is booking_not_found', async () => {
    const answer = await guest('UnknownBookingToken0123456789');
    expect(answer.status).toBe(404);
    expect(answer.body.error_code).toBe('booking_not_found');
  });

  test('a booking that belongs to a platform account cannot be taken by a guest', async () => {
    const owner = await t.signIn();
    const draft = await draftBooking(t, 'le-petit-zinc', owner.bearer);
    const answer = await guest(draft.token);
    expect(answer.status).toBe(403);
    expect(answer.body.error_code).toBe('booking_forbidden');
  });

  test('a guest whose session was lost fills the form again: a code goes to their phone, and their details stay as they were', async () => {
    const draft = await draftBooking(t);
    await guest(draft.token);
    const again = await guest(draft.token, { firstname: 'Nora-Lee' });
    expect(again.status).toBe(403);
    expect(again.body.error_code).toBe('identity_proof_required');
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.token, draft.token));
    const guests = await t.database.db.select().from(users).where(eq(users.id, row!.userId!));
    expect(guests).toHaveLength(1);
    expect(guests[0]!.firstname).toBe('Nora');
  });

  test('a guest session lasts until a day after the booking, then gets HTTP 401', async () => {
    const draft = await draftBooking(t);
    const answer = await guest(draft.token);
    const hoursLeft = (answer.body.expires_in as number) / 3600;
    expect(hoursLeft).toBeGreaterThan(24);
    const { access_token: bearer } = answer.body;
    t.clock.advance(120);
    expect((await t.post('/api/booking/user/get', {}, { bearer })).status).toBe(200);
    t.clock.advance(Math.ceil(hoursLeft * 60));
    expect((await t.post('/api/booking/user/get', {}, { bearer })).status).toBe(401);
    t.clock.set('2026-11-23T09:00:00Z');
  });
});

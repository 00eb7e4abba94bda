import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { bookings } from '../../src/server/db/schema.ts';
import { draftBooking } from '../support/draft-booking.ts';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer({ trustProxy: true, accounts: { limits: { manageKeyPerAddress: { limit: 5, windowSeconds: 900 } } } });

const keyOf = async (token: string) => (await t.database.db.select().from(bookings).where(eq(bookings.token, token)))[0]!.manageKey;

let guests = 0;
/** A draft taken up by a guest (no_account), as after the first device's booking. */
async function guestBooking() {
  guests += 1;
  const draft = await draftBooking(t);
  const guest = await t.post('/api/front/user/no_account', {
    firstname: 'Gaëlle',
    lastname: 'Rivière',
    phone: `+3361200${String(guests).padStart(4, '0')}`,
    email: 'gaelle@example.test',
    bookingToken: draft.token,
  });
  expect(guest.status, JSON.stringify(guest.body)).toBe(200);
  return draft;
}

let addresses = 0;
/** Each call from an address of its own unless one is named: the per-address limit is the last test's business. */
const exchange = (bookingToken: string, manageKey: string, headers: Record<string, string> = { 'x-forwarded-for': `198.51.100.${++addresses}` }) =>
  t.post('/api/front/user/booking_session', { bookingToken, manageKey }, { headers });

describe('booking_session exchanges the manage key of the diner\u2019s link for the owner\u2019s session of that booking', () => {
  test('every booking gets a manage key of 32 url-safe characters, never the same twice, never its token', async () => {
    const [one, two] = [await draftBooking(t), await draftBooking(t)];
    const [keyOne, keyTwo] = [await keyOf(one.token), await keyOf(two.token)];
    expect(keyOne).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(keyOne).not.toBe(keyTwo);
    expect(keyOne).not.toBe(one.token);
  });

  test('the right key gives a bearer that reads the booking with canManage and the diner\u2019s details, and cancels it', async () => {
    const draft = await guestBooking();
    const answer = await exchange(draft.token, await keyOf(draft.token));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      token_type: 'Bearer',
      expires_in: expect.any(Number),
    });
    expect(answer.body.expires_in).toBeGreaterThan(24 * 3600);
    const bearer = answer.body.access_token as string;
    const ref = { merchant_slug: draft.slug, token: draft.token };
    const read = await t.post('/api/booking/get', ref, { bearer });
    expect(read.body.booking).toMatchObject({
      canManage: true,
      bookingClient: { lastname: 'Rivière', phone: expect.stringMatching(/^\+336/), email: 'gaelle@example.test' },
    });
    expect((await t.post('/api/booking/cancel', ref, { bearer })).body.booking).toMatchObject({ status: 40, canManage: true });
  });

  test('the session reaches that booking only, and never the account of an account\u2019s booking (its bookings, details or private channel)', async () => {
    const owner = await t.signIn();
    const draft = await draftBooking(t, 'le-petit-zinc', owner.bearer);
    const other = await draftBooking(t, 'le-petit-zinc', owner.bearer);
    const { access_token: bearer } = (await exchange(draft.token, await keyOf(draft.token))).body;
    expect((await t.post('/api/booking/get', { merchant_slug: draft.slug, token: draft.token }, { bearer })).body.booking.canManage).toBe(true);
    const elsewhere = await t.post('/api/booking/set_comment', { merchant_slug: other.slug, token: other.token, comment: 'no' }, { bearer });
    expect(elsewhere.status).toBe(403);
    expect((await t.post('/api/front/user/bookings', {}, { bearer })).status).toBe(403);
    const update = await t.post('/api/front/user/update', { firstname: 'Mallory', lastname: 'X', phone: '+33611111111' }, { bearer });
    expect(update.status).toBe(403);
    const channel = await t.post('/broadcasting/auth', { socket_id: '1234.5678', channel_name: `private-user.${owner.userId}` }, { bearer });
    expect(channel.status).toBe(403);
    expect(
      (await t.post('/broadcasting/auth', { socket_id: '1234.5678', channel_name: `private-user.${owner.userId}` }, { bearer: owner.bearer })).status,
    ).toBe(200);
  });

  test.each([
    ['a wrong key', 403, 'manage_key_invalid', 'x'.repeat(32)],
    ['an empty key', 403, 'manage_key_invalid', ''],
    ['the booking token itself', 403, 'manage_key_invalid', 'TOKEN'],
  ])('%s is refused with HTTP %i %s', async (_name, status, code, key) => {
    const draft = await guestBooking();
    const answer = await exchange(draft.token, key === 'TOKEN' ? draft.token : key);
    expect(answer.status).toBe(status);
    expect(answer.body.error_code).toBe(code);
  });

  test('an unknown booking token is booking_not_found', async () => {
    const answer = await exchange('UnknownBookingToken0123456789', 'x'.repeat(32));
    expect(answer.status).toBe(404);
    expect(answer.body.error_code).toBe('booking_not_found');
  });

  test('a draft without a diner has no owner to sign in as: booking_forbidden, with the right key only', async () => {
    const draft = await draftBooking(t);
    expect((await exchange(draft.token, 'x'.repeat(32))).body.error_code).toBe('manage_key_invalid');
    const answer = await exchange(draft.token, await keyOf(draft.token));
    expect(answer.status).toBe(403);
    expect(answer.body.error_code).toBe('booking_forbidden');
  });

  test('one address guesses at most the sign-in number of keys per window, then gets 429 rate_limited', async () => {
    const draft = await guestBooking();
    const from = { 'x-forwarded-for': '203.0.113.77' };
    for (let i = 0; i < 5; i++) expect((await exchange(draft.token, `guess-${i}`, from)).status).toBe(403);
    const refused = await exchange(draft.token, await keyOf(draft.token), from);
    expect(refused.status).toBe(429);
    expect(refused.body.error_code).toBe('rate_limited');
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await exchange(draft.token, await keyOf(draft.token), { 'x-forwarded-for': '203.0.113.78' })).status).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { UserBooking } from '../../src/shared/api/user-bookings.ts';
import { draftBooking } from '../support/draft-booking.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
}, 60_000);
afterAll(() => t.close());

const CLIENT = { client_id: 'couvert-web', client_secret: 'couvert-web-secret' };
const PASSWORD = 'a long and rare passphrase';
let accounts = 0;

/** Registers an account through the API: its bearer and refresh token. */
async function register(): Promise<{ bearer: string; refreshToken: string; email: string }> {
  accounts += 1;
  const email = `lists${accounts}@example.test`;
  const answer = await t.post('/api/front/user/register', { firstname: 'Lou', lastname: 'Martin', email, phone: `+3361234560${accounts}`, password: PASSWORD });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { bearer: answer.body.access_token, refreshToken: answer.body.refresh_token, email };
}

/** A new bearer for the account, at the clock's time. */
async function signInAgain(email: string): Promise<string> {
  const answer = await t.post('/oauth/token', new URLSearchParams({ grant_type: 'password', ...CLIENT, username: email, password: PASSWORD }).toString(), {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(answer.status).toBe(200);
  return answer.body.access_token;
}

interface Made {
  token: string;
  slug: string;
  date: string;
  hour: string;
}

/** A booking for 2 at the first free time of the day `days` after the clock's, made (and validated unless a draft) with `bearer`. */
async function book(slug: string, days: number, bearer: string, { validate = true } = {}): Promise<Made> {
  for (let offset = days; offset < days + 14; offset += 1) {
    const date = new Date(t.clock.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const slots = await t.post('/api/booking/booking_slots/get', { merchant_slug: slug, date, bookingZoneId: 'all', needed_seats: 2 });
    const slot =
      slots.status === 200 ? (slots.body.slots as Array<{ timestamp: number; hour: string; available: boolean }>).find((s) => s.available) : undefined;
    if (!slot) continue;
    const created = await t.post('/api/booking/create', { merchant_slug: slug, datetime: slot.timestamp, booking_zone_id: 'all', client_count: 2 }, { bearer });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    if (validate) {
      const validated = await t.post('/api/booking/validate', { merchant_slug: slug, token: created.body.token }, { bearer });
      expect(validated.status, JSON.stringify(validated.body)).toBe(200);
    }
    return { token: created.body.token, slug, date, hour: slot.hour };
  }
  throw new Error(`no free time at ${slug}`);
}

const list = (bearer?: string, body: unknown = {}) => t.post('/api/front/user/bookings', body, bearer ? { bearer } : {});
const tokens = (bookings: UserBooking[]) => bookings.map((booking) => booking.token);

describe('an account\u2019s bookings (user/bookings)', () => {
  test('lists coming bookings soonest first across merchants, then cancelled and past ones latest first, never drafts', async () => {
    const diner = await register();
    const first = await book('le-petit-zinc', 2, diner.bearer);
    const rome = await book('trattoria-nonna', 6, diner.bearer);
    const second = await book('sakura-ramen', 3, diner.bearer);
    const cancelled = await book('le-petit-zinc', 4, diner.bearer);
    expect((await t.post('/api/booking/cancel', { merchant_slug: cancelled.slug, token: cancelled.token }, { bearer: diner.bearer })).status).toBe(200);
    await book('le-petit-zinc', 5, diner.bearer, { validate: false });
    await book('sakura-ramen', 2, (await register()).bearer);

    const answer = await list(diner.bearer);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(tokens(answer.body.coming)).toEqual([first.token, second.token, rome.token]);
    expect(tokens(answer.body.past)).toEqual([cancelled.token]);
    const [zinc, ramen, nonna] = answer.body.coming as UserBooking[];
    expect(zinc).toMatchObject({
      merchant: { slug: 'le-petit-zinc', name: 'Le Petit Zinc', timezone: 'Europe/Paris' },
      status: 10,
      bookingForDate: first.date,
      bookingForHour: first.hour,
      clientCount: 2,
      ref: expect.any(String),
    });
    expect(zinc!.zoneName).toEqual(expect.any(String));
    // Sakura Ramen confirms at once and hides its zones.
    expect(ramen).toMatchObject({ status: 20, zoneName: null });
    // Written in the merchant's own time zone.
    expect(nonna).toMatchObject({ merchant: { timezone: 'Europe/Rome' }, bookingForDate: rome.date, bookingForHour: rome.hour });
    expect(answer.body.past[0]).toMatchObject({ status: 40 });

    // Once the first one is over it moves to the past, the latest first.
    const clock = t.clock.now();
    t.clock.set(new Date((zinc!.bookingForTimestamp + 6 * 3600) * 1000));
    try {
      // The bearer of days ago has expired: a new sign-in.
      const later = await list(await signInAgain(diner.email));
      expect(tokens(later.body.coming)).toEqual([second.token, rome.token]);
      expect(tokens(later.body.past)).toEqual([cancelled.token, first.token]);
    } finally {
      t.clock.set(clock);
    }
  });

  test('answers at most `limit` of each group', async () => {
    const diner = await register();
    const first = await book('le-petit-zinc', 2, diner.bearer);
    await book('le-petit-zinc', 3, diner.bearer);
    const answer = await list(diner.bearer, { limit: 1 });
    expect(tokens(answer.body.coming)).toEqual([first.token]);
    expect((await list(diner.bearer, { limit: 0 })).status).toBe(400);
    expect((await list(diner.bearer, { limit: 1000 })).status).toBe(400);
  });

  test('is refused without a bearer (401) and to a guest session (403)', async () => {
    expect((await list()).status).toBe(401);
    const draft = await draftBooking(t);
    const guest = await t.post('/api/front/user/no_account', {
      firstname: 'Guest',
      lastname: 'Only',
      phone: '+33612345699',
      email: '',
      bookingToken: draft.token,
    });
    const refused = await list(guest.body.access_token);
    expect(refused.status).toBe(403);
    expect(refused.body.error_code).toBe('booking_forbidden');
  });
});

describe('signing out (user/logout)', () => {
  const refresh = (refreshToken: string) =>
    t.post('/oauth/token', new URLSearchParams({ grant_type: 'refresh_token', ...CLIENT, refresh_token: refreshToken }).toString(), {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  const me = (bearer: string) => t.post('/api/booking/user/get', {}, { bearer });

  test('revokes the bearer and its refresh token; the account\u2019s other sign-ins stay', async () => {
    const diner = await register();
    const elsewhere = await signInAgain(diner.email);

    const out = await t.post('/api/front/user/logout', {}, { bearer: diner.bearer });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true, revoked: true });
    expect((await me(diner.bearer)).status).toBe(401);
    expect((await list(diner.bearer)).status).toBe(401);
    expect((await refresh(diner.refreshToken)).body.error).toBe('invalid_grant');
    expect((await me(elsewhere)).status).toBe(200);
  });

  test('is idempotent: a revoked, unknown or missing bearer is already signed out', async () => {
    const diner = await register();
    expect((await t.post('/api/front/user/logout', {}, { bearer: diner.bearer })).body.revoked).toBe(true);
    expect((await t.post('/api/front/user/logout', {}, { bearer: diner.bearer })).body).toEqual({ success: true, revoked: false });
    expect((await t.post('/api/front/user/logout', {})).body).toEqual({ success: true, revoked: false });
  });

  test('signs a guest session out too', async () => {
    const draft = await draftBooking(t);
    const guest = await t.post('/api/front/user/no_account', {
      firstname: 'Guest',
      lastname: 'Leaving',
      phone: '+33612345698',
      email: '',
      bookingToken: draft.token,
    });
    expect((await t.post('/api/front/user/logout', {}, { bearer: guest.body.access_token })).body.revoked).toBe(true);
    expect((await me(guest.body.access_token)).status).toBe(401);
  });
});

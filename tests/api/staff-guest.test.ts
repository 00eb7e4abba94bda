import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { bookings, messagesOutbox } from '../../src/server/db/schema.ts';
import type { StaffRole } from '../../src/shared/staff-roles.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { bookValidated, bookingOf, call, expectError, expectOk, importStaffedMerchant, unix, type Staffed } from './api-helpers.ts';
import { importRoleMerchant, ROLES, type RoleMerchant } from './role-merchant.ts';

// The guest profile in the staff book: who may read and save it, how it follows a diner, its counts, its version
// check, and that no diner answer or message carries any of it.
const t = useTestServer({ demo: false });
let a: Staffed;
let other: Staffed;
let roles: RoleMerchant;

const DAY = '2026-11-25';
const at = (day: string, time: string) => unix(`${day}T${time}:00+01:00`);
const SECRET = 'Prefers-the-quiet-corner-7Q';
const TAGS = { vip: true, regular: false, seating: 'Window, not the door', allergens: ['sesame', 'peanuts'], note: `${SECRET} <script>alert(1)</script>` };

beforeAll(async () => {
  t.clock.set('2026-11-23T12:00:00Z');
  a = await importStaffedMerchant(t, 'guest-a', 12);
  other = await importStaffedMerchant(t, 'guest-b', 12);
  roles = await importRoleMerchant(t, 'guest-roles');
}, 60_000);

const guestUrl = (slug: string, token: string) => `/api/pro/${slug}/bookings/${token}/guest`;
const read = (slug: string, token: string, bearer?: string) => t.get(guestUrl(slug, token), bearer ? { bearer } : {});
const save = (slug: string, token: string, body: Record<string, unknown>, bearer?: string) => t.put(guestUrl(slug, token), body, bearer ? { bearer } : {});
const act = (who: { slug: string; staff: string }, token: string, action: string, body: Record<string, unknown> = {}) =>
  t.post(`/api/pro/${who.slug}/bookings/${token}/${action}`, body, { bearer: who.staff });
/** A phone booking the restaurant takes (its diner is a guest: one row per booking, known by the phone). */
const byPhone = async (who: Staffed, datetime: number, phone: string, firstname = 'Inès') =>
  expectOk(await t.post(`/api/pro/${who.slug}/bookings`, { datetime, party: 2, firstname, lastname: 'Durand', phone }, { bearer: who.staff })).body.booking
    .token as string;

describe('who may read and save a guest profile', () => {
  let token: string;
  beforeAll(async () => {
    t.clock.set('2026-11-23T12:00:00Z');
    token = (await bookValidated(t, { slug: roles.slug, at: at(DAY, '19:30'), zone: 'all', seats: 2 })).token;
  });

  test('no bearer, or a diner’s bearer, is unauthenticated', async () => {
    expectError(await read(roles.slug, token), 401, 'unauthenticated');
    expectError(await save(roles.slug, token, { ...TAGS, revision: 0 }), 401, 'unauthenticated');
    const { bearer } = await t.signIn();
    expectError(await read(roles.slug, token, bearer), 401, 'unauthenticated');
  });

  test('another merchant’s staff learn nothing: the slug is unknown to them, and its booking under their own slug is not found', async () => {
    expectError(await read(roles.slug, token, other.staff), 404, 'merchant_not_found');
    expectError(await save(roles.slug, token, { ...TAGS, revision: 0 }, other.staff), 404, 'merchant_not_found');
    expectError(await read(other.slug, token, other.staff), 404, 'booking_not_found');
    expectError(await save(other.slug, token, { ...TAGS, revision: 0 }, other.staff), 404, 'booking_not_found');
    // Nothing was written by those refusals.
    expect(expectOk(await read(roles.slug, token, roles.bearer.owner)).body.guest.revision).toBe(0);
  });

  test.each(ROLES)('a %s reads and saves it (the book is host+)', async (role: StaffRole) => {
    const before = expectOk(await read(roles.slug, token, roles.bearer[role])).body.guest;
    const saved = expectOk(await save(roles.slug, token, { ...TAGS, note: `by the ${role}`, revision: before.revision }, roles.bearer[role])).body.guest;
    expect(saved).toMatchObject({ revision: before.revision + 1, updated_by: roles.who[role].email, tags: { note: `by the ${role}` } });
  });

  test('a bad allergen, a long seating or a missing revision is a validation error, nothing written', async () => {
    const revision = expectOk(await read(roles.slug, token, roles.bearer.host)).body.guest.revision;
    expectError(await save(roles.slug, token, { ...TAGS, allergens: ['kiwi'], revision }, roles.bearer.host), 400, 'validation_error');
    expectError(await save(roles.slug, token, { ...TAGS, seating: 'x'.repeat(81), revision }, roles.bearer.host), 400, 'validation_error');
    expectError(await save(roles.slug, token, { ...TAGS }, roles.bearer.host), 400, 'validation_error');
    expect(expectOk(await read(roles.slug, token, roles.bearer.host)).body.guest.revision).toBe(revision);
  });
});

describe('the profile follows the diner from booking to booking here', () => {
  test('an account’s tags show on its next booking, in the day view and in the search, and not at another restaurant', async () => {
    t.clock.set('2026-11-23T12:00:00Z');
    const { bearer } = await t.signIn({ firstname: 'Aurore', lastname: 'Fidèle' });
    const first = (await bookValidated(t, { slug: a.slug, at: at('2026-11-24', '19:30'), zone: 'all', seats: 2, bearer })).token;
    const next = (await bookValidated(t, { slug: a.slug, at: at(DAY, '20:00'), zone: 'all', seats: 2, bearer })).token;
    const elsewhere = (await bookValidated(t, { slug: other.slug, at: at(DAY, '20:00'), zone: 'all', seats: 2, bearer })).token;
    expect(expectOk(await read(a.slug, next, a.staff)).body.guest).toMatchObject({ identity: 'account', revision: 0, tags: { vip: false } });

    expectOk(await save(a.slug, first, { ...TAGS, revision: 0 }, a.staff));
    const seen = expectOk(await read(a.slug, next, a.staff)).body.guest;
    // Allergens come back in the regulation's order whatever order they were sent in.
    expect(seen).toMatchObject({ identity: 'account', revision: 1, tags: { ...TAGS, allergens: ['peanuts', 'sesame'] } });

    const day = expectOk(await t.get(`/api/pro/${a.slug}/bookings?day=${DAY}`, { bearer: a.staff })).body;
    const row = day.bookings.find((booking: { token: string }) => booking.token === next);
    expect(row.guest).toEqual({ ...TAGS, allergens: ['peanuts', 'sesame'] });
    const found = expectOk(await t.get(`/api/pro/${a.slug}/bookings/search?q=Fid%C3%A8le`, { bearer: a.staff })).body.bookings;
    expect(found.map((booking: { guest: { vip: boolean } | null }) => booking.guest?.vip)).toEqual([true, true]);

    expect(expectOk(await read(other.slug, elsewhere, other.staff)).body.guest).toMatchObject({ revision: 0, tags: { vip: false, allergens: [] } });
    const otherDay = expectOk(await t.get(`/api/pro/${other.slug}/bookings?day=${DAY}`, { bearer: other.staff })).body;
    expect(otherDay.bookings.find((booking: { token: string }) => booking.token === elsewhere).guest).toBeNull();
  });

  test('guests are known by their phone: two phone bookings with one number share a profile, another number does not', async () => {
    t.clock.set('2026-11-23T12:00:00Z');
    const first = await byPhone(a, at('2026-11-26', '12:30'), '+33 6 12 34 56 78');
    const again = await byPhone(a, at('2026-11-27', '12:30'), '+33612345678');
    const stranger = await byPhone(a, at('2026-11-27', '12:30'), '+33 6 99 88 77 66');
    expectOk(await save(a.slug, first, { ...TAGS, vip: false, regular: true, revision: 0 }, a.staff));
    expect(expectOk(await read(a.slug, again, a.staff)).body.guest).toMatchObject({ identity: 'phone', tags: { regular: true } });
    expect(expectOk(await read(a.slug, stranger, a.staff)).body.guest).toMatchObject({ identity: 'phone', revision: 0, tags: { regular: false } });
  });

  test('a guest without a phone is known by their email (any case); one with neither is their booking alone', async () => {
    t.clock.set('2026-11-23T12:00:00Z');
    const create = async (datetime: number, extra: Record<string, unknown>) =>
      expectOk(await t.post(`/api/pro/${a.slug}/bookings`, { datetime, party: 2, firstname: 'Zoé', ...extra }, { bearer: a.staff })).body.booking
        .token as string;
    const mailed = await create(at('2026-12-03', '12:30'), { email: 'zoe.mail@example.test' });
    const mailedAgain = await create(at('2026-12-04', '12:30'), { email: 'Zoe.Mail@Example.test' });
    const walkIn = await create(at('2026-12-03', '13:00'), {});
    const walkInAgain = await create(at('2026-12-04', '13:00'), {});
    expectOk(await save(a.slug, mailed, { ...TAGS, revision: 0 }, a.staff));
    expect(expectOk(await read(a.slug, mailedAgain, a.staff)).body.guest).toMatchObject({ identity: 'email', revision: 1, tags: { vip: true } });
    expectOk(await save(a.slug, walkIn, { ...TAGS, revision: 0 }, a.staff));
    expect(expectOk(await read(a.slug, walkIn, a.staff)).body.guest).toMatchObject({ identity: 'booking', revision: 1 });
    expect(expectOk(await read(a.slug, walkInAgain, a.staff)).body.guest).toMatchObject({ identity: 'booking', revision: 0, tags: { vip: false } });
  });

  test('the counts: visits (finished after arrival), no-shows, cancellations by the diner and by the restaurant', async () => {
    t.clock.set('2026-11-23T12:00:00Z');
    const { bearer } = await t.signIn({ firstname: 'Compte', lastname: 'Histoire' });
    const days = ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'];
    // Visited, missed, cancelled by the diner, refused by the restaurant, and one still coming.
    const tokens: string[] = [];
    for (const day of days) tokens.push((await bookValidated(t, { slug: a.slug, at: at(day, '12:00'), zone: 'all', seats: 1, bearer })).token);
    expectOk(await call(t, 'cancel', a.slug, tokens[2]!, bearer));
    expectOk(await act(a, tokens[3]!, 'refuse', { reason: 'restaurant_full' }));
    for (const token of [tokens[0]!, tokens[1]!, tokens[4]!]) expectOk(await act(a, token, 'confirm'));
    t.clock.set('2026-11-24T11:05:00Z');
    // Staff bearers last 12 hours: the host signs in again on each day of service.
    a.staff = expectOk(await t.post('/api/pro/auth/login', a.who)).body.access_token as string;
    expectOk(await act(a, tokens[0]!, 'arrived'));
    expectOk(await act(a, tokens[0]!, 'finish'));
    t.clock.set('2026-11-25T11:20:00Z');
    a.staff = expectOk(await t.post('/api/pro/auth/login', a.who)).body.access_token as string;
    expectOk(await act(a, tokens[1]!, 'no_show'));
    const counts = expectOk(await read(a.slug, tokens[4]!, a.staff)).body.guest.counts;
    expect(counts).toEqual({ visits: 1, no_shows: 1, cancelled_by_diner: 1, cancelled_by_restaurant: 1, bookings: 5 });
  });
});

describe('two staff saving at once', () => {
  test('two first saves from revision 0: one is written, the other is 409 stale_revision and writes nothing', async () => {
    t.clock.set('2026-11-23T12:00:00Z');
    const token = await byPhone(a, at('2026-11-28', '19:00'), '+33 6 70 70 70 70');
    const answers = await Promise.all([
      save(a.slug, token, { ...TAGS, note: 'tablet one', revision: 0 }, a.staff),
      save(a.slug, token, { ...TAGS, note: 'tablet two', revision: 0 }, a.staff),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const lost = answers.find((answer) => answer.status === 409)!;
    expect(lost.body.error_code).toBe('stale_revision');
    const won = answers.find((answer) => answer.status === 200)!.body.guest;
    expect(expectOk(await read(a.slug, token, a.staff)).body.guest).toMatchObject({ revision: 1, tags: { note: won.tags.note } });
  });

  test('a save from a revision read before another save is 409; from the new one it is written', async () => {
    t.clock.set('2026-11-23T12:00:00Z');
    const token = await byPhone(a, at('2026-11-29', '19:00'), '+33 6 71 71 71 71');
    expectOk(await save(a.slug, token, { ...TAGS, note: 'first', revision: 0 }, a.staff));
    const many = await Promise.all(Array.from({ length: 6 }, (_, i) => save(a.slug, token, { ...TAGS, note: `n${i}`, revision: 1 }, a.staff)));
    expect(many.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(many.filter((answer) => answer.status === 409)).toHaveLength(5);
    expectError(await save(a.slug, token, { ...TAGS, note: 'late', revision: 1 }, a.staff), 409, 'stale_revision');
    expect(expectOk(await save(a.slug, token, { ...TAGS, note: 'after reading', revision: 2 }, a.staff)).body.guest.revision).toBe(3);
  });
});

describe('no diner answer or message carries the profile', () => {
  test('the diner’s booking, their bookings list and every message of their bookings hold none of it', async () => {
    t.clock.set('2026-11-23T12:00:00Z');
    const { bearer } = await t.signIn({ firstname: 'Secret', lastname: 'Gardé', email: 'secret-guest@example.test' });
    const first = (await bookValidated(t, { slug: a.slug, at: at('2026-11-30', '19:30'), zone: 'all', seats: 2, bearer })).token;
    expectOk(await save(a.slug, first, { ...TAGS, revision: 0 }, a.staff));
    const next = (await bookValidated(t, { slug: a.slug, at: at('2026-12-01', '19:30'), zone: 'all', seats: 2, bearer })).token;
    expectOk(await act(a, next, 'confirm'));
    expectOk(await act(a, first, 'cancel', { reason: 'restaurant_cancelled', message: 'Sorry' }));

    const texts = [
      JSON.stringify(await bookingOf(t, a.slug, next)),
      JSON.stringify(await bookingOf(t, a.slug, first)),
      JSON.stringify(expectOk(await t.post('/api/front/user/bookings', {}, { bearer })).body),
      JSON.stringify(expectOk(await t.post('/api/booking/user/get', {}, { bearer })).body),
    ];
    const ids = (
      await t.database.db
        .select({ id: bookings.id })
        .from(bookings)
        .where(inArray(bookings.token, [first, next]))
    ).map((row) => row.id);
    const messages = await t.database.db.select().from(messagesOutbox).where(inArray(messagesOutbox.bookingId, ids));
    expect(messages.length).toBeGreaterThan(0);
    texts.push(...messages.map((message) => JSON.stringify({ subject: message.subject, data: message.data })));
    for (const text of texts) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain('Window, not the door');
      expect(text).not.toMatch(/sesame|peanuts|"vip"|"allergens"|"guest"/);
    }
  });

  test('a profile saved names the booking’s row nowhere a diner reads: the booking itself is unchanged', async () => {
    t.clock.set('2026-11-23T12:00:00Z');
    const token = await byPhone(a, at('2026-12-02', '12:30'), '+33 6 72 72 72 72');
    const [before] = await t.database.db.select().from(bookings).where(eq(bookings.token, token));
    expectOk(await save(a.slug, token, { ...TAGS, revision: 0 }, a.staff));
    const [after] = await t.database.db.select().from(bookings).where(eq(bookings.token, token));
    expect(after).toEqual(before);
  });
});

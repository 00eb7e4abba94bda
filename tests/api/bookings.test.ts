import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';
import {
  adminAction,
  bookingOf,
  bookValidated,
  call,
  create,
  createDraft,
  expectError,
  fixtureMerchant,
  expectOk,
  importFixture,
  isAvailable,
  unix,
  zoneIdsOf,
  type FixtureOverrides,
} from './api-helpers.ts';

const HOLD_MINUTES = 10;
const t = useTestServer({ holdMinutes: HOLD_MINUTES });

const DATE = '2026-11-25';
/** The file under public/ that a served path such as /images/x.svg names. */
const publicFile = (servedPath: string) => fileURLToPath(new URL(`../../public${servedPath}`, import.meta.url));
const at = (hour: string, date = DATE) => unix(`${date}T${hour}:00+01:00`);
const twoZones: FixtureOverrides = {
  zones: [
    { name: 'Salle', tables: [{ name: 'S1', minSeats: 1, maxSeats: 4 }] },
    { name: 'Terrasse', tables: [{ name: 'T1', minSeats: 1, maxSeats: 6 }] },
  ],
};

describe('create makes a draft that holds a table', () => {
  test('a draft has no status, a hold of HOLD_MINUTES, a 6-character ref and a URL-safe token of 128 bits or more', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const fixture = await importFixture(t, 'draft');
    const answer = expectOk(await create(t, { slug: fixture.slug, at: at('19:30'), zone: fixture.zones.Salle!, seats: 2 }));
    const { token, booking } = answer.body;
    expect(token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(booking).toMatchObject({
      token,
      status: null,
      ref: expect.stringMatching(/^[A-HJ-NP-Z2-9]{6}$/),
      holdExpiresAt: unix('2026-11-23T09:00:00Z') + HOLD_MINUTES * 60,
      bookingForTimestamp: at('19:30'),
      clientCount: 2,
      bookingZone: { id: fixture.zones.Salle, name: 'Salle' },
    });
    expect(await isAvailable(t, fixture.slug, DATE, '19:30', 'all', 2)).toBe(false);
  });

  test('tokens and refs differ from one booking to the next', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const fixture = await importFixture(t, 'unique', {
      zones: [{ name: 'Salle', tables: Array.from({ length: 8 }, (_, i) => ({ name: `S${i}`, minSeats: 1, maxSeats: 4 })) }],
    });
    const bookings = [];
    for (let i = 0; i < 8; i++) {
      bookings.push(expectOk(await create(t, { slug: fixture.slug, at: at('19:30'), zone: 'all', seats: 2 })).body.booking);
    }
    expect(new Set(bookings.map((booking) => booking.token)).size).toBe(8);
    expect(new Set(bookings.map((booking) => booking.ref)).size).toBe(8);
  });

  test.each<[string, { at?: number; zone?: string; seats?: number }, Record<string, unknown>]>([
    ['its date', { at: at('12:30', '2026-11-26') }, { bookingForTimestamp: at('12:30', '2026-11-26'), bookingForDate: '2026-11-26' }],
    ['its zone', { zone: 'Terrasse' }, { bookingZone: { name: 'Terrasse' } }],
    ['its guests', { seats: 4 }, { clientCount: 4 }],
    ['its guests beyond the first table, into another zone', { seats: 6, zone: 'all' }, { clientCount: 6, bookingZone: { name: 'Terrasse' } }],
  ])('create with the token of a draft changes %s and keeps the token and ref', async (_label, change, expected) => {
    t.clock.set('2026-11-23T09:00:00Z');
    const fixture = await importFixture(t, 'change', twoZones);
    const first = expectOk(await create(t, { slug: fixture.slug, at: at('19:30'), zone: fixture.zones.Salle!, seats: 2 })).body;
    const zone = change.zone === undefined ? fixture.zones.Salle! : change.zone === 'all' ? 'all' : fixture.zones[change.zone]!;
    const changed = expectOk(await create(t, { slug: fixture.slug, token: first.token, at: change.at ?? at('19:30'), zone, seats: change.seats ?? 2 })).body;
    expect(changed.token).toBe(first.token);
    expect(changed.booking).toMatchObject({ ...expected, token: first.token, ref: first.booking.ref, status: null });
    expect(await bookingOf(t, fixture.slug, first.token)).toMatchObject(expected);
  });

  test('a change frees the table it leaves', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const fixture = await importFixture(t, 'leave');
    const token = await createDraft(t, { slug: fixture.slug, at: at('19:30'), zone: 'all', seats: 2 });
    expectOk(await create(t, { slug: fixture.slug, token, at: at('12:00'), zone: 'all', seats: 2 }));
    expect(await isAvailable(t, fixture.slug, DATE, '19:30', 'all', 2)).toBe(true);
    expect(await isAvailable(t, fixture.slug, DATE, '12:00', 'all', 2)).toBe(false);
  });

  test('a change of a booking to the same time keeps its own table (it does not compete with itself)', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const fixture = await importFixture(t, 'same');
    const token = await createDraft(t, { slug: fixture.slug, at: at('19:30'), zone: 'all', seats: 2 });
    expect(expectOk(await create(t, { slug: fixture.slug, token, at: at('19:30'), zone: 'all', seats: 3 })).body.booking.clientCount).toBe(3);
  });

  test.each([
    ['a pending booking stays pending', false, 10, 10],
    ['a confirmed booking goes back to the restaurant', false, 20, 10],
    ['a confirmed booking at a merchant that confirms by itself stays confirmed', true, 20, 20],
  ])('changing a validated booking: %s', async (_label, autoConfirm, statusBefore, statusAfter) => {
    t.clock.set('2026-11-23T09:00:00Z');
    const fixture = await importFixture(t, 'change-firm', { settings: { autoConfirm } });
    const { token, bearer } = await bookValidated(t, { slug: fixture.slug, at: at('19:30'), zone: 'all', seats: 2 });
    if (statusBefore === 20 && !autoConfirm) expectOk(await adminAction(t, token, 'confirm'));
    expect((await bookingOf(t, fixture.slug, token)).status).toBe(statusBefore);
    const changed = expectOk(await create(t, { slug: fixture.slug, token, at: at('20:00'), zone: 'all', seats: 2, bearer })).body;
    expect(changed.booking).toMatchObject({ token, status: statusAfter, bookingForHour: '20:00', holdExpiresAt: null });
  });

  test('an expired draft frees its table: another diner gets it once HOLD_MINUTES have passed', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const fixture = await importFixture(t, 'expire');
    const request = { slug: fixture.slug, at: at('19:30'), zone: 'all', seats: 2 };
    await createDraft(t, request);
    expectError(await create(t, request), 409, 'no_seats_available');
    t.clock.advance(HOLD_MINUTES - 1);
    expectError(await create(t, request), 409, 'no_seats_available');
    t.clock.advance(2);
    const second = expectOk(await create(t, request)).body;
    expect(second.booking.status).toBeNull();
  });

  test('a draft frees its table at the very instant its hold ends', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const fixture = await importFixture(t, 'expire-instant');
    const request = { slug: fixture.slug, at: at('19:30'), zone: 'all', seats: 2 };
    await createDraft(t, request);
    t.clock.advance(HOLD_MINUTES);
    expect(await isAvailable(t, fixture.slug, DATE, '19:30', 'all', 2)).toBe(true);
    expect(expectOk(await create(t, request)).body.booking.status).toBeNull();
  });
});

describe('validate makes a draft firm for the signed-in diner', () => {
  test.each([
    ['le-petit-zinc', 10, 'Salle', '12:30'],
    ['sakura-ramen', 20, 'Comptoir', '12:00'],
    ['trattoria-nonna', 20, 'Sala', '12:30'],
  ])('at %s a validated booking has status %i', async (slug, status, zoneName, hour) => {
    t.clock.set('2026-11-23T09:00:00Z');
    const zone = (await zoneIdsOf(t, slug))[zoneName]!;
    const diner = await t.signIn({ firstname: 'Inès', lastname: 'Moreau', email: `ines-${slug}@example.test`, phone: '+33611223344' });
    const token = await createDraft(t, { slug, at: at(hour), zone, seats: 2 });
    const validated = expectOk(await call(t, 'validate', slug, token, diner.bearer)).body.booking;
    expect(validated).toMatchObject({
      token,
      status,
      holdExpiresAt: null,
      bookingClient: { firstname: 'Inès', lastname: 'Moreau', phone: '+33611223344', email: `ines-${slug}@example.test`, avatar: { path: expect.any(String) } },
    });
    expect((await bookingOf(t, slug, token)).status).toBe(status);
  });

  test('validate after the hold lapsed still works while the table is free', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const fixture = await importFixture(t, 'lapsed');
    const token = await createDraft(t, { slug: fixture.slug, at: at('19:30'), zone: 'all', seats: 2 });
    t.clock.advance(HOLD_MINUTES + 20);
    expect(await isAvailable(t, fixture.slug, DATE, '19:30', 'all', 2)).toBe(true);
    const { bearer } = await t.signIn();
    expect(expectOk(await call(t, 'validate', fixture.slug, token, bearer)).body.booking.status).toBe(10);
    expect(await isAvailable(t, fixture.slug, DATE, '19:30', 'all', 2)).toBe(false);
  });

  test('validate after the hold lapsed is no_seats_available once another diner took the table', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const fixture = await importFixture(t, 'lapsed-taken');
    const request = { slug: fixture.slug, at: at('19:30'), zone: 'all', seats: 2 };
    const token = await createDraft(t, request);
    t.clock.advance(HOLD_MINUTES + 1);
    await bookValidated(t, request);
    const { bearer } = await t.signIn();
    expectError(await call(t, 'validate', fixture.slug, token, bearer), 409, 'no_seats_available');
    expect((await bookingOf(t, fixture.slug, token)).status).toBeNull();
  });
});

describe('the diner\u2019s other calls on a booking', () => {
  test('cancel gives status 40 with reason client_cancel and frees the table', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const fixture = await importFixture(t, 'cancel');
    const { token, bearer } = await bookValidated(t, { slug: fixture.slug, at: at('19:30'), zone: 'all', seats: 2 });
    const cancelled = expectOk(await call(t, 'cancel', fixture.slug, token, bearer)).body.booking;
    expect(cancelled).toMatchObject({ status: 40, bookingCancelReason: 'client_cancel', bookingCancelMessage: null });
    expect(await bookingOf(t, fixture.slug, token)).toMatchObject({ status: 40, bookingCancelReason: 'client_cancel' });
    expect(await isAvailable(t, fixture.slug, DATE, '19:30', 'all', 2)).toBe(true);
  });

  test('a draft can be cancelled with its token alone', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const fixture = await importFixture(t, 'cancel-draft');
    const token = await createDraft(t, { slug: fixture.slug, at: at('19:30'), zone: 'all', seats: 2 });
    expect(expectOk(await call(t, 'cancel', fixture.slug, token)).body.booking.status).toBe(40);
  });

  test.each([
    ['a comment', 'Une chaise haute, merci', 'Une chaise haute, merci'],
    ['a comment with spaces around and a line break', '  Allergie aux noix\nTable au calme  ', 'Allergie aux noix\nTable au calme'],
    ['an empty comment, which clears it', '', ''],
  ])('set_comment stores %s and get returns it', async (_label, comment, stored) => {
    t.clock.set('2026-11-23T09:00:00Z');
    const fixture = await importFixture(t, 'comment');
    const { token, bearer } = await bookValidated(t, { slug: fixture.slug, at: at('19:30'), zone: 'all', seats: 2 });
    expectOk(await call(t, 'set_comment', fixture.slug, token, bearer, { comment: 'avant' }));
    expect(expectOk(await call(t, 'set_comment', fixture.slug, token, bearer, { comment })).body.booking.comment).toBe(stored);
    expect((await bookingOf(t, fixture.slug, token)).comment).toBe(stored);
  });

  test('update_user ties an anonymous draft to the signed-in diner and answers with the page\u2019s data', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const fixture = await importFixture(t, 'tie');
    const token = await createDraft(t, { slug: fixture.slug, at: at('19:30'), zone: 'all', seats: 2 });
    expect((await bookingOf(t, fixture.slug, token)).bookingClient).toBeNull();
    const diner = await t.signIn({ firstname: 'Lucas', lastname: 'Bernard', email: 'lucas@example.test', phone: '+33699887766' });
    const answer = expectOk(await call(t, 'update_user', fixture.slug, token, diner.bearer)).body;
    expect(answer).toMatchObject({
      booking: { token, bookingClient: { firstname: 'Lucas', lastname: 'Bernard', phone: '+33699887766', email: 'lucas@example.test' } },
      shifts: expect.any(Array),
      theme: { primary: '#123456', background: '#fafafa' },
      merchant: { slug: fixture.slug, open: { today: true, tomorrow: true } },
      currentBookingToken: null,
    });
    expect(answer.shifts).toHaveLength(7);
    expect((await bookingOf(t, fixture.slug, token)).bookingClient.firstname).toBe('Lucas');
    // Once tied, the booking is that diner's: another diner may not take it over.
    expectError(await call(t, 'update_user', fixture.slug, token, (await t.signIn()).bearer), 403, 'booking_forbidden');
    expectOk(await call(t, 'validate', fixture.slug, token, diner.bearer));
    expect(expectOk(await call(t, 'update_user', fixture.slug, token, diner.bearer)).body.currentBookingToken).toBe(token);
  });
});

describe('booking/get fills every booking field of spec section 3 truthfully', () => {
  const SECTION_3_FIELDS = [
    'token',
    'ref',
    'status',
    'bookingForTimestamp',
    'bookingForTimestampDay',
    'bookingForLong',
    'bookingForHour',
    'clientCount',
    'bookingZone',
    'showZone',
    'comment',
    'calendarUrl',
    'showUnavailableMerchant',
    'gif',
    'bookingCancelReason',
    'bookingCancelMessage',
    'bookingClient',
  ];

  test('a validated booking at Le Petit Zinc, with its theme and merchant', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const zones = await zoneIdsOf(t, 'le-petit-zinc');
    const diner = await t.signIn({ firstname: 'Chloé', lastname: 'Martin', email: 'chloe@example.test', phone: '+33600000001' });
    const token = await createDraft(t, { slug: 'le-petit-zinc', at: at('19:45'), zone: zones.Terrasse!, seats: 3, bearer: diner.bearer });
    expectOk(await call(t, 'validate', 'le-petit-zinc', token, diner.bearer));
    expectOk(await call(t, 'set_comment', 'le-petit-zinc', token, diner.bearer, { comment: 'Anniversaire' }));
    // Read by its owner: only the owner's bearer sees the diner's contact details (a viewer sees initials).
    const answer = expectOk(await call(t, 'get', 'le-petit-zinc', token, diner.bearer)).body;

    expect(answer.theme).toEqual({ primary: '#1f4e5f', background: '#f7f3ec' });
    expect(answer.merchant).toMatchObject({ slug: 'le-petit-zinc', name: 'Le Petit Zinc', phone: '+33199002727', settings: { keepTableDuration: 15 } });
    for (const field of SECTION_3_FIELDS) expect(answer.booking, field).toHaveProperty(field);
    expect(answer.booking).toMatchObject({
      token,
      ref: expect.stringMatching(/^[A-HJ-NP-Z2-9]{6}$/),
      status: 10,
      bookingForTimestamp: unix('2026-11-25T19:45:00+01:00'),
      bookingForTimestampDay: unix('2026-11-25T00:00:00+01:00'),
      bookingForLong: 'mercredi 25 novembre 2026',
      bookingForHour: '19:45',
      clientCount: 3,
      bookingZone: { id: zones.Terrasse, name: 'Terrasse' },
      showZone: true,
      comment: 'Anniversaire',
      showUnavailableMerchant: false,
      gif: { path: expect.stringMatching(/^\/images\/status\/[a-z-]+\.(svg|gif|webp)$/) },
      bookingCancelReason: null,
      bookingCancelMessage: null,
      bookingClient: {
        firstname: 'Chloé',
        lastname: 'Martin',
        phone: '+33600000001',
        email: 'chloe@example.test',
        avatar: { path: expect.stringMatching(/^\//) },
      },
      canManage: true,
    });
    expect(existsSync(publicFile(answer.booking.bookingClient.avatar.path)), 'the avatar is served from public/').toBe(true);
  });

  test('showZone follows the merchant setting', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const zone = (await zoneIdsOf(t, 'sakura-ramen')).Comptoir!;
    const token = await createDraft(t, { slug: 'sakura-ramen', at: at('19:00'), zone, seats: 2 });
    expect((await bookingOf(t, 'sakura-ramen', token)).showZone).toBe(false);
  });

  test('calendarUrl adds the event, at its UTC times with the merchant\u2019s zone, name and address', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const zones = await zoneIdsOf(t, 'le-petit-zinc');
    const token = await createDraft(t, { slug: 'le-petit-zinc', at: at('12:15'), zone: zones.Salle!, seats: 2 });
    const booking = await bookingOf(t, 'le-petit-zinc', token);
    const url = new URL(booking.calendarUrl);
    expect(url.protocol).toBe('https:');
    expect(url.searchParams.get('dates')).toBe('20261125T111500Z/20261125T130000Z');
    expect(url.searchParams.get('ctz')).toBe('Europe/Paris');
    expect(url.searchParams.get('text')).toContain('Le Petit Zinc');
    expect(url.searchParams.get('location')).toContain('27 rue des Martyrs');
    expect(url.searchParams.get('location')).toContain('75009 Paris');
  });

  test.each([
    ['fr', 'Réservation #'],
    ['en', 'Booking #'],
    ['es', 'Reserva #'],
    ['it', 'Prenotazione #'],
  ])('calendarUrl describes the event in the diner\u2019s language (%s)', async (lang, words) => {
    t.clock.set('2026-11-23T09:00:00Z');
    // A merchant of its own, so these drafts take no table the other tests count on.
    const { slug } = await importFixture(t, `calendar-${lang}`);
    const token = await createDraft(t, { slug, at: at('19:30'), zone: 'all', seats: 2 });
    const booking = await bookingOf(t, slug, token, { lang });
    expect(new URL(booking.calendarUrl).searchParams.get('details')).toContain(words);
  });

  describe('bookingForLong writes the date out in the diner\u2019s language', () => {
    let token: string;
    let slug: string;
    beforeAll(async () => {
      t.clock.set('2026-11-23T09:00:00Z');
      const fixture = await importFixture(t, 'lang');
      slug = fixture.slug;
      token = await createDraft(t, { slug, at: at('19:30'), zone: 'all', seats: 2 });
    });

    test.each([
      ['fr', 'mercredi 25 novembre 2026'],
      ['en', 'Wednesday, 25 November 2026'],
      ['es', 'miércoles, 25 de noviembre de 2026'],
      ['it', 'mercoledì 25 novembre 2026'],
    ])('lang %s in the body', async (lang, long) => {
      expect((await bookingOf(t, slug, token, { lang })).bookingForLong).toBe(long);
    });

    test.each([
      ['en-GB,en;q=0.9', 'Wednesday, 25 November 2026'],
      ['es-ES', 'miércoles, 25 de noviembre de 2026'],
      ['de-DE,it;q=0.8', 'mercoledì 25 novembre 2026'],
      ['de-DE', 'mercredi 25 novembre 2026'],
    ])('Accept-Language %s', async (acceptLanguage, long) => {
      const answer = await t.post('/api/booking/get', { merchant_slug: slug, token }, { headers: { 'accept-language': acceptLanguage } });
      expect(expectOk(answer).body.booking.bookingForLong).toBe(long);
    });

    test('the body\u2019s lang wins over Accept-Language', async () => {
      const answer = await t.post('/api/booking/get', { merchant_slug: slug, token, lang: 'it' }, { headers: { 'accept-language': 'en' } });
      expect(expectOk(answer).body.booking.bookingForLong).toBe('mercoledì 25 novembre 2026');
    });
  });

  test('gif.path names a distinct illustration under public/ for a draft and for each status', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const fixture = await importFixture(t, 'gif', {
      zones: [{ name: 'Salle', tables: Array.from({ length: 6 }, (_, i) => ({ name: `S${i}`, minSeats: 1, maxSeats: 4 })) }],
    });
    const request = { slug: fixture.slug, at: at('12:00'), zone: 'all', seats: 2 };
    const draft = await createDraft(t, request);
    const pending = (await bookValidated(t, request)).token;
    const confirmed = (await bookValidated(t, request)).token;
    expectOk(await adminAction(t, confirmed, 'confirm'));
    const refused = (await bookValidated(t, request)).token;
    expectOk(await adminAction(t, refused, 'refuse', { reason: 'restaurant_full' }));
    const finished = (await bookValidated(t, request)).token;
    expectOk(await adminAction(t, finished, 'confirm'));
    expectOk(await adminAction(t, finished, 'finish'));
    const cancelled = await bookValidated(t, request);
    expectOk(await call(t, 'cancel', fixture.slug, cancelled.token, cancelled.bearer));

    const paths: Record<string, string> = {};
    for (const [label, token] of Object.entries({ draft, pending, confirmed, refused, finished, cancelled: cancelled.token })) {
      paths[label] = (await bookingOf(t, fixture.slug, token)).gif.path;
    }
    for (const path of Object.values(paths)) expect(path).toMatch(/^\/images\/status\/[a-z-]+\.(svg|gif|webp)$/);
    expect(new Set(Object.values(paths)).size).toBe(6);
    for (const path of Object.values(paths)) expect(existsSync(publicFile(path)), `public${path}`).toBe(true);
  });

  test.each([
    ['the default 30-minute response window', undefined, 30],
    ['a 5-minute response window', 5, 5],
  ])('showUnavailableMerchant turns true once a pending booking has waited longer than %s', async (_label, responseWindowMinutes, window) => {
    t.clock.set('2026-11-23T09:00:00Z');
    const fixture = await importFixture(t, 'unavailable', {
      settings: responseWindowMinutes === undefined ? {} : { responseWindowMinutes },
      zones: [
        {
          name: 'Salle',
          tables: [
            { name: 'S1', minSeats: 1, maxSeats: 4 },
            { name: 'S2', minSeats: 1, maxSeats: 4 },
          ],
        },
      ],
    });
    // A draft left alone long is not waiting for the restaurant.
    const draft = await createDraft(t, { slug: fixture.slug, at: at('12:00'), zone: 'all', seats: 2 });
    t.clock.advance(window + 5);
    expect((await bookingOf(t, fixture.slug, draft)).showUnavailableMerchant).toBe(false);

    const { token } = await bookValidated(t, { slug: fixture.slug, at: at('19:30'), zone: 'all', seats: 2 });
    t.clock.advance(window);
    expect((await bookingOf(t, fixture.slug, token)).showUnavailableMerchant, 'exactly at the window').toBe(false);
    t.clock.advance(1);
    expect((await bookingOf(t, fixture.slug, token)).showUnavailableMerchant, 'past the window').toBe(true);
    expectOk(await adminAction(t, token, 'confirm'));
    expect((await bookingOf(t, fixture.slug, token)).showUnavailableMerchant, 'once confirmed').toBe(false);
  });

  test('a booking in a zone retired by a later import still reads with its zone\u2019s name', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const fixture = await importFixture(t, 'retired', twoZones);
    const token = await createDraft(t, { slug: fixture.slug, at: at('19:30'), zone: fixture.zones.Terrasse!, seats: 2 });
    await t.importMerchant(fixtureMerchant(fixture.slug, { zones: [{ name: 'Salle', tables: [{ name: 'S1', minSeats: 1, maxSeats: 4 }] }] }));
    expect((await bookingOf(t, fixture.slug, token)).bookingZone).toEqual({ id: fixture.zones.Terrasse, name: 'Terrasse' });
  });

  test('a token of another merchant is booking_not_found', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const fixture = await importFixture(t, 'foreign');
    const token = await createDraft(t, { slug: fixture.slug, at: at('19:30'), zone: 'all', seats: 2 });
    expectError(await call(t, 'get', 'le-petit-zinc', token), 404, 'booking_not_found');
  });
});

/** Checks the line structure RFC 5545 asks for and returns the content lines, unfolded. */
function rfc5545Lines(ics: string): string[] {
  expect(ics.endsWith('\r\n'), 'every line ends with CRLF, the last one too').toBe(true);
  expect(ics, 'no bare CR or LF').not.toMatch(/\r(?!\n)|(?<!\r)\n/);
  for (const line of ics.slice(0, -2).split('\r\n')) {
    expect(Buffer.byteLength(line, 'utf8'), `folded at 75 octets: ${line}`).toBeLessThanOrEqual(75);
  }
  const lines = ics
    .slice(0, -2)
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n');
  for (const line of lines) expect(line, 'name *(;param=value) : value').toMatch(/^[A-Za-z0-9-]+(;[A-Za-z0-9-]+=("[^"]*"|[^";:,]*)(,("[^"]*"|[^";:,]*))*)*:/);
  const open: string[] = [];
  for (const line of lines) {
    if (line.startsWith('BEGIN:')) open.push(line.slice(6));
    if (line.startsWith('END:')) expect(open.pop(), line).toBe(line.slice(4));
  }
  expect(open).toEqual([]);
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  expect(lines.at(-1)).toBe('END:VCALENDAR');
  return lines;
}

/** The content lines between BEGIN:name and END:name (the first such component). */
function component(lines: string[], name: string): string[] {
  const start = lines.indexOf(`BEGIN:${name}`);
  const end = lines.indexOf(`END:${name}`, start);
  expect(start, `BEGIN:${name}`).toBeGreaterThanOrEqual(0);
  return lines.slice(start + 1, end);
}

/** The unescaped TEXT value of a property line (RFC 5545 3.3.11). */
function textOf(lines: string[], name: string): string {
  const line = lines.find((candidate) => candidate.startsWith(`${name}:`) || candidate.startsWith(`${name};`));
  expect(line, name).toBeDefined();
  const value = line!.slice(line!.indexOf(':') + 1);
  return value.replace(/\\([\\;,nN])/g, (_match, char: string) => (char.toLowerCase() === 'n' ? '\n' : char));
}

describe('export_ical returns the booking as an RFC 5545 calendar', () => {
  test('JSON { ics } and ?download=1 as a text/calendar file carry the same calendar', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const zones = await zoneIdsOf(t, 'le-petit-zinc');
    const token = await createDraft(t, { slug: 'le-petit-zinc', at: at('20:15'), zone: zones.Salle!, seats: 2 });
    const json = expectOk(await t.get(`/api/booking/export_ical/le-petit-zinc/${token}`));
    expect(typeof json.body.ics).toBe('string');
    const file = await t.get(`/api/booking/export_ical/le-petit-zinc/${token}?download=1`);
    expect(file.status).toBe(200);
    expect(String(file.headers['content-type'])).toMatch(/^text\/calendar/);
    expect(String(file.headers['content-disposition'])).toContain('event.ics');
    const withoutStamp = (ics: string) => ics.replace(/DTSTAMP:[^\r]*\r\n/, '');
    expect(withoutStamp(file.body)).toBe(withoutStamp(json.body.ics));
  });

  test('a winter booking at Le Petit Zinc: VTIMEZONE, local DTSTART, name and address', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const zones = await zoneIdsOf(t, 'le-petit-zinc');
    const token = await createDraft(t, { slug: 'le-petit-zinc', at: at('12:45'), zone: zones.Salle!, seats: 2 });
    const lines = rfc5545Lines(expectOk(await t.get(`/api/booking/export_ical/le-petit-zinc/${token}`)).body.ics);
    expect(lines).toContain('VERSION:2.0');
    expect(lines.some((line) => /^PRODID:.+/.test(line))).toBe(true);
    expect(component(lines, 'VTIMEZONE')).toContain('TZID:Europe/Paris');
    const event = component(lines, 'VEVENT');
    expect(event).toContain('DTSTART;TZID=Europe/Paris:20261125T124500');
    expect(event).toContain('DTEND;TZID=Europe/Paris:20261125T143000');
    expect(event.find((line) => line.startsWith('DTSTAMP:'))).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
    expect(event.find((line) => line.startsWith('UID:'))).toBeDefined();
    expect(textOf(event, 'SUMMARY')).toContain('Le Petit Zinc');
    expect(textOf(event, 'LOCATION')).toContain('27 rue des Martyrs, 75009 Paris');
  });

  test('a summer booking in Rome is written in Rome\u2019s local time with Rome\u2019s VTIMEZONE', async () => {
    t.clock.set('2026-06-01T09:00:00Z');
    const zones = await zoneIdsOf(t, 'trattoria-nonna');
    const token = await createDraft(t, { slug: 'trattoria-nonna', at: unix('2026-06-10T20:00:00+02:00'), zone: zones.Giardino!, seats: 4 });
    const lines = rfc5545Lines(expectOk(await t.get(`/api/booking/export_ical/trattoria-nonna/${token}?lang=it`)).body.ics);
    expect(component(lines, 'VTIMEZONE')).toContain('TZID:Europe/Rome');
    const event = component(lines, 'VEVENT');
    expect(event).toContain('DTSTART;TZID=Europe/Rome:20260610T200000');
    expect(event).toContain('DTEND;TZID=Europe/Rome:20260610T220000');
    expect(textOf(event, 'SUMMARY')).toContain('Trattoria Nonna');
    expect(textOf(event, 'LOCATION')).toContain('Via della Lungaretta 41, Trastevere, 00153 Roma');
  });

  test('long names and addresses are folded at 75 octets without splitting a character, and unfold intact', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const name = 'Le Café des Écrivains Réunis — Brasserie historique du Quartier Latin, depuis 1898';
    const address = 'Galerie marchande, entrée côté jardin, 158 boulevard Saint-Germain-des-Prés; face à l\u2019église';
    const fixture = await importFixture(t, 'long', { name, address: { address, zip: '75006', city: 'Paris' } });
    const token = await createDraft(t, { slug: fixture.slug, at: at('19:30'), zone: 'all', seats: 2 });
    const ics: string = expectOk(await t.get(`/api/booking/export_ical/${fixture.slug}/${token}?lang=en`)).body.ics;
    expect(ics).toMatch(/\r\n /);
    const event = component(rfc5545Lines(ics), 'VEVENT');
    expect(textOf(event, 'SUMMARY')).toBe(`Table booked at ${name}`);
    expect(textOf(event, 'LOCATION')).toBe(`${name}, ${address}, 75006 Paris`);
  });

  test('an unknown token is booking_not_found', async () => {
    expectError(await t.get('/api/booking/export_ical/le-petit-zinc/AAAAAAAAAAAAAAAAAAAAAAAA'), 404, 'booking_not_found');
  });
});

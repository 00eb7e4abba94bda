import { beforeAll, describe, expect, test } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';
import { bookValidated, bookingOf, call, createDraft, expectError, expectOk, unix, importStaffedMerchant, type Staffed } from './api-helpers.ts';

const t = useTestServer({ demo: false });
let a: Staffed;
let b: Staffed;

beforeAll(async () => {
  // Signed in at noon, so the staff bearers (12 hours) outlive the evening the tests move the clock to.
  t.clock.set('2026-11-23T12:00:00Z');
  a = await importStaffedMerchant(t, 'pro-a', 20);
  b = await importStaffedMerchant(t, 'pro-b', 20);
}, 60_000);

const WEDNESDAY_1930 = unix('2026-11-25T19:30:00+01:00');
const WEDNESDAY_1200 = unix('2026-11-25T12:00:00+01:00');

/** A validated (pending) booking at merchant `slug` by a diner with this name and phone. */
async function pending(slug: string, at: number, diner: { lastname: string; phone?: string } = { lastname: 'Martin' }) {
  t.clock.set('2026-11-23T09:00:00Z');
  const { bearer } = await t.signIn({ firstname: 'Camille', lastname: diner.lastname, phone: diner.phone });
  return bookValidated(t, { slug, at, zone: 'all', seats: 2, bearer });
}

const book = (who: { slug: string; staff: string }, day?: string) => t.get(`/api/pro/${who.slug}/bookings${day ? `?day=${day}` : ''}`, { bearer: who.staff });
const act = (who: { slug: string; staff: string }, token: string, action: string, body: Record<string, unknown> = {}) =>
  t.post(`/api/pro/${who.slug}/bookings/${token}/${action}`, body, { bearer: who.staff });

describe('the day\u2019s book at GET /api/pro/{slug}/bookings', () => {
  test('lists the day\u2019s validated bookings by time with the diner\u2019s details, and no drafts', async () => {
    const late = await pending(a.slug, WEDNESDAY_1930, { lastname: 'Tardif', phone: '+33611112222' });
    const early = await pending(a.slug, WEDNESDAY_1200, { lastname: 'Matinal' });
    const draft = await createDraft(t, { slug: a.slug, at: WEDNESDAY_1930, zone: 'all', seats: 2 });
    const answer = expectOk(await book(a, '2026-11-25'));
    expect(answer.body.day).toBe('2026-11-25');
    const tokens = answer.body.bookings.map((booking: { token: string }) => booking.token);
    expect(tokens.indexOf(early.token)).toBeLessThan(tokens.indexOf(late.token));
    expect(tokens).not.toContain(draft);
    const row = answer.body.bookings.find((booking: { token: string }) => booking.token === late.token);
    expect(row).toMatchObject({
      status: 10,
      time: '19:30',
      day: '2026-11-25',
      party: 2,
      zone: { name: 'Salle' },
      tables: [{ name: expect.stringMatching(/^T\d+$/) }],
      diner: { firstname: 'Camille', lastname: 'Tardif', phone: '+33611112222' },
      history: { visits: 0, no_shows: 0 },
    });
    expect(row.ref).toMatch(/\S/);
    expect(row.revision).toBeGreaterThanOrEqual(1);
    expect(answer.body.covers).toEqual(
      expect.arrayContaining([
        { time: '12:00', covers: 2, max: 100 },
        { time: '19:30', covers: expect.any(Number), max: 100 },
      ]),
    );
  });

  test('is today in the merchant\u2019s time zone by default', async () => {
    // 23:30 UTC is already tomorrow in Paris.
    for (const [now, day] of [
      ['2026-11-23T22:30:00Z', '2026-11-23'],
      ['2026-11-23T23:30:00Z', '2026-11-24'],
    ]) {
      t.clock.set(now!);
      expect(expectOk(await book(a)).body.day).toBe(day);
    }
    t.clock.set('2026-11-23T09:00:00Z');
  });

  test('counts the diner\u2019s finished visits at this merchant', async () => {
    const phone = '+33633334444';
    const first = await pending(a.slug, unix('2026-11-24T19:00:00+01:00'), { lastname: 'Fidèle', phone });
    expectOk(await act(a, first.token, 'confirm'));
    t.clock.set('2026-11-24T23:00:00Z');
    await bookingOf(t, a.slug, first.token);
    const again = await pending(a.slug, unix('2026-11-26T19:00:00+01:00'), { lastname: 'Fidèle', phone });
    const row = expectOk(await book(a, '2026-11-26')).body.bookings.find((booking: { token: string }) => booking.token === again.token);
    expect(row.history).toEqual({ visits: 1, no_shows: 0 });
  });

  test('gives the day\u2019s services and the floor, and each row\u2019s revision grows with every change', async () => {
    const { token } = await pending(a.slug, WEDNESDAY_1930);
    const before = expectOk(await book(a, '2026-11-25')).body;
    expect(before.services).toEqual([
      { id: '3-0', start: '12:00', end: '14:00' },
      { id: '3-1', start: '19:00', end: '22:00' },
    ]);
    expect(before.zones).toEqual([
      {
        id: expect.any(String),
        name: 'Salle',
        tables: expect.arrayContaining([{ id: expect.any(String), name: 'T1', minSeats: 1, maxSeats: 6, online: true, priority: 5, plan: null }]),
        combinations: [],
      },
    ]);
    expect(before.zones[0].tables.map((table: { name: string }) => table.name).slice(0, 3)).toEqual(['T1', 'T2', 'T3']);
    const revisionOf = (body: { bookings: Array<{ token: string; revision: number }> }) => body.bookings.find((booking) => booking.token === token)!.revision;
    const confirmed = expectOk(await act(a, token, 'confirm')).body.booking;
    expect(confirmed.revision).toBe(revisionOf(before) + 1);
    expect(revisionOf(expectOk(await book(a, '2026-11-25')).body)).toBe(confirmed.revision);
  });
});

describe('the day view is never stale, however it is cached', () => {
  test.each([
    ['a staff action', async (token: string) => void expectOk(await act(a, token, 'note', { note: 'Table près de la fenêtre' }))],
    [
      'a diner\u2019s comment',
      async (token: string, bearer: string) => void expectOk(await call(t, 'set_comment', a.slug, token, bearer, { comment: 'Un anniversaire' })),
    ],
  ])('shows %s at the next read', async (_what, change) => {
    const { token, bearer } = await pending(a.slug, unix('2026-11-28T19:00:00+01:00'));
    const before = expectOk(await book(a, '2026-11-28')).body.bookings.find((row: { token: string }) => row.token === token);
    await change(token, bearer);
    const after = expectOk(await book(a, '2026-11-28')).body.bookings.find((row: { token: string }) => row.token === token);
    expect(after.revision).toBeGreaterThan(before.revision);
  });

  test('shows a diner\u2019s new name once they change their details', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const { bearer } = await t.signIn({ firstname: 'Camille', lastname: 'Avant', phone: '+33612398765' });
    const { token } = await bookValidated(t, { slug: a.slug, at: unix('2026-11-28T20:00:00+01:00'), zone: 'all', seats: 2, bearer });
    const row = () => book(a, '2026-11-28').then((answer) => expectOk(answer).body.bookings.find((booking: { token: string }) => booking.token === token));
    expect((await row()).diner.lastname).toBe('Avant');
    expectOk(await t.post('/api/front/user/update', { firstname: 'Camille', lastname: 'Après', phone: '+33612398765', lang: 'fr' }, { bearer }));
    expect((await row()).diner.lastname).toBe('Après');
  });
});

describe('search at GET /api/pro/{slug}/bookings/search', () => {
  test('finds a booking by name, reference or phone across days', async () => {
    const { token } = await pending(a.slug, unix('2026-11-27T19:00:00+01:00'), { lastname: 'Introuvable', phone: '+33655556666' });
    const { ref } = await bookingOf(t, a.slug, token);
    for (const q of ['introuv', ref, '06 55 55 66', 'Camille Introuvable']) {
      const found = expectOk(await t.get(`/api/pro/${a.slug}/bookings/search?q=${encodeURIComponent(q)}`, { bearer: a.staff })).body.bookings;
      expect(
        found.map((booking: { token: string }) => booking.token),
        q,
      ).toContain(token);
    }
  });

  test('lists coming bookings soonest first, then past ones most recent first', async () => {
    const phone = '+33655557777';
    const at = (iso: string) => pending(a.slug, unix(iso), { lastname: 'Ordre', phone });
    const [far, near, past, older] = [
      await at('2026-12-10T19:00:00+01:00'),
      await at('2026-11-24T19:00:00+01:00'),
      await at('2026-11-23T20:30:00+01:00'),
      await at('2026-11-23T19:00:00+01:00'),
    ];
    // Late that evening (the staff bearer signed in at noon still holds): two of them are over.
    t.clock.set('2026-11-23T23:30:00Z');
    const found = expectOk(await t.get(`/api/pro/${a.slug}/bookings/search?q=Ordre`, { bearer: a.staff })).body.bookings;
    expect(found.map((booking: { token: string }) => booking.token)).toEqual([near.token, far.token, past.token, older.token]);
    t.clock.set('2026-11-23T09:00:00Z');
  });
});

describe('the staff calendar at GET /api/pro/{slug}/bookings/calendar', () => {
  const calendar = (who: { slug: string; staff: string }, month: string) =>
    t.get(`/api/pro/${who.slug}/bookings/calendar?month=${month}`, { bearer: who.staff });

  test('counts each day\u2019s bookings of the staff member\u2019s merchant, pending apart, and leaves out cancelled ones and drafts', async () => {
    const before = expectOk(await calendar(b, '2027-01')).body.days;
    const first = await pending(b.slug, unix('2027-01-14T12:00:00+01:00'));
    await pending(b.slug, unix('2027-01-14T19:30:00+01:00'));
    const cancelled = await pending(b.slug, unix('2027-01-21T19:30:00+01:00'));
    await pending(b.slug, unix('2027-01-31T20:00:00+01:00'));
    await pending(b.slug, unix('2027-02-01T20:00:00+01:00'));
    await createDraft(t, { slug: b.slug, at: unix('2027-01-22T19:30:00+01:00'), zone: 'all', seats: 2 });
    expectOk(await act(b, first.token, 'confirm'));
    expectOk(await act(b, cancelled.token, 'cancel'));
    expect(before).toEqual([]);
    expect(expectOk(await calendar(b, '2027-01')).body).toEqual({
      success: true,
      month: '2027-01',
      days: [
        { day: '2027-01-14', count: 2, pending: 1 },
        { day: '2027-01-31', count: 1, pending: 1 },
      ],
    });
    // Merchant A's staff see none of merchant B's.
    expect(expectOk(await calendar(a, '2027-01')).body.days).toEqual([]);
  });

  test('is refused for another merchant, without a staff bearer, and for a month that is not one', async () => {
    expectError(await calendar({ slug: b.slug, staff: a.staff }, '2027-01'), 404, 'merchant_not_found');
    expectError(await t.get(`/api/pro/${a.slug}/bookings/calendar?month=2027-01`), 401, 'unauthenticated');
    const { bearer } = await t.signIn();
    expectError(await t.get(`/api/pro/${a.slug}/bookings/calendar?month=2027-01`, { bearer }), 401, 'unauthenticated');
    for (const month of ['2027-13', '2027-1', '27-01', '2027-01-01', '']) expectError(await calendar(a, month), 400, 'validation_error');
  });
});

describe('actions at POST /api/pro/{slug}/bookings/{token}/{action}', () => {
  test('confirm turns a pending booking confirmed, seen by the diner', async () => {
    const { token } = await pending(a.slug, WEDNESDAY_1930);
    const answer = expectOk(await act(a, token, 'confirm'));
    expect(answer.body.booking).toMatchObject({ token, status: 20 });
    expect((await bookingOf(t, a.slug, token)).status).toBe(20);
  });

  test('refuse carries its reason and message to the diner', async () => {
    const { token } = await pending(a.slug, WEDNESDAY_1930);
    expectOk(await act(a, token, 'refuse', { reason: 'restaurant_full', message: 'Complet ce soir' }));
    expect(await bookingOf(t, a.slug, token)).toMatchObject({ status: 25, bookingCancelReason: 'restaurant_full', bookingCancelMessage: 'Complet ce soir' });
  });

  test('cancel ends a confirmed booking as cancelled by the restaurant', async () => {
    const { token } = await pending(a.slug, WEDNESDAY_1930);
    expectOk(await act(a, token, 'confirm'));
    expectOk(await act(a, token, 'cancel', {}));
    expect(await bookingOf(t, a.slug, token)).toMatchObject({ status: 25, bookingCancelReason: 'restaurant_cancelled' });
  });

  test('a transition that is not allowed is refused with its code', async () => {
    const { token } = await pending(a.slug, WEDNESDAY_1930);
    expectOk(await act(a, token, 'confirm'));
    expectError(await act(a, token, 'refuse', { reason: 'restaurant_full' }), 409, 'already_done');
    expectError(await act(a, token, 'confirm'), 409, 'already_done');
    const draft = await createDraft(t, { slug: a.slug, at: WEDNESDAY_1930, zone: 'all', seats: 2 });
    expectError(await act(a, draft, 'confirm'), 409, 'invalid_transition');
    const cancelled = await pending(a.slug, WEDNESDAY_1930);
    expectOk(await call(t, 'cancel', a.slug, cancelled.token, cancelled.bearer));
    expectError(await act(a, cancelled.token, 'confirm'), 409, 'canceled');
  });

  test('refuse needs one of the three reasons', async () => {
    const { token } = await pending(a.slug, WEDNESDAY_1930);
    expectError(await act(a, token, 'refuse', {}), 400, 'validation_error');
    expectError(await act(a, token, 'refuse', { reason: 'client_cancel' }), 400, 'validation_error');
  });
});

describe('staff rights: staff of one merchant reach none of another\u2019s bookings', () => {
  test('merchant B\u2019s staff cannot read, search or act on merchant A\u2019s bookings', async () => {
    const { token } = await pending(a.slug, WEDNESDAY_1930, { lastname: 'Secret' });
    const { ref } = await bookingOf(t, a.slug, token);
    const asB = { slug: a.slug, staff: b.staff };
    expectError(await book(asB, '2026-11-25'), 404, 'merchant_not_found');
    expectError(await t.get(`/api/pro/${a.slug}/bookings/search?q=Secret`, { bearer: b.staff }), 404, 'merchant_not_found');
    for (const action of ['confirm', 'refuse', 'cancel']) {
      expectError(await act(asB, token, action, { reason: 'restaurant_full' }), 404, 'merchant_not_found');
      // Through its own slug, B's staff find no such booking.
      expectError(await act(b, token, action, { reason: 'restaurant_full' }), 404, 'booking_not_found');
    }
    const own = expectOk(await book(b, '2026-11-25')).body.bookings.map((booking: { token: string }) => booking.token);
    expect(own).not.toContain(token);
    const found = expectOk(await t.get(`/api/pro/${b.slug}/bookings/search?q=${ref}`, { bearer: b.staff })).body.bookings;
    expect(found).toEqual([]);
    expect((await bookingOf(t, a.slug, token)).status).toBe(10);
  });

  test('a diner\u2019s bearer and no bearer are refused by every booking call of the book', async () => {
    const { token, bearer } = await pending(a.slug, WEDNESDAY_1930);
    for (const auth of [bearer, undefined]) {
      expectError(await t.get(`/api/pro/${a.slug}/bookings`, { bearer: auth }), 401, 'unauthenticated');
      expectError(await t.get(`/api/pro/${a.slug}/bookings/search?q=Martin`, { bearer: auth }), 401, 'unauthenticated');
      for (const action of ['confirm', 'refuse', 'cancel']) {
        expectError(await t.post(`/api/pro/${a.slug}/bookings/${token}/${action}`, { reason: 'restaurant_full' }, { bearer: auth }), 401, 'unauthenticated');
      }
    }
    expect((await bookingOf(t, a.slug, token)).status).toBe(10);
  });
});

describe('bookkeeping: arrived, finish, no-show and a private note', () => {
  // Sign-ins are limited per email: a bearer signed in less than 11 hours before the clock is used again.
  const bearers: Array<{ at: number; staff: string }> = [];
  /** Merchant A's staff signed in at or shortly before the clock's time (a bearer lasts 12 hours). */
  const staffNow = async () => {
    const now = t.clock.now().getTime();
    const known = bearers.find((bearer) => bearer.at <= now && now - bearer.at < 11 * 3_600_000);
    if (known) return { slug: a.slug, staff: known.staff };
    const staff = expectOk(await t.post('/api/pro/auth/login', a.who)).body.access_token as string;
    bearers.push({ at: now, staff });
    return { slug: a.slug, staff };
  };

  test('a confirmed diner arrives, then the booking finishes; the book shows both', async () => {
    const { token } = await pending(a.slug, WEDNESDAY_1930);
    expectError(await act(a, token, 'arrived'), 409, 'invalid_transition');
    expectOk(await act(a, token, 'confirm'));
    t.clock.set('2026-11-25T18:25:00Z');
    const staff = await staffNow();
    const arrived = expectOk(await act(staff, token, 'arrived')).body.booking;
    expect(arrived).toMatchObject({ status: 20, arrived_at: '2026-11-25T18:25:00.000Z', no_show: false });
    expectError(await act(staff, token, 'arrived'), 409, 'already_done');
    expectError(await act(staff, token, 'no_show'), 409, 'already_done');
    expect(expectOk(await act(staff, token, 'finish')).body.booking.status).toBe(30);
    const row = expectOk(await book(staff, '2026-11-25')).body.bookings.find((booking: { token: string }) => booking.token === token);
    expect(row).toMatchObject({ status: 30, arrived_at: '2026-11-25T18:25:00.000Z', no_show: false });
    t.clock.set('2026-11-23T09:00:00Z');
  });

  test('a no-show is recorded once the time has come: finished for the diner, counted in their history', async () => {
    const phone = '+33677778888';
    const { token } = await pending(a.slug, WEDNESDAY_1930, { lastname: 'Absent', phone });
    expectOk(await act(a, token, 'confirm'));
    expectError(await act(a, token, 'no_show'), 409, 'outside_service_window');
    t.clock.set('2026-11-25T19:00:00Z');
    const staff = await staffNow();
    expect(expectOk(await act(staff, token, 'no_show')).body.booking).toMatchObject({ status: 30, no_show: true });
    expect((await bookingOf(t, a.slug, token)).status).toBe(30);
    expectError(await act(staff, token, 'no_show'), 409, 'already_done');
    const next = await pending(a.slug, unix('2026-11-28T19:00:00+01:00'), { lastname: 'Absent', phone });
    const row = expectOk(await book(a, '2026-11-28')).body.bookings.find((booking: { token: string }) => booking.token === next.token);
    expect(row.history).toEqual({ visits: 0, no_shows: 1 });
  });

  // Wednesday 25 November at 19:30 in Paris (18:30 UTC); the clock at each moment, and what each mark answers then.
  test.each([
    [
      'the day before',
      '2026-11-24T18:30:00Z',
      { arrived: 'outside_service_window', no_show: 'outside_service_window', finish: 'invalid_transition', status: 20 },
    ],
    [
      'two hours before',
      '2026-11-25T16:30:00Z',
      { arrived: 'outside_service_window', no_show: 'outside_service_window', finish: 'invalid_transition', status: 20 },
    ],
    ['half an hour before', '2026-11-25T18:00:00Z', { arrived: 'ok', no_show: 'outside_service_window', finish: 'invalid_transition', status: 20 }],
    ['at its time', '2026-11-25T18:30:00Z', { arrived: 'ok', no_show: 'ok', finish: 'invalid_transition', status: 20 }],
    // The service is over: nothing is marked any more, and the diner's page then reads it finished.
    [
      'after midnight',
      '2026-11-25T23:10:00Z',
      { arrived: 'outside_service_window', no_show: 'outside_service_window', finish: 'invalid_transition', status: 30 },
    ],
  ] as const)('a confirmed booking marked %s: arrived, no-show and finish answer as its service allows', async (_when, now, expected) => {
    const { token } = await pending(a.slug, WEDNESDAY_1930);
    expectOk(await act(a, token, 'confirm'));
    t.clock.set(now);
    const staff = await staffNow();
    for (const action of ['finish', 'no_show', 'arrived'] as const) {
      const answer = await act(staff, token, action);
      if (expected[action] === 'ok') {
        expectOk(answer);
        expectOk(await act(staff, token, 'undo'));
      } else expectError(answer, 409, expected[action]);
    }
    expect((await bookingOf(t, a.slug, token)).status).toBe(expected.status);
    t.clock.set('2026-11-23T09:00:00Z');
  });

  test('staff undo a no-show, an arrival and a finish for the rest of the service, and no longer after it', async () => {
    const { token } = await pending(a.slug, WEDNESDAY_1930, { lastname: 'Retour' });
    expectOk(await act(a, token, 'confirm'));
    expectError(await act(a, token, 'undo'), 409, 'invalid_transition');
    t.clock.set('2026-11-25T18:40:00Z');
    const staff = await staffNow();
    expectOk(await act(staff, token, 'no_show'));
    expect(expectOk(await act(staff, token, 'undo')).body.booking).toMatchObject({ status: 20, no_show: false, arrived_at: null });
    expect((await bookingOf(t, a.slug, token)).status).toBe(20);
    expectOk(await act(staff, token, 'arrived'));
    expectOk(await act(staff, token, 'finish'));
    expect(expectOk(await act(staff, token, 'undo')).body.booking).toMatchObject({ status: 20, arrived_at: '2026-11-25T18:40:00.000Z' });
    expect(expectOk(await act(staff, token, 'undo')).body.booking).toMatchObject({ status: 20, arrived_at: null });
    expectOk(await act(staff, token, 'arrived'));
    t.clock.set('2026-11-25T23:10:00Z');
    expectError(await act(await staffNow(), token, 'undo'), 409, 'outside_service_window');
    t.clock.set('2026-11-23T09:00:00Z');
  });

  test('an undone no-show takes its table back, unless another booking took it meanwhile', async () => {
    const { token } = await pending(a.slug, WEDNESDAY_1930, { lastname: 'Table' });
    expectOk(await act(a, token, 'confirm'));
    const [row] = expectOk(await book(a, '2026-11-25')).body.bookings.filter((booking: { token: string }) => booking.token === token);
    t.clock.set('2026-11-25T18:40:00Z');
    const staff = await staffNow();
    expectOk(await act(staff, token, 'no_show'));
    const walkIn = expectOk(
      await t.post(
        `/api/pro/${a.slug}/bookings`,
        { datetime: unix('2026-11-25T19:40:00+01:00'), party: 2, table_id: row.tables[0].id, firstname: 'Passant' },
        { bearer: staff.staff },
      ),
    ).body.booking;
    expectError(await act(staff, token, 'undo'), 409, 'no_seats_available');
    expectOk(await act(staff, walkIn.token, 'cancel'));
    expectOk(await act(staff, token, 'undo'));
    const again = expectOk(await book(staff, '2026-11-25')).body.bookings.find((booking: { token: string }) => booking.token === token);
    expect(again).toMatchObject({ status: 20, no_show: false, tables: [{ id: row.tables[0].id }] });
    t.clock.set('2026-11-23T09:00:00Z');
  });

  test('a private note shows in the book and never to the diner', async () => {
    const { token, bearer } = await pending(a.slug, WEDNESDAY_1930);
    expect(expectOk(await act(a, token, 'note', { note: '  Regular, likes table 4  ' })).body.booking.note).toBe('Regular, likes table 4');
    const row = expectOk(await book(a, '2026-11-25')).body.bookings.find((booking: { token: string }) => booking.token === token);
    expect(row.note).toBe('Regular, likes table 4');
    const seen = await call(t, 'get', a.slug, token, bearer);
    expect(JSON.stringify(seen.body)).not.toContain('likes table 4');
    const draft = await createDraft(t, { slug: a.slug, at: WEDNESDAY_1930, zone: 'all', seats: 2 });
    expectError(await act(a, draft, 'note', { note: 'x' }), 409, 'invalid_transition');
  });

  test('another merchant\u2019s staff can mark none of it', async () => {
    const { token } = await pending(a.slug, WEDNESDAY_1930);
    for (const action of ['arrived', 'finish', 'no_show', 'undo', 'note']) {
      expectError(await act(b, token, action, { note: 'x' }), 404, 'booking_not_found');
      expectError(await act({ slug: a.slug, staff: b.staff }, token, action, { note: 'x' }), 404, 'merchant_not_found');
    }
  });
});

describe('moving a booking at POST /api/pro/{slug}/bookings/{token}/move', () => {
  const rowOf = async (token: string, day = '2026-11-25') =>
    expectOk(await book(a, day)).body.bookings.find((booking: { token: string }) => booking.token === token);

  test('to another time: the diner sees it, the status stays', async () => {
    const { token } = await pending(a.slug, WEDNESDAY_1930);
    expectOk(await act(a, token, 'confirm'));
    const moved = expectOk(await act(a, token, 'move', { datetime: unix('2026-11-26T20:30:00+01:00') })).body.booking;
    expect(moved.status).toBe(20);
    expect(await rowOf(token, '2026-11-26')).toMatchObject({ time: '20:30', status: 20 });
    expect((await bookingOf(t, a.slug, token)).status).toBe(20);
  });

  test('to a named table, which another booking then cannot take at that time', async () => {
    const first = await pending(a.slug, unix('2026-11-29T19:00:00+01:00'));
    const second = await pending(a.slug, unix('2026-11-29T19:00:00+01:00'));
    const target = (await rowOf(second.token, '2026-11-29')).tables[0];
    expectError(await act(a, first.token, 'move', { datetime: unix('2026-11-29T19:00:00+01:00'), table_id: target.id }), 409, 'no_seats_available');
    const free = (await rowOf(first.token, '2026-11-29')).tables[0];
    expectOk(await act(a, second.token, 'move', { datetime: unix('2026-11-29T21:00:00+01:00'), table_id: free.id }));
    expect(await rowOf(second.token, '2026-11-29')).toMatchObject({ time: '21:00', tables: [{ id: free.id }] });
  });

  test('a cancelled booking, the past and another merchant\u2019s staff are refused', async () => {
    const { token, bearer } = await pending(a.slug, WEDNESDAY_1930);
    expectError(await act(b, token, 'move', { datetime: WEDNESDAY_1930 + 3600 }), 404, 'booking_not_found');
    expectError(await act(a, token, 'move', { datetime: unix('2026-11-22T19:00:00+01:00') }), 409, 'booking_time_passed');
    expectOk(await call(t, 'cancel', a.slug, token, bearer));
    expectError(await act(a, token, 'move', { datetime: WEDNESDAY_1930 + 3600 }), 409, 'canceled');
  });
});

describe('a booking taken by the restaurant at POST /api/pro/{slug}/bookings', () => {
  const take = (who: { slug: string; staff: string }, body: Record<string, unknown>) => t.post(`/api/pro/${who.slug}/bookings`, body, { bearer: who.staff });

  test('a phone booking is confirmed, holds a table, shows in the book and to whoever has its link', async () => {
    const answer = expectOk(
      await take(a, {
        datetime: unix('2026-11-30T20:00:00+01:00'),
        party: 4,
        firstname: 'Jeanne',
        lastname: 'Téléphone',
        phone: '+33 6 99 88 77 66',
        email: 'Jeanne@Example.test',
        comment: 'Anniversaire',
      }),
    );
    const { token } = answer.body.booking;
    expect(answer.body.booking.status).toBe(20);
    const row = expectOk(await book(a, '2026-11-30')).body.bookings.find((booking: { token: string }) => booking.token === token);
    expect(row).toMatchObject({
      time: '20:00',
      party: 4,
      status: 20,
      comment: '',
      note: 'Anniversaire',
      diner: { firstname: 'Jeanne', lastname: 'Téléphone', phone: '+33699887766', email: 'jeanne@example.test' },
    });
    expect((await bookingOf(t, a.slug, token)).status).toBe(20);
  });

  test('a named table already taken at that time is refused like an online booking', async () => {
    const online = await pending(a.slug, unix('2026-12-01T19:00:00+01:00'));
    const table = expectOk(await book(a, '2026-12-01')).body.bookings.find((booking: { token: string }) => booking.token === online.token).tables[0];
    expectError(await take(a, { datetime: unix('2026-12-01T19:30:00+01:00'), party: 2, firstname: 'Walk', table_id: table.id }), 409, 'no_seats_available');
    expectError(await take(a, { datetime: unix('2026-12-01T19:30:00+01:00'), party: 2, firstname: 'Walk', phone: '12' }), 400, 'validation_error');
    expectError(await take(a, { datetime: unix('2026-12-01T19:30:00+01:00'), party: 40, firstname: 'Walk' }), 422, 'error_max_seats');
  });

  test('another merchant\u2019s staff, a diner and no bearer cannot take one', async () => {
    const body = { datetime: unix('2026-12-01T19:30:00+01:00'), party: 2, firstname: 'Walk' };
    expectError(await take({ slug: a.slug, staff: b.staff }, body), 404, 'merchant_not_found');
    const { bearer } = await t.signIn();
    expectError(await t.post(`/api/pro/${a.slug}/bookings`, body, { bearer }), 401, 'unauthenticated');
    expectError(await t.post(`/api/pro/${a.slug}/bookings`, body), 401, 'unauthenticated');
  });
});

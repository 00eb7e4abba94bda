import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';
import {
  bookingOf,
  bookValidated,
  call,
  create,
  createDraft,
  expectError,
  expectOk,
  fixtureMerchant,
  importFixture,
  unix,
  zoneIdsOf,
  type Fixture,
} from './api-helpers.ts';

const t = useTestServer();

const ZINC = 'le-petit-zinc';
const DATE = '2026-11-25';
const at = (hour: string, date = DATE) => unix(`${date}T${hour}:00+01:00`);
const NOON = at('12:00');
const morning = () => t.clock.set('2026-11-23T09:00:00Z');

/** Every booking call with a body for a merchant slug (and a token that exists elsewhere or not at all). */
const callsNamingAMerchant = (slug: string, token: string): Array<[string, string, unknown]> => [
  ['booking_merchant/get', 'POST', { merchant_slug: slug }],
  ['booking_zones/get', 'POST', { merchant_slug: slug, date: DATE }],
  ['booking_slots/get', 'POST', { merchant_slug: slug, date: DATE, bookingZoneId: 'all', needed_seats: 2 }],
  ['create', 'POST', { merchant_slug: slug, datetime: NOON, booking_zone_id: 'all', client_count: 2 }],
  ['closed_booking_calendar', 'POST', { merchant_slug: slug }],
  ['get', 'POST', { merchant_slug: slug, token }],
  ['cancel', 'POST', { merchant_slug: slug, token }],
  ['set_comment', 'POST', { merchant_slug: slug, token, comment: 'x' }],
  ['validate', 'POST', { merchant_slug: slug, token }],
  ['update_user', 'POST', { merchant_slug: slug, token }],
  [`export_ical/${slug}/${token}`, 'GET', undefined],
];

async function send(path: string, method: string, body: unknown, bearer?: string) {
  return method === 'GET' ? t.get(`/api/booking/${path}`, { bearer }) : t.post(`/api/booking/${path}`, body, { bearer });
}

describe('merchant_not_found', () => {
  test.each(callsNamingAMerchant('no-such-restaurant', 'A'.repeat(32)))('%s with an unknown slug', async (path, method, body) => {
    morning();
    const { bearer } = await t.signIn();
    expectError(await send(path, method, body, bearer), 404, 'merchant_not_found');
  });
});

describe('booking_not_activated: a merchant imported with bookingEnabled false', () => {
  let fixture: Fixture;
  let draft: string;
  beforeAll(async () => {
    morning();
    fixture = await importFixture(t, 'disabled');
    draft = await createDraft(t, { slug: fixture.slug, at: NOON, zone: 'all', seats: 2 });
    await t.importMerchant(fixtureMerchant(fixture.slug, { bookingEnabled: false }));
  });

  test.each(
    callsNamingAMerchant('placeholder', 'placeholder').filter(([path]) =>
      ['booking_merchant/get', 'booking_zones/get', 'booking_slots/get', 'create'].includes(path),
    ),
  )('%s answers booking_not_activated', async (path, method, body) => {
    morning();
    const answer = await send(path, method, { ...(body as object), merchant_slug: fixture.slug });
    expectError(answer, 422, 'booking_not_activated');
  });

  test('the page learns the phone to call instead', async () => {
    const answer = await t.post('/api/booking/booking_merchant/get', { merchant_slug: fixture.slug });
    expect(answer.body.phone).toBe('+33100000000');
  });

  test('a draft made before cannot be validated', async () => {
    morning();
    const { bearer } = await t.signIn();
    expectError(await call(t, 'validate', fixture.slug, draft, bearer), 422, 'booking_not_activated');
  });
});

describe('booking_setting_not_found: a merchant whose shifts are all empty', () => {
  test.each([
    ['no shift at all', []],
    ['seven closed weekdays', [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, slots: [] }))],
  ])('with %s, every booking call answers booking_setting_not_found', async (_label, shifts) => {
    morning();
    const fixture = await importFixture(t, 'no-shifts', { shifts });
    for (const [path, method, body] of callsNamingAMerchant(fixture.slug, 'x').slice(0, 4)) {
      expectError(await send(path, method, body), 422, 'booking_setting_not_found');
    }
  });
});

describe('booking_zone_not_exist', () => {
  test('a zone id that was never a zone', async () => {
    morning();
    const zone = randomUUID();
    expectError(
      await t.post('/api/booking/booking_slots/get', { merchant_slug: ZINC, date: DATE, bookingZoneId: zone, needed_seats: 2 }),
      422,
      'booking_zone_not_exist',
    );
    expectError(await create(t, { slug: ZINC, at: NOON, zone, seats: 2 }), 422, 'booking_zone_not_exist');
  });

  test('the zone of another merchant', async () => {
    morning();
    const sakura = (await zoneIdsOf(t, 'sakura-ramen')).Comptoir!;
    expectError(await create(t, { slug: ZINC, at: NOON, zone: sakura, seats: 2 }), 422, 'booking_zone_not_exist');
  });

  test('a zone retired by a later import of the merchant without it', async () => {
    morning();
    const zones = [
      { name: 'Salle', tables: [{ name: 'S1', minSeats: 1, maxSeats: 4 }] },
      { name: 'Terrasse', tables: [{ name: 'T1', minSeats: 1, maxSeats: 4 }] },
    ];
    const fixture = await importFixture(t, 'retire', { zones });
    const terrasse = fixture.zones.Terrasse!;
    const draft = await createDraft(t, { slug: fixture.slug, at: NOON, zone: terrasse, seats: 2 });
    await t.importMerchant(fixtureMerchant(fixture.slug, { zones: zones.slice(0, 1) }));

    expectError(
      await t.post('/api/booking/booking_slots/get', { merchant_slug: fixture.slug, date: DATE, bookingZoneId: terrasse, needed_seats: 2 }),
      422,
      'booking_zone_not_exist',
    );
    expectError(await create(t, { slug: fixture.slug, at: at('19:30'), zone: terrasse, seats: 2 }), 422, 'booking_zone_not_exist');
    expectError(await create(t, { slug: fixture.slug, token: draft, at: at('19:30'), zone: terrasse, seats: 2 }), 422, 'booking_zone_not_exist');
    const listed = expectOk(await t.post('/api/booking/booking_zones/get', { merchant_slug: fixture.slug, date: DATE })).body.bookingZones;
    expect(listed.map((zone: { name: string }) => zone.name)).toEqual(['Salle']);
  });
});

describe('no_seats_available', () => {
  test('the last table taken leaves no seat at that time', async () => {
    morning();
    const fixture = await importFixture(t, 'full');
    await bookValidated(t, { slug: fixture.slug, at: NOON, zone: 'all', seats: 2 });
    expectError(await create(t, { slug: fixture.slug, at: NOON, zone: 'all', seats: 2 }), 409, 'no_seats_available');
    expectError(await create(t, { slug: fixture.slug, at: at('12:30'), zone: 'all', seats: 2 }), 409, 'no_seats_available');
  });

  test('moving a draft onto a taken time is refused and leaves the draft where it was', async () => {
    morning();
    const fixture = await importFixture(t, 'full-move');
    await createDraft(t, { slug: fixture.slug, at: NOON, zone: 'all', seats: 2 });
    const other = await createDraft(t, { slug: fixture.slug, at: at('19:30'), zone: 'all', seats: 2 });
    expectError(await create(t, { slug: fixture.slug, token: other, at: NOON, zone: 'all', seats: 2 }), 409, 'no_seats_available');
    expect((await bookingOf(t, fixture.slug, other)).bookingForHour).toBe('19:30');
  });
});

describe('user_booking_limit_reached: one booking at a time per diner', () => {
  test.each([
    ['the same time', '19:30', 'user_booking_limit_reached'],
    ['an overlapping time (90-minute bookings)', '20:30', 'user_booking_limit_reached'],
    ['a time right after the first ends', '21:00', null],
    ['lunch of the same day', '12:00', null],
  ])('a second booking at %s', async (_label, hour, errorCode) => {
    morning();
    const fixture = await importFixture(t, 'limit', {
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
    const { bearer } = await bookValidated(t, { slug: fixture.slug, at: at('19:30'), zone: 'all', seats: 2 });
    const second = await createDraft(t, { slug: fixture.slug, at: at(hour), zone: 'all', seats: 2, bearer });
    const answer = await call(t, 'validate', fixture.slug, second, bearer);
    if (errorCode) expectError(answer, 409, errorCode);
    else expectOk(answer);
  });

  test('once the first is cancelled, the second can be validated', async () => {
    morning();
    const fixture = await importFixture(t, 'limit-cancel', {
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
    const first = await bookValidated(t, { slug: fixture.slug, at: at('19:30'), zone: 'all', seats: 2 });
    const second = await createDraft(t, { slug: fixture.slug, at: at('20:00'), zone: 'all', seats: 2, bearer: first.bearer });
    expectError(await call(t, 'validate', fixture.slug, second, first.bearer), 409, 'user_booking_limit_reached');
    expectOk(await call(t, 'cancel', fixture.slug, first.token, first.bearer));
    expect(expectOk(await call(t, 'validate', fixture.slug, second, first.bearer)).body.booking.status).toBe(10);
  });
});

describe('error_min_seats and error_max_seats: Trattoria Nonna takes 2 to 10 guests', () => {
  test.each([
    [1, 'error_min_seats', { min: 2 }],
    [0, 'error_min_seats', { min: 2 }],
    [11, 'error_max_seats', { max: 10 }],
    [10_000, 'error_max_seats', { max: 10 }],
  ])('%i guests: %s, with the limit in the answer', async (seats, errorCode, limit) => {
    morning();
    const sala = (await zoneIdsOf(t, 'trattoria-nonna')).Sala!;
    const slots = await t.post('/api/booking/booking_slots/get', { merchant_slug: 'trattoria-nonna', date: DATE, bookingZoneId: sala, needed_seats: seats });
    expectError(slots, 422, errorCode);
    expect(slots.body).toMatchObject(limit);
    const created = await create(t, { slug: 'trattoria-nonna', at: at('19:30'), zone: sala, seats });
    expectError(created, 422, errorCode);
    expect(created.body).toMatchObject(limit);
  });
});

describe('max_clients_per_booking_exceeded: a party within the limits that no table or pacing can hold', () => {
  test.each([
    ['larger than the largest table', { zones: [{ name: 'Salle', tables: [{ name: 'S1', minSeats: 1, maxSeats: 4 }] }] }, 6, 4],
    [
      'larger than every table offered online (a larger one is for staff only)',
      {
        zones: [
          {
            name: 'Salle',
            tables: [
              { name: 'S1', minSeats: 1, maxSeats: 4 },
              { name: 'W1', minSeats: 1, maxSeats: 8, online: false },
            ],
          },
        ],
      },
      6,
      4,
    ],
    [
      'larger than the covers allowed per slot',
      { settings: { maxCoversPerSlot: 5 }, zones: [{ name: 'Salle', tables: [{ name: 'S1', minSeats: 1, maxSeats: 8 }] }] },
      6,
      5,
    ],
  ])('%s', async (_label, overrides, seats, max) => {
    morning();
    const fixture = await importFixture(t, 'too-many', overrides);
    const slots = await t.post('/api/booking/booking_slots/get', { merchant_slug: fixture.slug, date: DATE, bookingZoneId: 'all', needed_seats: seats });
    expectError(slots, 422, 'max_clients_per_booking_exceeded');
    expect(slots.body.max).toBe(max);
    expectError(await create(t, { slug: fixture.slug, at: NOON, zone: 'all', seats }), 422, 'max_clients_per_booking_exceeded');
  });

  test('a party too large for the zone asked, though another zone could seat it', async () => {
    morning();
    const fixture = await importFixture(t, 'zone-too-small', {
      zones: [
        { name: 'Salle', tables: [{ name: 'S1', minSeats: 1, maxSeats: 2 }] },
        { name: 'Terrasse', tables: [{ name: 'T1', minSeats: 1, maxSeats: 8 }] },
      ],
    });
    expectError(await create(t, { slug: fixture.slug, at: NOON, zone: fixture.zones.Salle!, seats: 6 }), 422, 'max_clients_per_booking_exceeded');
    expectOk(await create(t, { slug: fixture.slug, at: NOON, zone: 'all', seats: 6 }));
  });
});

describe('last_minute_booking_not_allowed (60 minutes ahead at the fixture)', () => {
  test('create for a time less than the lead time ahead', async () => {
    const fixture = await importFixture(t, 'last-minute');
    t.clock.set(`${DATE}T11:01:00+01:00`);
    expectError(await create(t, { slug: fixture.slug, at: NOON, zone: 'all', seats: 2 }), 422, 'last_minute_booking_not_allowed');
    t.clock.set(`${DATE}T11:00:00+01:00`);
    expectOk(await create(t, { slug: fixture.slug, at: NOON, zone: 'all', seats: 2 }));
  });

  test('validate of a draft whose time came within the lead time meanwhile', async () => {
    const fixture = await importFixture(t, 'last-minute-validate');
    t.clock.set(`${DATE}T10:55:00+01:00`);
    const draft = await createDraft(t, { slug: fixture.slug, at: NOON, zone: 'all', seats: 2 });
    t.clock.advance(6);
    const { bearer } = await t.signIn();
    expectError(await call(t, 'validate', fixture.slug, draft, bearer), 422, 'last_minute_booking_not_allowed');
  });
});

describe('merchant_closed: a time the merchant does not offer', () => {
  test.each([
    ['between two slots', at('12:10')],
    ['outside the shifts', at('16:00')],
    ['on a closed day', unix('2026-12-24T12:00:00+01:00')],
    ['on a closed weekday', unix('2026-11-30T12:00:00+01:00')],
  ])('%s', async (_label, time) => {
    morning();
    expectError(await create(t, { slug: ZINC, at: time, zone: 'all', seats: 2 }), 422, 'merchant_closed');
  });
});

describe('already_done and canceled', () => {
  test('validating a booking twice is already_done', async () => {
    morning();
    const fixture = await importFixture(t, 'twice');
    const { token, bearer } = await bookValidated(t, { slug: fixture.slug, at: NOON, zone: 'all', seats: 2 });
    expectError(await call(t, 'validate', fixture.slug, token, bearer), 409, 'already_done');
  });

  test.each([
    ['validate', {}],
    ['set_comment', { comment: 'encore' }],
    ['cancel', {}],
  ])('%s on a cancelled booking is canceled', async (name, extra) => {
    morning();
    const fixture = await importFixture(t, 'cancelled');
    const { token, bearer } = await bookValidated(t, { slug: fixture.slug, at: NOON, zone: 'all', seats: 2 });
    expectOk(await call(t, 'cancel', fixture.slug, token, bearer));
    expectError(await call(t, name, fixture.slug, token, bearer, extra), 409, 'canceled');
  });

  test('changing a cancelled booking through create is canceled', async () => {
    morning();
    const fixture = await importFixture(t, 'cancelled-change');
    const { token, bearer } = await bookValidated(t, { slug: fixture.slug, at: NOON, zone: 'all', seats: 2 });
    expectOk(await call(t, 'cancel', fixture.slug, token, bearer));
    expectError(await create(t, { slug: fixture.slug, token, at: at('19:30'), zone: 'all', seats: 2, bearer }), 409, 'canceled');
  });
});

describe('no_phone: validation needs a phone to reach the diner', () => {
  test('a diner without a phone cannot validate, and the draft stays a draft', async () => {
    morning();
    const fixture = await importFixture(t, 'no-phone');
    const draft = await createDraft(t, { slug: fixture.slug, at: NOON, zone: 'all', seats: 2 });
    const { bearer } = await t.signIn({ phone: null });
    expectError(await call(t, 'validate', fixture.slug, draft, bearer), 422, 'no_phone');
    expect((await bookingOf(t, fixture.slug, draft)).status).toBeNull();
  });
});

describe('HTTP 401 where the call needs a signed-in diner', () => {
  const bearers: Array<[string, () => Promise<string | undefined>]> = [
    ['no bearer', async () => undefined],
    ['an unknown bearer', async () => 'unknown-bearer-0123456789abcdef'],
    [
      'a bearer whose 24-hour session has expired',
      async () => {
        const { bearer } = await t.signIn();
        t.clock.advance(24 * 60 + 1);
        return bearer;
      },
    ],
    ['a bearer of impossible shape', async () => 'x'],
  ];

  test.each(['validate', 'update_user'].flatMap((name) => bearers.map(([label, make]) => [name, label, make] as const)))(
    '%s with %s is 401 and changes nothing',
    async (name, _label, make) => {
      t.clock.set('2026-11-20T09:00:00Z');
      const fixture = await importFixture(t, 'unauth');
      const draft = await createDraft(t, { slug: fixture.slug, at: NOON, zone: 'all', seats: 2 });
      const bearer = await make();
      expectError(await call(t, name, fixture.slug, draft, bearer), 401, 'unauthenticated');
      expect(await bookingOf(t, fixture.slug, draft)).toMatchObject({ status: null, bookingClient: null });
    },
  );

  test.each(['cancel', 'set_comment'])('%s of a diner\u2019s booking without a bearer is 401', async (name) => {
    morning();
    const fixture = await importFixture(t, 'unauth-owned');
    const { token } = await bookValidated(t, { slug: fixture.slug, at: NOON, zone: 'all', seats: 2 });
    expectError(await call(t, name, fixture.slug, token, undefined, { comment: 'x' }), 401, 'unauthenticated');
    expect((await bookingOf(t, fixture.slug, token)).status).toBe(10);
  });
});

describe('booking_forbidden: another diner\u2019s bearer on a booking that belongs to someone', () => {
  test.each([
    ['cancel', {}],
    ['set_comment', { comment: 'not mine' }],
    ['update_user', {}],
  ])('%s', async (name, extra) => {
    morning();
    const fixture = await importFixture(t, 'forbidden');
    const owner = await bookValidated(t, { slug: fixture.slug, at: NOON, zone: 'all', seats: 2 });
    const stranger = await t.signIn();
    expectError(await call(t, name, fixture.slug, owner.token, stranger.bearer, extra), 403, 'booking_forbidden');
    expect(await bookingOf(t, fixture.slug, owner.token)).toMatchObject({ status: 10, comment: '', bookingClient: { lastname: expect.any(String) } });
  });

  test('validate of a draft another diner started', async () => {
    morning();
    const fixture = await importFixture(t, 'forbidden-validate');
    const owner = await t.signIn();
    const draft = await createDraft(t, { slug: fixture.slug, at: NOON, zone: 'all', seats: 2, bearer: owner.bearer });
    expectError(await call(t, 'validate', fixture.slug, draft, (await t.signIn()).bearer), 403, 'booking_forbidden');
  });

  test('create with the token of another diner\u2019s booking', async () => {
    morning();
    const fixture = await importFixture(t, 'forbidden-change');
    const owner = await bookValidated(t, { slug: fixture.slug, at: NOON, zone: 'all', seats: 2 });
    const { bearer } = await t.signIn();
    expectError(await create(t, { slug: fixture.slug, token: owner.token, at: at('19:30'), zone: 'all', seats: 2, bearer }), 403, 'booking_forbidden');
    expect((await bookingOf(t, fixture.slug, owner.token)).bookingForHour).toBe('12:00');
  });
});

describe('malformed input gets a 4xx with an error_code, never a 500', () => {
  let zone: string;
  let token: string;
  beforeAll(async () => {
    morning();
    zone = (await zoneIdsOf(t, ZINC)).Salle!;
    token = await createDraft(t, { slug: ZINC, at: at('13:30'), zone, seats: 2 });
  });
  const big = 'a'.repeat(100 * 1024);
  const slotsBody = (extra: Record<string, unknown>) => ({ merchant_slug: ZINC, date: DATE, bookingZoneId: zone, needed_seats: 2, ...extra });
  const createBody = (extra: Record<string, unknown>) => ({ merchant_slug: ZINC, datetime: at('13:45'), booking_zone_id: zone, client_count: 2, ...extra });
  const without = (body: Record<string, unknown>, key: string) => Object.fromEntries(Object.entries(body).filter(([name]) => name !== key));

  // [label, path, status, error_code, body (a function: zone and token are known only once the server runs)]
  test.each<[string, string, number, string, () => unknown]>([
    ['missing merchant_slug', 'booking_merchant/get', 400, 'validation_error', () => ({})],
    ['missing date', 'booking_zones/get', 400, 'validation_error', () => ({ merchant_slug: ZINC })],
    ['missing needed_seats', 'booking_slots/get', 400, 'validation_error', () => without(slotsBody({}), 'needed_seats')],
    ['missing bookingZoneId', 'booking_slots/get', 400, 'validation_error', () => without(slotsBody({}), 'bookingZoneId')],
    ['missing datetime', 'create', 400, 'validation_error', () => without(createBody({}), 'datetime')],
    ['missing client_count', 'create', 400, 'validation_error', () => without(createBody({}), 'client_count')],
    ['missing token', 'get', 400, 'validation_error', () => ({ merchant_slug: ZINC })],
    ['missing comment', 'set_comment', 400, 'validation_error', () => ({ merchant_slug: ZINC, token })],
    ['a body that is an array', 'booking_merchant/get', 400, 'validation_error', () => [ZINC]],
    ['a number as merchant_slug', 'booking_merchant/get', 400, 'validation_error', () => ({ merchant_slug: 42 })],
    ['null as merchant_slug', 'booking_merchant/get', 400, 'validation_error', () => ({ merchant_slug: null })],
    ['an array as merchant_slug', 'booking_merchant/get', 400, 'validation_error', () => ({ merchant_slug: [ZINC] })],
    ['a number as date', 'booking_zones/get', 400, 'validation_error', () => ({ merchant_slug: ZINC, date: 20261125 })],
    ['a word as needed_seats', 'booking_slots/get', 400, 'validation_error', () => slotsBody({ needed_seats: 'two' })],
    ['true as needed_seats', 'booking_slots/get', 400, 'validation_error', () => slotsBody({ needed_seats: true })],
    ['null as needed_seats', 'booking_slots/get', 400, 'validation_error', () => slotsBody({ needed_seats: null })],
    ['an array as needed_seats', 'booking_slots/get', 400, 'validation_error', () => slotsBody({ needed_seats: [2] })],
    ['an object as client_count', 'create', 400, 'validation_error', () => createBody({ client_count: {} })],
    ['true as datetime', 'create', 400, 'validation_error', () => createBody({ datetime: true })],
    ['a number as zone', 'create', 400, 'validation_error', () => createBody({ booking_zone_id: 7 })],
    ['a zone that is not a uuid', 'booking_slots/get', 400, 'validation_error', () => slotsBody({ bookingZoneId: 'salle' })],
    // eslint-disable-next-line no-loss-of-precision -- a number past 2^53 on purpose: the token must be refused as a number, whatever its digits
    ['a number as token', 'get', 400, 'validation_error', () => ({ merchant_slug: ZINC, token: 12345678901234567890 })],
    ['a token with a slash', 'get', 400, 'validation_error', () => ({ merchant_slug: ZINC, token: '../../etc/passwd/aaaaaaaa' })],
    ['a number as comment', 'set_comment', 400, 'validation_error', () => ({ merchant_slug: ZINC, token, comment: 42 })],
    ['an unknown lang', 'get', 400, 'validation_error', () => ({ merchant_slug: ZINC, token, lang: 'de' })],
    ['an unknown slug', 'booking_slots/get', 404, 'merchant_not_found', () => slotsBody({ merchant_slug: 'chez-personne' })],
    ['a slug in capitals', 'booking_merchant/get', 404, 'merchant_not_found', () => ({ merchant_slug: 'LE-PETIT-ZINC' })],
    ['a slug with a NUL character', 'booking_merchant/get', 400, 'validation_error', () => ({ merchant_slug: 'le-petit\u0000zinc' })],
    ['an unknown token', 'get', 404, 'booking_not_found', () => ({ merchant_slug: ZINC, token: 'Z'.repeat(32) })],
    ['a token cut short', 'get', 404, 'booking_not_found', () => ({ merchant_slug: ZINC, token: 'abc' })],
    ['a token cut short to cancel', 'cancel', 404, 'booking_not_found', () => ({ merchant_slug: ZINC, token: 'abc' })],
    ['the date 2026-02-30', 'booking_slots/get', 400, 'validation_error', () => slotsBody({ date: '2026-02-30' })],
    ['the date "tomorrow"', 'booking_zones/get', 400, 'validation_error', () => ({ merchant_slug: ZINC, date: 'tomorrow' })],
    ['a date without zero padding', 'booking_slots/get', 400, 'validation_error', () => slotsBody({ date: '2026-11-5' })],
    ['a date written day first', 'booking_slots/get', 400, 'validation_error', () => slotsBody({ date: '25/11/2026' })],
    ['an empty date', 'booking_slots/get', 400, 'validation_error', () => slotsBody({ date: '' })],
    ['the date 9999-12-31', 'booking_slots/get', 400, 'validation_error', () => slotsBody({ date: '9999-12-31' })],
    ['the datetime 2026-02-30T12:00:00+01:00', 'create', 400, 'validation_error', () => createBody({ datetime: '2026-02-30T12:00:00+01:00' })],
    ['a datetime without an offset', 'create', 400, 'validation_error', () => createBody({ datetime: '2026-11-25T13:45:00' })],
    ['the datetime "tomorrow"', 'create', 400, 'validation_error', () => createBody({ datetime: 'tomorrow' })],
    ['a negative datetime', 'create', 400, 'validation_error', () => createBody({ datetime: -1 })],
    ['a datetime in milliseconds', 'create', 400, 'validation_error', () => createBody({ datetime: at('13:45') * 1000 })],
    ['a fractional datetime', 'create', 400, 'validation_error', () => createBody({ datetime: at('13:45') + 0.5 })],
    ['a datetime in year 9999 (a Friday noon)', 'create', 400, 'validation_error', () => createBody({ datetime: '9999-12-31T12:00:00+01:00' })],
    ['a datetime in seconds written as text, far ahead', 'create', 400, 'validation_error', () => createBody({ datetime: '9999999999' })],
    ['0 seats', 'booking_slots/get', 422, 'error_min_seats', () => slotsBody({ needed_seats: 0 })],
    ['10000 seats', 'create', 422, 'error_max_seats', () => createBody({ client_count: 10_000 })],
    ['-1 seats', 'booking_slots/get', 400, 'validation_error', () => slotsBody({ needed_seats: -1 })],
    ['2.5 seats', 'create', 400, 'validation_error', () => createBody({ client_count: 2.5 })],
    ['a billion seats', 'booking_slots/get', 400, 'validation_error', () => slotsBody({ needed_seats: 1e9 })],
    ['a 100 kB merchant_slug', 'booking_merchant/get', 400, 'validation_error', () => ({ merchant_slug: big })],
    ['a 100 kB date', 'booking_slots/get', 400, 'validation_error', () => slotsBody({ date: big })],
    ['a 100 kB zone', 'booking_slots/get', 400, 'validation_error', () => slotsBody({ bookingZoneId: big })],
    ['a 100 kB datetime', 'create', 400, 'validation_error', () => createBody({ datetime: big })],
    ['a 100 kB token', 'get', 400, 'validation_error', () => ({ merchant_slug: ZINC, token: big })],
    ['a 100 kB comment', 'set_comment', 400, 'validation_error', () => ({ merchant_slug: ZINC, token, comment: big })],
    ['a 100 kB lang', 'get', 400, 'validation_error', () => ({ merchant_slug: ZINC, token, lang: big })],
    ['a comment with a NUL character', 'set_comment', 400, 'validation_error', () => ({ merchant_slug: ZINC, token, comment: 'a\u0000b' })],
  ])('%s (%s) is %i %s', async (_label, path, status, errorCode, body) => {
    morning();
    expectError(await t.post(`/api/booking/${path}`, body()), status, errorCode);
  });

  test.each<[string, string, string | undefined, string | Buffer, number]>([
    ['invalid JSON', '/api/booking/booking_merchant/get', 'application/json', '{"merchant_slug":', 400],
    ['JSON that is just a string', '/api/booking/booking_merchant/get', 'application/json', '"le-petit-zinc"', 400],
    ['an empty JSON body', '/api/booking/booking_merchant/get', 'application/json', '', 400],
    ['no body at all', '/api/booking/booking_merchant/get', undefined, '', 400],
    ['a text/plain body', '/api/booking/booking_merchant/get', 'text/plain', 'merchant_slug=le-petit-zinc', 400],
    ['an XML body', '/api/booking/booking_merchant/get', 'application/xml', '<merchant_slug>le-petit-zinc</merchant_slug>', 415],
    ['a form body', '/api/booking/booking_merchant/get', 'application/x-www-form-urlencoded', 'merchant_slug=no-such-one', 404],
    ['a body over the size limit', '/api/booking/booking_merchant/get', 'application/json', JSON.stringify({ merchant_slug: 'x'.repeat(300 * 1024) }), 413],
    ['bytes that are not UTF-8', '/api/booking/booking_merchant/get', 'application/json', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), 400],
    ['an unknown route', '/api/booking/nope', 'application/json', '{}', 404],
  ])('%s is a 4xx with an error_code', async (_label, url, contentType, payload, status) => {
    const response = await t.server.app.inject({
      method: 'POST',
      url,
      headers: contentType ? { 'content-type': contentType } : {},
      payload,
    });
    const body = JSON.parse(response.body);
    expect({ status: response.statusCode, success: body.success }, response.body.slice(0, 300)).toEqual({ status, success: false });
    expect(body.error_code).toMatch(/^[a-z_]+$/);
    expect(body.error_code).not.toBe('internal_error');
  });

  test.each([
    ['GET on a POST call', 'GET', '/api/booking/create'],
    ['an unknown API path', 'GET', '/api/booking/does-not-exist'],
    ['an export with a bad token', 'GET', '/api/booking/export_ical/le-petit-zinc/short'],
    ['an export with download=2', 'GET', '/api/booking/export_ical/le-petit-zinc/AAAAAAAAAAAAAAAAAAAAAAAA?download=2'],
  ])('%s is a 4xx with an error_code', async (_label, method, url) => {
    const response = await t.server.app.inject({ method: method as 'GET', url });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(JSON.parse(response.body)).toMatchObject({ success: false, error_code: expect.stringMatching(/^[a-z_]+$/) });
  });

  test('a 100 kB bearer is 401, not a crash', async () => {
    morning();
    expectError(await call(t, 'validate', ZINC, token, 'a'.repeat(100 * 1024)), 401, 'unauthenticated');
  });
});

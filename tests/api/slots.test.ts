import { describe, expect, test } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';
import {
  adminAction,
  bookValidated,
  call,
  create,
  createDraft,
  expectError,
  expectOk,
  importFixture,
  isAvailable,
  slotsOf,
  unix,
  zoneIdsOf,
} from './api-helpers.ts';

const t = useTestServer();

const ZINC = 'le-petit-zinc';
const availableHours = (slots: Array<{ hour: string; available: boolean }>) => slots.filter((slot) => slot.available).map((slot) => slot.hour);

describe('booking_slots/get offers a time every slotIntervalMinutes of each shift, end included', () => {
  test('a Tuesday at Le Petit Zinc: 12:00 to 14:00 and 19:00 to 22:00 every 15 minutes, in Paris time', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const { Salle } = await zoneIdsOf(t, ZINC);
    const slots = await slotsOf(t, ZINC, '2026-11-24', Salle!, 2);
    const lunch = ['12:00', '12:15', '12:30', '12:45', '13:00', '13:15', '13:30', '13:45', '14:00'];
    const dinner = ['19:00', '19:15', '19:30', '19:45', '20:00', '20:15', '20:30', '20:45', '21:00', '21:15', '21:30', '21:45', '22:00'];
    expect(slots).toEqual([...lunch, ...dinner].map((hour) => ({ timestamp: unix(`2026-11-24T${hour}:00+01:00`), hour, available: true })));
  });

  test('a Friday dinner ends at 22:30, its last seating', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const slots = await slotsOf(t, ZINC, '2026-11-27', 'all', 2);
    expect(slots.at(-1)).toEqual({ timestamp: unix('2026-11-27T22:30:00+01:00'), hour: '22:30', available: true });
  });

  test.each([
    ['a closed weekday (Monday)', '2026-11-30'],
    ['a closed day of the calendar', '2026-12-24'],
  ])('%s has no slot at all', async (_label, date) => {
    t.clock.set('2026-11-23T09:00:00Z');
    expect(await slotsOf(t, ZINC, date, 'all', 2)).toEqual([]);
  });

  test('a day already past lists its times, none available', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const slots = await slotsOf(t, ZINC, '2026-11-17', 'all', 2);
    expect(slots.length).toBe(22);
    expect(availableHours(slots)).toEqual([]);
  });
});

describe('booking_slots/get keeps the lead time (minLeadMinutes, 60 at Le Petit Zinc)', () => {
  test.each([
    ['at 10:00 every lunch time is open', '2026-11-24T10:00:00+01:00', '12:00'],
    ['at 11:20, 12:20 is the earliest: 12:30 comes first', '2026-11-24T11:20:00+01:00', '12:30'],
    ['at 11:30 exactly an hour ahead is enough', '2026-11-24T11:30:00+01:00', '12:30'],
    ['at 11:31, 12:30 is too close', '2026-11-24T11:31:00+01:00', '12:45'],
    ['at 13:30, dinner comes first', '2026-11-24T13:30:00+01:00', '19:00'],
  ])('%s', async (_label, clock, firstAvailable) => {
    t.clock.set(clock);
    const slots = await slotsOf(t, ZINC, '2026-11-24', 'all', 2);
    const first = slots.findIndex((slot) => slot.available);
    expect(slots[first]?.hour).toBe(firstAvailable);
    expect(slots.slice(first).every((slot) => slot.available)).toBe(true);
  });
});

describe('booking_slots/get shows a table taken for its duration in its own zone only', () => {
  test('a held table makes the overlapping times unavailable in that zone, not in the other nor in \u2018all\u2019', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const fixture = await importFixture(t, 'two-zones', {
      zones: [
        { name: 'Salle', tables: [{ name: 'S1', minSeats: 1, maxSeats: 4 }] },
        { name: 'Terrasse', tables: [{ name: 'T1', minSeats: 1, maxSeats: 4 }] },
      ],
    });
    const date = '2026-11-25';
    await createDraft(t, { slug: fixture.slug, at: unix(`${date}T19:30:00+01:00`), zone: fixture.zones.Salle!, seats: 2 });

    // 90-minute bookings: 19:00 would run into 19:30, 21:00 starts as it ends (half-open).
    expect(availableHours(await slotsOf(t, fixture.slug, date, fixture.zones.Salle!, 2)).filter((hour) => hour >= '19:00')).toEqual([
      '21:00',
      '21:30',
      '22:00',
    ]);
    expect(await isAvailable(t, fixture.slug, date, '19:30', fixture.zones.Terrasse!, 2)).toBe(true);
    expect(await isAvailable(t, fixture.slug, date, '19:30', 'all', 2)).toBe(true);

    await createDraft(t, { slug: fixture.slug, at: unix(`${date}T19:30:00+01:00`), zone: fixture.zones.Terrasse!, seats: 2 });
    expect(await isAvailable(t, fixture.slug, date, '19:30', 'all', 2)).toBe(false);
    expect(await isAvailable(t, fixture.slug, date, '12:00', 'all', 2)).toBe(true);
  });

  test('a party outside every table\u2019s seats range sees nothing available', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const fixture = await importFixture(t, 'big-table', { zones: [{ name: 'Salle', tables: [{ name: 'Big', minSeats: 4, maxSeats: 8 }] }] });
    expect(availableHours(await slotsOf(t, fixture.slug, '2026-11-25', 'all', 2))).toEqual([]);
    expect(availableHours(await slotsOf(t, fixture.slug, '2026-11-25', 'all', 6))).toContain('19:30');
  });
});

describe('booking_slots/get keeps pacing: maxCoversPerSlot guests may start at one time, all zones together', () => {
  test('four covers allowed: three booked leave room for one guest, not two, while the next time is free', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const fixture = await importFixture(t, 'pacing', {
      settings: { maxCoversPerSlot: 4 },
      zones: [
        {
          name: 'Salle',
          tables: [
            { name: 'S1', minSeats: 1, maxSeats: 4 },
            { name: 'S2', minSeats: 1, maxSeats: 4 },
          ],
        },
        { name: 'Terrasse', tables: [{ name: 'T1', minSeats: 1, maxSeats: 4 }] },
      ],
    });
    const date = '2026-11-25';
    const at = unix(`${date}T19:30:00+01:00`);
    await createDraft(t, { slug: fixture.slug, at, zone: fixture.zones.Salle!, seats: 3 });

    expect(await isAvailable(t, fixture.slug, date, '19:30', 'all', 1)).toBe(true);
    expect(await isAvailable(t, fixture.slug, date, '19:30', 'all', 2)).toBe(false);
    expect(await isAvailable(t, fixture.slug, date, '19:30', fixture.zones.Terrasse!, 2)).toBe(false);
    expect(await isAvailable(t, fixture.slug, date, '20:00', 'all', 2)).toBe(true);
    expectError(await create(t, { slug: fixture.slug, at, zone: fixture.zones.Terrasse!, seats: 2 }), 409, 'no_seats_available');

    await createDraft(t, { slug: fixture.slug, at, zone: fixture.zones.Terrasse!, seats: 1 });
    expect(await isAvailable(t, fixture.slug, date, '19:30', 'all', 1)).toBe(false);
  });
});

describe('booking_slots/get on the days summer time starts and ends (Europe/Paris)', () => {
  const sundays = [
    {
      day: 7,
      slots: [
        { start: '01:00', end: '04:00' },
        { start: '12:00', end: '12:00' },
        { start: '19:00', end: '19:00' },
      ],
    },
  ];

  test.each([
    ['the Saturday before summer time', '2026-03-28', { '12:00': '2026-03-28T11:00:00Z' }],
    ['Sunday 29 March 2026 (clocks go forward at 02:00)', '2026-03-29', { '12:00': '2026-03-29T10:00:00Z', '19:00': '2026-03-29T17:00:00Z' }],
    ['Sunday 25 October 2026 (clocks go back at 03:00)', '2026-10-25', { '12:00': '2026-10-25T11:00:00Z', '19:00': '2026-10-25T18:00:00Z' }],
  ])('%s: noon and evening have the right unix timestamps', async (_label, date, expected) => {
    t.clock.set('2026-03-01T09:00:00Z');
    // October is past the default 90-day booking horizon from 1 March.
    const fixture = await importFixture(t, 'dst', {
      settings: { bookingHorizonDays: 365 },
      shifts: [...sundays, { day: 6, slots: [{ start: '12:00', end: '12:00' }] }],
    });
    const slots = await slotsOf(t, fixture.slug, date, 'all', 2);
    for (const [hour, iso] of Object.entries(expected)) {
      expect(
        slots.find((slot) => slot.hour === hour),
        `${hour} on ${date}`,
      ).toEqual({ timestamp: unix(iso), hour, available: true });
    }
  });

  test('on 29 March the hour that does not exist (02:00 to 02:59) offers no time', async () => {
    t.clock.set('2026-03-01T09:00:00Z');
    const fixture = await importFixture(t, 'dst-gap', { shifts: sundays });
    const night = (await slotsOf(t, fixture.slug, '2026-03-29', 'all', 2)).filter((slot) => slot.hour < '12:00');
    expect(night.map(({ hour, timestamp }) => [hour, timestamp])).toEqual([
      ['01:00', unix('2026-03-29T00:00:00Z')],
      ['01:30', unix('2026-03-29T00:30:00Z')],
      ['03:00', unix('2026-03-29T01:00:00Z')],
      ['03:30', unix('2026-03-29T01:30:00Z')],
      ['04:00', unix('2026-03-29T02:00:00Z')],
    ]);
  });

  test('on 25 October the hour that happens twice is offered once, at its first occurrence', async () => {
    t.clock.set('2026-03-01T09:00:00Z');
    const fixture = await importFixture(t, 'dst-overlap', { settings: { bookingHorizonDays: 365 }, shifts: sundays });
    const night = (await slotsOf(t, fixture.slug, '2026-10-25', 'all', 2)).filter((slot) => slot.hour < '12:00');
    expect(night.map(({ hour, timestamp }) => [hour, timestamp])).toEqual([
      ['01:00', unix('2026-10-24T23:00:00Z')],
      ['01:30', unix('2026-10-24T23:30:00Z')],
      ['02:00', unix('2026-10-25T00:00:00Z')],
      ['02:30', unix('2026-10-25T00:30:00Z')],
      ['03:00', unix('2026-10-25T02:00:00Z')],
      ['03:30', unix('2026-10-25T02:30:00Z')],
      ['04:00', unix('2026-10-25T03:00:00Z')],
    ]);
  });

  test('a slot of a DST day can be booked at the timestamp it was offered', async () => {
    t.clock.set('2026-03-01T09:00:00Z');
    const fixture = await importFixture(t, 'dst-book', { shifts: sundays });
    const token = await createDraft(t, { slug: fixture.slug, at: unix('2026-03-29T10:00:00Z'), zone: 'all', seats: 2 });
    const booking = expectOk(await call(t, 'get', fixture.slug, token)).body.booking;
    expect(booking).toMatchObject({
      bookingForTimestamp: unix('2026-03-29T10:00:00Z'),
      bookingForHour: '12:00',
      bookingForDate: '2026-03-29',
      // Midnight of that Sunday is still winter time.
      bookingForTimestampDay: unix('2026-03-28T23:00:00Z'),
    });
    expect(await isAvailable(t, fixture.slug, '2026-03-29', '12:00', 'all', 2)).toBe(false);
  });
});

describe('booking_slots/get is never stale after a booking change', () => {
  test('the very next slots call after each change shows the table taken or free again', async () => {
    t.clock.set('2026-11-23T09:00:00Z');
    const fixture = await importFixture(t, 'fresh');
    const date = '2026-11-25';
    const at = unix(`${date}T19:30:00+01:00`);
    const free = () => isAvailable(t, fixture.slug, date, '19:30', 'all', 2);
    // Ask a few times first, so that any cache is warm.
    for (let i = 0; i < 3; i++) expect(await free()).toBe(true);

    const draft = await createDraft(t, { slug: fixture.slug, at, zone: 'all', seats: 2 });
    expect(await free(), 'after a draft takes the last table').toBe(false);

    expectOk(await call(t, 'cancel', fixture.slug, draft));
    expect(await free(), 'after the diner cancels').toBe(true);

    const booked = await bookValidated(t, { slug: fixture.slug, at, zone: 'all', seats: 2 });
    expect(await free(), 'after validation').toBe(false);

    expectOk(await adminAction(t, booked.token, 'refuse', { reason: 'restaurant_full' }));
    expect(await free(), 'after the restaurant refuses').toBe(true);

    const moved = await createDraft(t, { slug: fixture.slug, at, zone: 'all', seats: 2 });
    expect(await free()).toBe(false);
    expectOk(await create(t, { slug: fixture.slug, at: unix(`${date}T12:00:00+01:00`), zone: 'all', seats: 2, token: moved }));
    expect(await free(), 'after the draft moves to lunch').toBe(true);
    expect(await isAvailable(t, fixture.slug, date, '12:00', 'all', 2), 'lunch is now taken').toBe(false);

    t.clock.advance(11);
    expect(await isAvailable(t, fixture.slug, date, '12:00', 'all', 2), 'once the draft\u2019s hold lapsed').toBe(true);
  });
});

import { describe, test, expect } from 'vitest';
import { bookableTimes, daySlots, isDayOpen, openTodayTomorrow, pacingAllows, pickTable } from '../../src/server/domain/availability.ts';
import type { DayContext, Shift, TableHold, TableInfo } from '../../src/server/domain/availability.ts';

const PARIS = 'Europe/Paris';
// 2026-06-10 is a Wednesday; Paris is UTC+2 in June, so local 12:00 is 10:00Z.
const WEDNESDAY = '2026-06-10';

const shifts: Shift[] = [
  { day: 1, slots: [] },
  {
    day: 3,
    slots: [
      { start: '12:00', end: '13:00' },
      { start: '19:00', end: '20:00' },
    ],
  },
  { day: 4, slots: [{ start: '12:00', end: '13:00' }] },
  { day: 5, slots: [{ start: '22:00', end: '01:00' }] },
];

const tables: TableInfo[] = [
  { id: 'A', zoneId: 'salle', minSeats: 1, maxSeats: 2 },
  { id: 'B', zoneId: 'salle', minSeats: 2, maxSeats: 4 },
  { id: 'C', zoneId: 'salle', minSeats: 4, maxSeats: 8 },
  { id: 'T', zoneId: 'terrasse', minSeats: 1, maxSeats: 2 },
];

/** Local Paris wall time of 2026-06-10 as an instant (UTC+2). */
const at = (hhmm: string, date = WEDNESDAY) => new Date(`${date}T${hhmm}:00+02:00`);
const hold = (tableId: string, start: string, end: string, covers = 2, bookingId?: string): TableHold => ({
  tableId,
  start: at(start),
  end: at(end),
  covers,
  ...(bookingId === undefined ? {} : { bookingId }),
});

function context(overrides: Partial<DayContext> = {}): DayContext {
  return {
    date: WEDNESDAY,
    timezone: PARIS,
    now: at('08:00'),
    settings: { slotIntervalMinutes: 30, bookingDurationMinutes: 90, minLeadMinutes: 60, maxCoversPerSlot: 10 },
    shifts,
    closedDays: [],
    tables,
    holds: [],
    ...overrides,
  };
}

const availableHours = (ctx: DayContext, zone: string, seats: number) =>
  daySlots(ctx, zone, seats)
    .filter((slot) => slot.available)
    .map((slot) => slot.hour);

describe('isDayOpen', () => {
  test.each([
    ['a weekday with slots', WEDNESDAY, [], true],
    ['a weekday whose entry has no slot', '2026-06-15', [], false],
    ['a weekday with no entry at all', '2026-06-16', [], false],
    ['a listed closed day', WEDNESDAY, [WEDNESDAY], false],
    ['a day next to a closed day', WEDNESDAY, ['2026-06-11'], true],
  ])('%s (%s) is open: %s', (_label, date, closedDays, expected) => {
    expect(isDayOpen(date, shifts, closedDays)).toBe(expected);
  });
});

describe('bookableTimes', () => {
  test('runs every interval from each slot start to its end inclusive, sorted', () => {
    expect(bookableTimes(WEDNESDAY, PARIS, shifts, 30).map((t) => t.hour)).toEqual(['12:00', '12:30', '13:00', '19:00', '19:30', '20:00']);
  });

  test('an end not on the interval grid is not itself offered', () => {
    const odd: Shift[] = [{ day: 3, slots: [{ start: '12:00', end: '12:50' }] }];
    expect(bookableTimes(WEDNESDAY, PARIS, odd, 20).map((t) => t.hour)).toEqual(['12:00', '12:20', '12:40']);
  });

  test('overlapping slots give each time once', () => {
    const overlapping: Shift[] = [
      {
        day: 3,
        slots: [
          { start: '19:00', end: '20:00' },
          { start: '19:30', end: '20:30' },
        ],
      },
    ];
    expect(bookableTimes(WEDNESDAY, PARIS, overlapping, 30).map((t) => t.hour)).toEqual(['19:00', '19:30', '20:00', '20:30']);
  });

  test('a slot past midnight belongs to its starting day, its late times on the next calendar date', () => {
    const times = bookableTimes('2026-06-12', PARIS, shifts, 60);
    expect(times.map((t) => t.hour)).toEqual(['22:00', '23:00', '00:00', '01:00']);
    expect(times.map((t) => t.at.toISOString())).toEqual([
      '2026-06-12T20:00:00.000Z',
      '2026-06-12T21:00:00.000Z',
      '2026-06-12T22:00:00.000Z',
      '2026-06-12T23:00:00.000Z',
    ]);
  });

  test('the day after a past-midnight slot does not get its early times', () => {
    expect(bookableTimes('2026-06-13', PARIS, shifts, 60)).toEqual([]);
  });

  test('a closed weekday has no bookable time', () => {
    expect(bookableTimes('2026-06-15', PARIS, shifts, 30)).toEqual([]);
  });
});

describe('daySlots', () => {
  test('gives every bookable time with unix-second timestamps', () => {
    const slots = daySlots(context(), 'salle', 2);
    expect(slots.map((s) => s.hour)).toEqual(['12:00', '12:30', '13:00', '19:00', '19:30', '20:00']);
    expect(slots[0]).toEqual({ timestamp: Date.parse('2026-06-10T10:00:00Z') / 1000, hour: '12:00', available: true });
  });

  test.each([
    ['a weekday without slots', { date: '2026-06-15' }],
    ['a day in closedDays', { closedDays: [WEDNESDAY] }],
  ])('is empty on %s', (_label, overrides) => {
    expect(daySlots(context(overrides), 'all', 2)).toEqual([]);
  });

  test.each([
    ['well before service', '08:00', ['12:00', '12:30', '13:00', '19:00', '19:30', '20:00']],
    ['exactly the lead before 13:00', '12:00', ['13:00', '19:00', '19:30', '20:00']],
    ['one minute later', '12:01', ['19:00', '19:30', '20:00']],
    ['after the last time minus the lead', '19:01', []],
  ])('lead time: now %s (%s local) leaves %j', (_label, now, expected) => {
    expect(availableHours(context({ now: at(now) }), 'salle', 2)).toEqual(expected);
  });

  test.each([
    ['8 covers already starting there, party of 2', 8, 2, true],
    ['8 covers already starting there, party of 3', 8, 3, false],
    ['no cover yet, party of 10', 0, 10, true],
  ])('pacing at 12:00 with %s: available %s', (_label, covers, seats, expected) => {
    const ctx = context({
      settings: { slotIntervalMinutes: 30, bookingDurationMinutes: 90, minLeadMinutes: 60, maxCoversPerSlot: 10 },
      tables: [...tables, { id: 'Z', zoneId: 'salle', minSeats: 1, maxSeats: 10 }],
      // Covers of another zone count: pacing is for the whole restaurant.
      holds: covers > 0 ? [hold('T', '12:00', '13:30', covers)] : [],
    });
    const slot = daySlots(ctx, 'salle', seats).find((s) => s.hour === '12:00');
    expect(slot?.available).toBe(expected);
  });

  test('pacing only counts bookings starting at the same time', () => {
    const ctx = context({ holds: [hold('T', '11:30', '13:00', 9), hold('C', '12:30', '14:00', 9)] });
    expect(daySlots(ctx, 'salle', 2).find((s) => s.hour === '12:00')?.available).toBe(true);
    expect(daySlots(ctx, 'salle', 2).find((s) => s.hour === '12:30')?.available).toBe(false);
  });

  test.each([
    ['1 guest fits A', 1, 'salle', true],
    ['6 guests fit only C', 6, 'salle', true],
    ['9 guests fit no table', 9, 'salle', false],
    ['3 guests fit no terrace table', 3, 'terrasse', false],
    ['3 guests fit somewhere in any zone', 3, 'all', true],
  ])('table fitting: %s', (_label, seats, zone, expected) => {
    expect(daySlots(context(), zone, seats).every((s) => s.available === expected)).toBe(true);
  });

  test('a zone whose only fitting table is taken is full while zone all still finds one', () => {
    const ctx = context({ holds: [hold('T', '11:00', '14:00')] });
    expect(availableHours(ctx, 'terrasse', 2)).toEqual(['19:00', '19:30', '20:00']);
    expect(availableHours(ctx, 'all', 2)).toEqual(['12:00', '12:30', '13:00', '19:00', '19:30', '20:00']);
  });

  test('a table is full when every fitting table of the zone overlaps the booking duration', () => {
    const ctx = context({ holds: [hold('A', '12:00', '13:45'), hold('B', '12:00', '13:45')] });
    expect(availableHours(ctx, 'salle', 2)).toEqual(['19:00', '19:30', '20:00']);
  });
});

describe('pickTable', () => {
  test.each([
    ['2 guests in the salle take the smallest table A', 'salle', 2, [], 'A'],
    ['3 guests take B', 'salle', 3, [], 'B'],
    ['5 guests take C', 'salle', 5, [], 'C'],
    ['2 guests anywhere: A and T tie on seats, A wins by id', 'all', 2, [], 'A'],
    ['a hold ending exactly at 12:00 does not block 12:00', 'salle', 2, [hold('A', '10:30', '12:00')], 'A'],
    ['a hold starting exactly at the end (13:30) does not block', 'salle', 2, [hold('A', '13:30', '15:00')], 'A'],
    ['a hold starting one minute before the end blocks', 'salle', 2, [hold('A', '13:29', '15:00')], 'B'],
    ['a hold ending one minute after 12:00 blocks', 'salle', 2, [hold('A', '10:30', '12:01')], 'B'],
    ['A held, B taken too, 2 guests find nothing', 'salle', 2, [hold('A', '12:00', '13:30'), hold('B', '11:00', '12:30')], null],
    ['an unknown zone has no table', 'cave', 2, [], null],
  ])('%s', (_label, zone, seats, holds, expected) => {
    expect(pickTable(context({ holds }), zone, seats, at('12:00'))?.tableId ?? null).toBe(expected);
  });

  test('orders tied ids numerically', () => {
    const numbered: TableInfo[] = [
      { id: '10', zoneId: 'z', minSeats: 1, maxSeats: 4 },
      { id: '9', zoneId: 'z', minSeats: 1, maxSeats: 4 },
    ];
    expect(pickTable(context({ tables: numbered }), 'z', 2, at('12:00'))?.tableId).toBe('9');
  });

  test('ignores the holds of the booking being changed', () => {
    const ctx = context({ holds: [hold('A', '12:00', '13:30', 2, 'b1')] });
    expect(pickTable(ctx, 'salle', 2, at('12:00'))?.tableId).toBe('B');
    expect(pickTable(ctx, 'salle', 2, at('12:00'), 'b1')?.tableId).toBe('A');
    expect(pickTable(ctx, 'salle', 2, at('12:00'), 'other')?.tableId).toBe('B');
  });

  test('does not check lead time nor pacing', () => {
    const ctx = context({ now: at('12:30'), holds: [hold('T', '12:00', '13:30', 10)] });
    expect(pickTable(ctx, 'salle', 2, at('12:00'))?.tableId).toBe('A');
  });
});

describe('pacingAllows', () => {
  const ctx = context({ holds: [hold('A', '12:00', '13:30', 6, 'b1'), hold('T', '12:00', '13:30', 2, 'b2')] });

  test.each([
    [2, undefined, true],
    [3, undefined, false],
    [8, 'b1', true],
    [9, 'b1', false],
  ])('at 12:00 with 8 covers booked, %i more (excluding %s) allowed: %s', (seats, exclude, expected) => {
    expect(pacingAllows(ctx, at('12:00'), seats, exclude)).toBe(expected);
  });
});

describe('openTodayTomorrow', () => {
  const settings = { slotIntervalMinutes: 30, bookingDurationMinutes: 90, minLeadMinutes: 60, maxCoversPerSlot: 10 };

  test.each([
    ['Wednesday morning', at('09:00'), [], { today: true, tomorrow: true }],
    ['Wednesday 19:00, last time 20:00 still an hour away', at('19:00'), [], { today: true, tomorrow: true }],
    ['Wednesday 19:01, last time 20:00 too close', at('19:01'), [], { today: false, tomorrow: true }],
    ['Wednesday evening with Thursday closed', at('21:00'), ['2026-06-11'], { today: false, tomorrow: false }],
    ['Thursday evening before a Friday night shift', at('20:00', '2026-06-11'), [], { today: false, tomorrow: true }],
    ['Sunday (no shift) before Monday (empty shift)', at('10:00', '2026-06-14'), [], { today: false, tomorrow: false }],
    ['Wednesday 23:30 local is still Wednesday in Paris', new Date('2026-06-10T21:30:00Z'), [], { today: false, tomorrow: true }],
  ])('%s', (_label, now, closedDays, expected) => {
    expect(openTodayTomorrow(now, PARIS, shifts, closedDays, settings)).toEqual(expected);
  });
});

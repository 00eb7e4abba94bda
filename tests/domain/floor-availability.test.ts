import { describe, expect, test } from 'vitest';
import { daySlots, holdMinutes, holdsWindow, pickTable, type DayContext, type TableHold } from '../../src/server/domain/availability.ts';
import { seatingsOf, type SeatingTable, type SeatingZone } from '../../src/server/domain/seatings.ts';

// The floor of the contract's v2 example: Salle S1..S5 with S1+S2 and S3+S4 combined, S5 of low priority; Terrasse
// T1 and T2, T2 not online. Ids are the names in lower case.
const tables: SeatingTable[] = [
  { id: 's1', zoneId: 'salle', name: 'S1', minSeats: 1, maxSeats: 2 },
  { id: 's2', zoneId: 'salle', name: 'S2', minSeats: 1, maxSeats: 2 },
  { id: 's3', zoneId: 'salle', name: 'S3', minSeats: 2, maxSeats: 4 },
  { id: 's4', zoneId: 'salle', name: 'S4', minSeats: 2, maxSeats: 4 },
  { id: 's5', zoneId: 'salle', name: 'S5', minSeats: 4, maxSeats: 8, priority: 2 },
  { id: 't1', zoneId: 'terrasse', name: 'T1', minSeats: 1, maxSeats: 2 },
  { id: 't2', zoneId: 'terrasse', name: 'T2', minSeats: 2, maxSeats: 4, online: false },
];
const zones: SeatingZone[] = [
  {
    id: 'salle',
    combinations: [
      { tables: ['S1', 'S2'], minSeats: 3, maxSeats: 4 },
      { tables: ['S3', 'S4'], minSeats: 5, maxSeats: 8 },
    ],
  },
  { id: 'terrasse', combinations: [] },
];

const PARIS = 'Europe/Paris';
// 2026-06-10 is a Wednesday; Paris is UTC+2 in June.
const DAY = '2026-06-10';
const at = (hhmm: string) => new Date(`${DAY}T${hhmm}:00+02:00`);
const hold = (tables: string, start: string, end: string, covers = 2, bookingId?: string): TableHold => {
  const [tableId, ...joinedTableIds] = tables.split('+');
  return { tableId: tableId!, joinedTableIds, start: at(start), end: at(end), covers, ...(bookingId ? { bookingId } : {}) };
};
const settings = {
  slotIntervalMinutes: 15,
  bookingDurationMinutes: 90,
  keepTableDuration: 15,
  durationByPartySize: [
    { upTo: 2, minutes: 75 },
    { upTo: 4, minutes: 105 },
  ],
  minLeadMinutes: 60,
  maxCoversPerSlot: 20,
};

function context(overrides: Partial<DayContext> = {}): DayContext {
  return {
    date: DAY,
    timezone: PARIS,
    now: at('08:00'),
    settings,
    shifts: [{ day: 3, slots: [{ start: '12:00', end: '13:00' }] }],
    closedDays: [],
    tables,
    zones,
    holds: [],
    ...overrides,
  };
}
const given = (ctx: DayContext, zone: string, party: number, time = '12:00', staff = false) => {
  const seating = pickTable(ctx, zone, party, at(time), undefined, { staff });
  return seating ? [seating.tableId, ...seating.joinedTableIds].join('+') : null;
};

describe('the best fit among single tables and combinations', () => {
  test.each([
    // party, zone, holds, who asks, given
    [2, 'all', [], 'diner', 's1'],
    [2, 'all', ['s1', 's2'], 'diner', 't1'],
    [2, 'all', ['s1', 's2', 't1'], 'diner', 's3'],
    [2, 'terrasse', ['t1'], 'diner', null],
    [2, 'terrasse', ['t1'], 'staff', 't2'],
    // Staff naming no table get one not online only when no online one is free: S1+S2 before T2 (both seat 4; one
    // table would come first otherwise).
    [3, 'all', ['s3', 's4'], 'staff', 's1+s2'],
    [3, 'all', ['s3', 's4', 's1'], 'staff', 't2'],
    // Fewest empty seats tie (S3 and S1+S2 both seat 4) and priorities too: one table before two.
    [3, 'salle', [], 'diner', 's3'],
    [3, 'salle', ['s3', 's4'], 'diner', 's1+s2'],
    [3, 'salle', ['s3', 's4', 's1'], 'diner', null],
    [4, 'salle', ['s3', 's4', 's1'], 'diner', 's5'],
    // S5 and S3+S4 both seat 8: the higher priority (5 against S5's 2) is given first.
    [6, 'salle', [], 'diner', 's3+s4'],
    [6, 'salle', ['s4'], 'diner', 's5'],
    [6, 'salle', ['s4', 's5'], 'diner', null],
    [8, 'terrasse', [], 'staff', null],
    // A hold on a combination holds each of its tables.
    [2, 'salle', ['s1+s2'], 'diner', 's3'],
    [5, 'salle', ['s3+s4', 's5'], 'diner', null],
  ])('a party of %i in %s, held %j, asked by the %s: %s', (party, zone, held, who, expected) => {
    const ctx = context({ holds: (held as string[]).map((tables) => hold(tables, '11:30', '14:00')) });
    expect(given(ctx, zone as string, party as number, '12:00', who === 'staff')).toBe(expected);
  });

  test('a combination with a table no longer on the floor is not offered; staff naming a table get a seating with it', () => {
    const withoutS2 = tables.filter((table) => table.id !== 's2');
    expect(seatingsOf(withoutS2, zones).some((seating) => seating.joinedTableIds.length > 0 && seating.tableId === 's1')).toBe(false);
    const ctx = context();
    expect(pickTable(ctx, 'all', 6, at('12:00'), undefined, { staff: true, tableId: 's4' })).toMatchObject({ tableId: 's3', joinedTableIds: ['s4'] });
    expect(pickTable(ctx, 'all', 2, at('12:00'), undefined, { staff: true, tableId: 't2' })).toMatchObject({ tableId: 't2' });
    expect(pickTable(ctx, 'all', 2, at('12:00'), undefined, { tableId: 't2' })).toBeNull();
  });
});

describe('durations by party size', () => {
  test.each([
    // party, durationByPartySize, keepTableDuration, minutes
    [1, settings.durationByPartySize, 15, 75],
    [2, settings.durationByPartySize, 15, 75],
    [3, settings.durationByPartySize, 15, 105],
    [5, settings.durationByPartySize, 15, 90],
    [2, undefined, 15, 90],
    [2, settings.durationByPartySize, 80, 80],
  ])('a party of %i under %j (keepTableDuration %i) holds %i minutes', (party, steps, keep, minutes) => {
    expect(holdMinutes({ bookingDurationMinutes: 90, durationByPartySize: steps, keepTableDuration: keep }, party)).toBe(minutes);
  });

  test.each([
    // party, the 2-seaters' next hold starts at, available at 12:00
    [2, '13:15', true],
    [2, '13:14', false],
    [3, '13:45', true],
    [3, '13:44', false],
  ])('a party of %i at 12:00 whose tables are next held from %s: %s', (party, from, free) => {
    // Only S1+S2 and S1 (or S2) are left, each next held from `from`.
    const holds = [
      hold('s1', from, '15:00'),
      hold('s2', from, '15:00'),
      hold('s3', '11:00', '14:00'),
      hold('s4', '11:00', '14:00'),
      hold('t1', '11:00', '14:00'),
    ];
    expect(given(context({ holds }), 'salle', party) !== null).toBe(free);
  });

  test('the holds window reaches back the longest hold', () => {
    const longest = { timezone: PARIS, settings: { bookingDurationMinutes: 60, durationByPartySize: [{ upTo: 8, minutes: 300 }] } };
    const { from } = holdsWindow({ merchant: longest }, DAY);
    expect(from.toISOString()).toBe(new Date(Date.parse(`${DAY}T00:00:00+02:00`) - 300 * 60_000).toISOString());
  });
});

describe('the day’s slots follow the floor', () => {
  const hours = (ctx: DayContext, zone: string, party: number) =>
    daySlots(ctx, zone, party)
      .filter((slot) => slot.available)
      .map((slot) => slot.hour);

  test.each([
    ['a party of 4 on the terrace: T2 is not online', context(), 'terrasse', 4, []],
    [
      'a party of 3 in the salle, S3 and S4 held: the combination S1+S2',
      context({ holds: [hold('s3', '11:00', '16:00'), hold('s4', '11:00', '16:00')] }),
      'salle',
      3,
      ['12:00', '12:15', '12:30', '12:45', '13:00'],
    ],
    [
      '… and S1 held until 12:30: from 12:30',
      context({ holds: [hold('s3', '11:00', '16:00'), hold('s4', '11:00', '16:00'), hold('s1', '11:00', '12:30')] }),
      'salle',
      3,
      ['12:30', '12:45', '13:00'],
    ],
    [
      'a party of 7: S3+S4 or S5, S3+S4 held as a combination from 12:40',
      context({ holds: [hold('s3+s4', '12:40', '16:00'), hold('s5', '11:00', '16:00')] }),
      'salle',
      7,
      [],
    ],
    ['… S5 free again at 12:30', context({ holds: [hold('s3+s4', '12:40', '16:00'), hold('s5', '11:00', '12:30')] }), 'salle', 7, ['12:30', '12:45', '13:00']],
    [
      'pacing: 18 covers start at 12:15, a party of 3 is not taken then',
      context({ holds: [hold('s5', '12:15', '14:00', 18)] }),
      'salle',
      3,
      ['12:00', '12:30', '12:45', '13:00'],
    ],
    ['a closing from 12:00 to 12:30', context({ closings: [{ startsAt: at('12:00'), endsAt: at('12:30') }] }), 'salle', 6, ['12:30', '12:45', '13:00']],
    ['a closed day', context({ closedDays: [DAY] }), 'salle', 2, []],
    ['within the lead time (now 11:30, lead 60 minutes)', context({ now: at('11:30') }), 'salle', 2, ['12:30', '12:45', '13:00']],
  ])('%s', (_name, ctx, zone, party, expected) => {
    expect(hours(ctx, zone, party)).toEqual(expected);
  });
});

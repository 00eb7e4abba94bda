import { describe, expect, test } from 'vitest';
import { daySlots, openTodayTomorrow, type DayContext, type Shift } from '../../src/server/domain/availability.ts';
import { closingSpan } from '../../src/server/domain/closings.ts';
import { parseMerchantDefinition } from '../../src/server/domain/merchant-definition.ts';
import { shiftsOn, type SpecialDay } from '../../src/server/domain/special-days.ts';
import { fixtureMerchant } from '../api/api-helpers.ts';

const PARIS = 'Europe/Paris';
// 2026-06-08 is a Monday (closed every week), 2026-06-10 a Wednesday (lunch and dinner); Paris is UTC+2 in June.
const MONDAY = '2026-06-08';
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
];
const at = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+02:00`);

function context(date: string, overrides: Partial<DayContext> = {}): DayContext {
  return {
    date,
    timezone: PARIS,
    now: at('2026-06-01', '08:00'),
    settings: { slotIntervalMinutes: 30, bookingDurationMinutes: 90, minLeadMinutes: 60, maxCoversPerSlot: 10 },
    shifts,
    closedDays: [],
    tables: [{ id: 'A', zoneId: 'salle', minSeats: 1, maxSeats: 4 }],
    holds: [],
    ...overrides,
  };
}

const offered = (ctx: DayContext) =>
  daySlots(ctx, 'all', 2)
    .filter((slot) => slot.available)
    .map((slot) => slot.hour);

const opening = (date: string, ...slots: Array<[string, string]>): SpecialDay => ({ date, slots: slots.map(([start, end]) => ({ start, end })) });
const closed = (date: string, reason = 'Inventaire'): SpecialDay => ({ date, reason, slots: [] });

describe('availability on special days', () => {
  test.each<[string, string, Partial<DayContext>, string[]]>([
    ['a weekday without special day keeps its shifts', WEDNESDAY, {}, ['12:00', '12:30', '13:00', '19:00', '19:30', '20:00']],
    ['a special day closed with a reason offers nothing', WEDNESDAY, { specialDays: [closed(WEDNESDAY)] }, []],
    ['a special opening on a closed weekday offers its own slots', MONDAY, { specialDays: [opening(MONDAY, ['12:00', '13:00'])] }, ['12:00', '12:30', '13:00']],
    ['a special opening replaces the weekday’s shifts (no dinner)', WEDNESDAY, { specialDays: [opening(WEDNESDAY, ['18:00', '18:30'])] }, ['18:00', '18:30']],
    ['another date’s special day changes nothing', WEDNESDAY, { specialDays: [closed('2026-06-11')] }, ['12:00', '12:30', '13:00', '19:00', '19:30', '20:00']],
    ['closedDays still close a special opening', MONDAY, { specialDays: [opening(MONDAY, ['12:00', '13:00'])], closedDays: [MONDAY] }, []],
    [
      'a staff closing still closes inside a special opening',
      MONDAY,
      { specialDays: [opening(MONDAY, ['12:00', '13:00'])], closings: [{ startsAt: at(MONDAY, '12:00'), endsAt: at(MONDAY, '12:31') }] },
      ['13:00'],
    ],
    [
      'the lead time applies to a special opening',
      MONDAY,
      { specialDays: [opening(MONDAY, ['12:00', '13:00'])], now: at(MONDAY, '11:15') },
      ['12:30', '13:00'],
    ],
    [
      'a special opening past midnight keeps its late times',
      MONDAY,
      { specialDays: [opening(MONDAY, ['23:00', '00:30'])] },
      ['23:00', '23:30', '00:00', '00:30'],
    ],
  ])('%s', (_label, date, overrides, expected) => {
    expect(offered(context(date, overrides))).toEqual(expected);
  });

  test('a frozen special day gives the same frozen shifts each time (the bookable-times memo holds)', () => {
    const days = Object.freeze([
      Object.freeze({ ...opening(MONDAY, ['12:00', '13:00']), slots: Object.freeze([{ start: '12:00', end: '13:00' }]) }),
    ]) as readonly SpecialDay[];
    const first = shiftsOn(MONDAY, shifts, days);
    expect(shiftsOn(MONDAY, shifts, days)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(shiftsOn(WEDNESDAY, shifts, days)).toBe(shifts);
  });

  test('open today and tomorrow follow special days', () => {
    const specialDays = [opening(MONDAY, ['19:00', '21:00']), closed('2026-06-09')];
    const now = at(MONDAY, '10:00');
    expect(
      openTodayTomorrow(now, PARIS, [...shifts, { day: 2, slots: [{ start: '12:00', end: '14:00' }] }], [], context(MONDAY).settings, specialDays),
    ).toEqual({
      today: true,
      tomorrow: false,
    });
  });

  test('a day closing on a special opening spans its late slot; a service closing names the special slot', () => {
    const merchant = { timezone: PARIS, shifts, settings: { slotIntervalMinutes: 30 }, specialDays: [opening(MONDAY, ['12:00', '13:00'], ['23:00', '00:30'])] };
    expect(closingSpan({ kind: 'day', date: MONDAY }, merchant).endsAt).toEqual(new Date(at('2026-06-09', '00:30').getTime() + 60_000));
    expect(closingSpan({ kind: 'shift', date: MONDAY, shiftId: '1-1' }, merchant).startsAt).toEqual(at(MONDAY, '23:00'));
  });
});

describe('specialDays in the definition', () => {
  const parse = (specialDays: unknown) => parseMerchantDefinition({ ...fixtureMerchant('special'), specialDays });
  const issuesOf = (specialDays: unknown): string[] => {
    try {
      parse(specialDays);
      return [];
    } catch (error) {
      return ((error as { details: { issues: Array<{ path: string; message: string }> } }).details.issues ?? []).map(
        (issue) => `${issue.path}: ${issue.message}`,
      );
    }
  };

  test('is optional, defaults to none, and keeps a reason and slots trimmed', () => {
    expect(parseMerchantDefinition(fixtureMerchant('special')).specialDays).toEqual([]);
    expect(parse([{ date: ' 2026-12-24 ', reason: '  Réveillon ', slots: [{ start: '19:00', end: ' 23:00' }] }]).specialDays).toEqual([
      { date: '2026-12-24', reason: 'Réveillon', slots: [{ start: '19:00', end: '23:00' }] },
    ]);
  });

  test.each<[string, unknown, string[]]>([
    ['a date that does not exist', [{ date: '2026-02-30', slots: [] }], ['specialDays.0.date: a real date written YYYY-MM-DD']],
    [
      'a time not written HH:MM',
      [{ date: '2026-12-24', slots: [{ start: '7pm', end: '23:00' }] }],
      ['specialDays.0.slots.0.start: a time written HH:MM (00:00 to 23:59)'],
    ],
    [
      'an end not after its start',
      [
        {
          date: '2026-12-24',
          slots: [
            { start: '12:00', end: '14:00' },
            { start: '20:00', end: '19:00' },
          ],
        },
      ],
      ['specialDays.0.slots.1.end: must be after start'],
    ],
    [
      'overlapping slots',
      [
        {
          date: '2026-12-24',
          slots: [
            { start: '12:00', end: '15:00' },
            { start: '14:00', end: '16:00' },
          ],
        },
      ],
      ['specialDays.0.slots.1.start: overlaps another slot'],
    ],
    [
      'a date twice',
      [
        { date: '2026-12-24', slots: [] },
        { date: '2026-12-24', slots: [] },
      ],
      ['specialDays.1.date: each date may appear only once'],
    ],
    ['a reason over 200 characters', [{ date: '2026-12-24', reason: 'x'.repeat(201), slots: [] }], ['specialDays.0.reason: at most 200 characters']],
    ['a field the contract does not know', [{ date: '2026-12-24', slots: [], open: true }], ['specialDays.0: Unrecognized key: "open"']],
    ['slots missing', [{ date: '2026-12-24' }], ['specialDays.0.slots: required']],
  ])('refuses %s, by its path', (_label, specialDays, expected) => {
    expect(issuesOf(specialDays)).toEqual(expected);
  });

  test('slots that only touch do not overlap, and hostile text is kept as text', () => {
    const reason = '<script>alert(1)</script> & "fermé"';
    const [day] = parse([
      {
        date: '2026-12-24',
        reason,
        slots: [
          { start: '12:00', end: '14:00' },
          { start: '14:00', end: '16:00' },
        ],
      },
    ]).specialDays;
    expect(day!.reason).toBe(reason);
  });
});

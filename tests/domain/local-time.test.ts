import { describe, test, expect } from 'vitest';
import {
  addDaysToLocalDate,
  isLocalDate,
  isoWeekdayOf,
  isValidTimezone,
  localDateOf,
  localTimeOf,
  localToInstant,
  startOfLocalDay,
} from '../../src/shared/local-time.ts';
import { bookableTimes } from '../../src/server/domain/availability.ts';
import type { Shift } from '../../src/server/domain/availability.ts';

const PARIS = 'Europe/Paris';
const NEW_YORK = 'America/New_York';
const iso = (d: Date | null) => d?.toISOString() ?? null;
const sundayShift = (start: string, end: string): Shift[] => [{ day: 7, slots: [{ start, end }] }];

describe('isLocalDate', () => {
  test.each([
    ['2026-03-29', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-02-30', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-04-31', false],
    ['2026-4-1', false],
    ['2026-04-01T00:00', false],
    ['', false],
  ])('%s is a local date: %s', (s, expected) => {
    expect(isLocalDate(s)).toBe(expected);
  });
});

describe('calendar arithmetic', () => {
  test.each([
    ['2026-03-23', 1],
    ['2026-03-28', 6],
    ['2026-03-29', 7],
    ['2026-01-01', 4],
  ])('%s is ISO weekday %i', (date, weekday) => {
    expect(isoWeekdayOf(date)).toBe(weekday);
  });

  test.each([
    ['2026-03-28', 1, '2026-03-29'],
    ['2026-03-29', 1, '2026-03-30'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-10-25', 7, '2026-11-01'],
  ])('%s plus %i days is %s (DST days included)', (date, days, expected) => {
    expect(addDaysToLocalDate(date, days)).toBe(expected);
  });
});

describe('localToInstant', () => {
  test.each([
    ['2026-03-29', '01:59', '2026-03-29T00:59:00.000Z'],
    ['2026-03-29', '02:00', null],
    ['2026-03-29', '02:30', null],
    ['2026-03-29', '03:00', '2026-03-29T01:00:00.000Z'],
    ['2026-10-25', '02:00', '2026-10-25T00:00:00.000Z'],
    ['2026-10-25', '02:30', '2026-10-25T00:30:00.000Z'],
    ['2026-10-25', '03:00', '2026-10-25T02:00:00.000Z'],
    ['2026-01-15', '20:00', '2026-01-15T19:00:00.000Z'],
    ['2026-07-15', '20:00', '2026-07-15T18:00:00.000Z'],
  ])('Paris %s %s is %s (null: does not exist)', (date, time, expected) => {
    expect(iso(localToInstant(date, time, PARIS))).toBe(expected);
  });

  test.each([
    ['2026-03-08', '01:59', '2026-03-08T06:59:00.000Z'],
    ['2026-03-08', '02:30', null],
    ['2026-03-08', '03:00', '2026-03-08T07:00:00.000Z'],
    ['2026-11-01', '01:30', '2026-11-01T05:30:00.000Z'],
    ['2026-11-01', '02:00', '2026-11-01T07:00:00.000Z'],
    ['2026-07-04', '19:00', '2026-07-04T23:00:00.000Z'],
    ['2026-12-31', '23:30', '2027-01-01T04:30:00.000Z'],
  ])('New York %s %s is %s', (date, time, expected) => {
    expect(iso(localToInstant(date, time, NEW_YORK))).toBe(expected);
  });

  test('an ambiguous time and the instant one hour later both read back as the same wall time', () => {
    const first = localToInstant('2026-10-25', '02:30', PARIS)!;
    const second = new Date(first.getTime() + 3_600_000);
    expect(localTimeOf(first, PARIS)).toBe('02:30');
    expect(localTimeOf(second, PARIS)).toBe('02:30');
  });
});

describe('localDateOf and localTimeOf', () => {
  test.each([
    ['2026-03-28T23:30:00Z', PARIS, '2026-03-29', '00:30'],
    ['2026-03-29T01:00:00Z', PARIS, '2026-03-29', '03:00'],
    ['2026-12-31T23:00:00Z', PARIS, '2027-01-01', '00:00'],
    ['2027-01-01T03:00:00Z', NEW_YORK, '2026-12-31', '22:00'],
    ['2026-06-01T12:34:56Z', 'UTC', '2026-06-01', '12:34'],
  ])('%s in %s is %s at %s', (instant, timezone, date, time) => {
    expect(localDateOf(new Date(instant), timezone)).toBe(date);
    expect(localTimeOf(new Date(instant), timezone)).toBe(time);
  });
});

describe('the wall clock next to a transition, one second apart, as Intl reads it', () => {
  /** The zone's date and time at the instant, as Intl formats it (no cache of ours in the way). */
  const intlWallClock = (instant: Date, timezone: string) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', {
        timeZone: timezone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      })
        .formatToParts(instant)
        .map((part) => [part.type, part.value]),
    );
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
  };
  // Spring and autumn changes of 2026, including half-hour and 45-minute zones and a half-hour daylight shift.
  test.each([
    ['2026-03-29T01:00:00Z', PARIS],
    ['2026-10-25T01:00:00Z', PARIS],
    ['2026-03-08T07:00:00Z', NEW_YORK],
    ['2026-11-01T06:00:00Z', NEW_YORK],
    ['2026-04-04T15:00:00Z', 'Australia/Lord_Howe'],
    ['2026-10-03T15:30:00Z', 'Australia/Lord_Howe'],
    ['2026-04-04T16:30:00Z', 'Australia/Adelaide'],
    ['2026-06-01T00:00:00Z', 'Asia/Kathmandu'],
  ])('around %s in %s', (change, timezone) => {
    const at = Date.parse(change);
    // The same minutes asked twice: the second answer comes from what the first looked up.
    for (const round of [1, 2]) {
      for (const seconds of [-3601, -61, -60, -59, -1, 0, 1, 59, 60, 61, 3599, 3600]) {
        const instant = new Date(at + seconds * 1000);
        expect(`${localDateOf(instant, timezone)} ${localTimeOf(instant, timezone)}`, `${instant.toISOString()}, round ${round}`).toBe(
          intlWallClock(instant, timezone),
        );
      }
    }
  });
});

describe('startOfLocalDay', () => {
  test.each([
    ['2026-03-29', PARIS, '2026-03-28T23:00:00.000Z'],
    ['2026-10-25', PARIS, '2026-10-24T22:00:00.000Z'],
    ['2026-11-01', NEW_YORK, '2026-11-01T04:00:00.000Z'],
    // Santiago skips midnight in September: the day starts at 01:00 local, the transition instant.
    ['2026-09-06', 'America/Santiago', '2026-09-06T04:00:00.000Z'],
  ])('%s in %s starts at %s', (date, timezone, expected) => {
    expect(startOfLocalDay(date, timezone).toISOString()).toBe(expected);
  });
});

describe('isValidTimezone', () => {
  test.each([
    ['Europe/Paris', true],
    ['America/New_York', true],
    ['Europe/Rome', true],
    ['UTC', true],
    ['Mars/Olympus', false],
    ['europe/paris', false],
    ['+01:00', false],
    ['', false],
  ])('%s is valid: %s', (tz, expected) => {
    expect(isValidTimezone(tz)).toBe(expected);
  });
});

describe('bookable times on DST Sundays in Paris', () => {
  test('a 01:00-04:00 shift every 30 minutes skips 02:00 and 02:30 on the spring-forward day', () => {
    const times = bookableTimes('2026-03-29', PARIS, sundayShift('01:00', '04:00'), 30);
    expect(times.map((t) => t.hour)).toEqual(['01:00', '01:30', '03:00', '03:30', '04:00']);
    expect(times.map((t) => t.at.toISOString())).toEqual([
      '2026-03-29T00:00:00.000Z',
      '2026-03-29T00:30:00.000Z',
      '2026-03-29T01:00:00.000Z',
      '2026-03-29T01:30:00.000Z',
      '2026-03-29T02:00:00.000Z',
    ]);
  });

  test('a 01:00-04:00 shift on the fall-back day takes the first 02:00 and 02:30, strictly increasing', () => {
    const times = bookableTimes('2026-10-25', PARIS, sundayShift('01:00', '04:00'), 30);
    expect(times.map((t) => t.hour)).toEqual(['01:00', '01:30', '02:00', '02:30', '03:00', '03:30', '04:00']);
    expect(times.find((t) => t.hour === '02:00')?.at.toISOString()).toBe('2026-10-25T00:00:00.000Z');
    expect(times.find((t) => t.hour === '02:30')?.at.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    const stamps = times.map((t) => t.at.getTime());
    stamps.slice(1).forEach((stamp, i) => expect(stamp).toBeGreaterThan(stamps[i]!));
  });

  test.each([
    ['2026-03-29', '2026-03-29T10:00:00.000Z'],
    ['2026-10-25', '2026-10-25T11:00:00.000Z'],
  ])('a 12:00-14:00 shift on %s starts at %s', (date, firstUtc) => {
    const times = bookableTimes(date, PARIS, sundayShift('12:00', '14:00'), 30);
    expect(times.map((t) => t.hour)).toEqual(['12:00', '12:30', '13:00', '13:30', '14:00']);
    expect(times[0]?.at.toISOString()).toBe(firstUtc);
  });
});

describe('bookable times in New York', () => {
  test('a 01:00-03:00 shift every 30 minutes skips 02:00 and 02:30 on the spring-forward Sunday', () => {
    const times = bookableTimes('2026-03-08', NEW_YORK, sundayShift('01:00', '03:00'), 30);
    expect(times.map((t) => t.hour)).toEqual(['01:00', '01:30', '03:00']);
    expect(times.map((t) => t.at.toISOString())).toEqual(['2026-03-08T06:00:00.000Z', '2026-03-08T06:30:00.000Z', '2026-03-08T07:00:00.000Z']);
  });

  test('an evening shift in July is four hours behind UTC', () => {
    const times = bookableTimes('2026-07-05', NEW_YORK, sundayShift('18:00', '19:00'), 60);
    expect(times.map((t) => t.at.toISOString())).toEqual(['2026-07-05T22:00:00.000Z', '2026-07-05T23:00:00.000Z']);
  });
});

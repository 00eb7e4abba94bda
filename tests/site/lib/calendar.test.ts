import { describe, expect, test } from 'vitest';
import { enGB, fr } from 'date-fns/locale';
import { lastBookableDay, dayBlock, quickDates, todayIn, type DayRules } from '../../../src/lib/calendar/calendar.ts';
import { addMonths, canGoToNextMonth, canGoToPreviousMonth, monthGrid, nextMonth, previousMonth } from '../../../src/lib/calendar/calendar-month.ts';
import { monthTitle, weekdayLabels } from '../../../src/lib/calendar/calendar-labels.ts';
import type { Shift } from '../../../src/shared/api/merchant.ts';

// Open Tuesday to Sunday, closed on Mondays (like Le Petit Zinc).
const shifts: Shift[] = [1, 2, 3, 4, 5, 6, 7].map((day) => ({
  day,
  slots: day === 1 ? [] : [{ id: `${day}-0`, start: '12:00', end: '14:00' }],
}));

const rules = (overrides: Partial<DayRules> = {}): DayRules => ({
  today: '2026-11-24', // a Tuesday
  shifts,
  closedDays: ['2026-12-24'],
  open: { today: true, tomorrow: true },
  lastDay: '2027-02-21', // a Sunday
  ...overrides,
});

describe('the booking horizon', () => {
  test.each([
    ['90 days by default', undefined, '2027-02-22'],
    ['one day: tomorrow is the last', 1, '2026-11-25'],
    ['730 days: two years on', 730, '2028-11-23'],
  ])('the last bookable day is today plus the horizon: %s', (_case, days, expected) => {
    expect(lastBookableDay('2026-11-24', days)).toBe(expected);
  });

  test.each([
    ["a month before the last day's", { year: 2027, month: 1 }, true],
    ["the last day's month", { year: 2027, month: 2 }, false],
    ['a month after it', { year: 2030, month: 6 }, false],
  ])("the next-month arrow goes on only before the last day's month: %s", (_case, shown, expected) => {
    expect(canGoToNextMonth(shown, '2027-02-22')).toBe(expected);
  });
});

describe('which days can be picked (spec section 5)', () => {
  test.each([
    ['yesterday', '2026-11-23', rules(), 'past'],
    ['a day last month', '2026-10-28', rules(), 'past'],
    ['a Monday, the closed weekday', '2026-11-30', rules(), 'closed_weekday'],
    ['a day in the closed-days list', '2026-12-24', rules(), 'closed_day'],
    ['today when open.today is false', '2026-11-24', rules({ open: { today: false, tomorrow: true } }), 'today_closed'],
    ['tomorrow when open.tomorrow is false', '2026-11-25', rules({ open: { today: true, tomorrow: false } }), 'tomorrow_closed'],
    ['today when open', '2026-11-24', rules(), null],
    ['tomorrow when open', '2026-11-25', rules(), null],
    ['an open day later on', '2026-12-23', rules(), null],
    ['an open day next year', '2027-01-05', rules(), null],
    ['the last day of the horizon', '2027-02-21', rules(), null],
    ['an open day after the horizon', '2027-02-23', rules(), 'beyond_horizon'],
    ['an open day in 2030', '2030-06-04', rules(), 'beyond_horizon'],
    ['tomorrow with a one-day horizon', '2026-11-25', rules({ lastDay: '2026-11-25' }), null],
    ['the day after tomorrow with a one-day horizon', '2026-11-26', rules({ lastDay: '2026-11-25' }), 'beyond_horizon'],
  ])('%s (%s) is blocked as %j', (_case, date, dayRules, expected) => {
    expect(dayBlock(date, dayRules)).toBe(expected);
  });

  test.each([
    ['both open', { today: true, tomorrow: true }, { today: '2026-11-24', tomorrow: '2026-11-25' }],
    ['today closed', { today: false, tomorrow: true }, { today: null, tomorrow: '2026-11-25' }],
    ['tomorrow closed', { today: true, tomorrow: false }, { today: '2026-11-24', tomorrow: null }],
    ['both closed', { today: false, tomorrow: false }, { today: null, tomorrow: null }],
  ])('the Today and Tomorrow buttons appear only when open that day: %s', (_case, open, expected) => {
    expect(quickDates(rules({ open }))).toEqual(expected);
  });

  test('the Tomorrow button is hidden when tomorrow is a closed weekday even if flagged open', () => {
    expect(quickDates(rules({ today: '2026-11-29' })).tomorrow).toBeNull();
  });
});

describe('month navigation', () => {
  test.each([
    [{ year: 2026, month: 11 }, '2026-11-24', false],
    [{ year: 2026, month: 12 }, '2026-11-24', true],
    [{ year: 2027, month: 1 }, '2026-12-31', true],
    [{ year: 2026, month: 10 }, '2026-11-24', false],
  ])('from %j with today %s, going back is allowed: %j', (shown, today, expected) => {
    expect(canGoToPreviousMonth(shown, today)).toBe(expected);
  });

  test('cannot go back before the current month', () => {
    expect(previousMonth({ year: 2026, month: 11 }, '2026-11-24')).toEqual({ year: 2026, month: 11 });
    expect(previousMonth({ year: 2027, month: 1 }, '2026-11-24')).toEqual({ year: 2026, month: 12 });
  });

  test.each([
    [{ year: 2026, month: 12 }, 1, { year: 2027, month: 1 }],
    [{ year: 2027, month: 1 }, -1, { year: 2026, month: 12 }],
    [{ year: 2026, month: 5 }, 14, { year: 2027, month: 7 }],
  ])('%j plus %i months is %j', (month, count, expected) => {
    expect(addMonths(month, count)).toEqual(expected);
  });

  test('next month crosses the year', () => {
    expect(nextMonth({ year: 2026, month: 12 })).toEqual({ year: 2027, month: 1 });
  });
});

describe('the month grid', () => {
  test('weeks start on Monday: November 2026 starts on a Sunday, so its first row begins Monday 26 October', () => {
    const weeks = monthGrid({ year: 2026, month: 11 });
    expect(weeks[0]?.[0]).toEqual({ date: '2026-10-26', inMonth: false });
    expect(weeks[0]?.[6]).toEqual({ date: '2026-11-01', inMonth: true });
    expect(weeks.at(-1)?.[6]).toEqual({ date: '2026-12-06', inMonth: false });
    expect(weeks).toHaveLength(6);
  });

  test.each([
    [{ year: 2026, month: 2 }, 5],
    [{ year: 2027, month: 2 }, 4],
    [{ year: 2026, month: 6 }, 5],
    [{ year: 2026, month: 3 }, 6],
  ])('%j has %i weeks of seven days, each day of the month once', (month, weekCount) => {
    const weeks = monthGrid(month);
    expect(weeks).toHaveLength(weekCount);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    const inMonth = weeks.flat().filter((cell) => cell.inMonth);
    expect(inMonth[0]?.date.endsWith('-01')).toBe(true);
    expect(new Set(inMonth.map((cell) => cell.date)).size).toBe(inMonth.length);
  });

  test('every row is Monday to Sunday', () => {
    for (const week of monthGrid({ year: 2026, month: 11 })) {
      expect(new Date(`${week[0]!.date}T12:00:00Z`).getUTCDay()).toBe(1);
    }
  });

  test.each([
    [fr, ['lun.', 'mar.', 'mer.', 'jeu.', 'ven.', 'sam.', 'dim.']],
    [enGB, ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']],
  ])('the weekday header starts on Monday', (locale, expected) => {
    expect(weekdayLabels(locale)).toEqual(expected);
  });

  test('the month title is written in the locale', () => {
    expect(monthTitle({ year: 2026, month: 11 }, fr)).toBe('novembre 2026');
  });

  test("today is the merchant's local date", () => {
    expect(todayIn(Date.UTC(2026, 10, 23, 23, 30), 'Europe/Paris')).toBe('2026-11-24');
    expect(todayIn(Date.UTC(2026, 10, 23, 23, 30), 'America/New_York')).toBe('2026-11-23');
  });
});

describe('special openings in the diner’s calendar', () => {
  test.each<[string, string, Partial<DayRules>, string | null]>([
    ['a Monday (closed weekday) opened specially can be picked', '2026-11-30', { openDays: ['2026-11-30'] }, null],
    ['another Monday stays closed', '2026-12-07', { openDays: ['2026-11-30'] }, 'closed_weekday'],
    ['a special opening listed among the closed days stays closed', '2026-11-30', { openDays: ['2026-11-30'], closedDays: ['2026-11-30'] }, 'closed_day'],
    ['a special opening past the horizon stays beyond it', '2027-03-01', { openDays: ['2027-03-01'] }, 'beyond_horizon'],
  ])('%s', (_case, date, overrides, expected) => {
    expect(dayBlock(date, rules(overrides))).toBe(expected);
  });
});

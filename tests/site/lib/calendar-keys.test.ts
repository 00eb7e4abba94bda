import { describe, expect, test } from 'vitest';
import { addMonthsToDate, moveFocusDate } from '../../../src/lib/calendar/calendar-keys.ts';

// 2026-11-18 is a Wednesday; today is 2026-11-10, so nothing before 2026-11-01 may take focus.
const TODAY = '2026-11-10';

describe('keyboard moves in the calendar grid', () => {
  test.each([
    ['ArrowLeft', '2026-11-18', '2026-11-17'],
    ['ArrowRight', '2026-11-18', '2026-11-19'],
    ['ArrowUp', '2026-11-18', '2026-11-11'],
    ['ArrowDown', '2026-11-18', '2026-11-25'],
    ['Home', '2026-11-18', '2026-11-16'],
    ['End', '2026-11-18', '2026-11-22'],
    ['PageUp', '2026-12-18', '2026-11-18'],
    ['PageDown', '2026-11-18', '2026-12-18'],
    ['ArrowRight', '2026-11-30', '2026-12-01'],
    ['ArrowDown', '2026-12-28', '2027-01-04'],
  ])('%s from %s focuses %s', (key, from, expected) => {
    expect(moveFocusDate(from, key, TODAY)).toBe(expected);
  });

  test.each([
    ['ArrowLeft', '2026-11-01'],
    ['ArrowUp', '2026-11-03'],
    ['PageUp', '2026-11-18'],
    ['Home', '2026-11-01'],
  ])('%s from %s never leaves for a month before the current one', (key, from) => {
    expect(moveFocusDate(from, key, TODAY)).toBe('2026-11-01');
  });

  test.each(['Enter', ' ', 'Tab', 'a'])('%j is not a move', (key) => {
    expect(moveFocusDate('2026-11-18', key, TODAY)).toBeNull();
  });
});

describe('the same day a month away', () => {
  test.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-03-31', -1, '2026-02-28'],
    ['2026-12-15', 1, '2027-01-15'],
    ['2027-01-15', -1, '2026-12-15'],
  ])('%s plus %i month(s) is %s', (date, months, expected) => {
    expect(addMonthsToDate(date, months)).toBe(expected);
  });
});

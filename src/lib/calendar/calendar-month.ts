/** The calendar's months (spec section 5): Monday-first month grid and month navigation; loaded with the calendar only. */
import { addDaysToLocalDate, isoWeekdayOf } from '../../shared/local-time.ts';
import type { LocalDate } from '../../shared/local-time.ts';

/** A month shown by the calendar (month 1 to 12). */
export interface CalendarMonth {
  year: number;
  month: number;
}

/** One cell of the month grid; days of the neighbouring months fill the first and last weeks. */
export interface CalendarCell {
  date: LocalDate;
  inMonth: boolean;
}

/** ISO weekdays in header order: Monday first. */
export const WEEKDAYS_MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 7] as const;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The month a date falls in. */
export function monthOf(date: LocalDate): CalendarMonth {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
}

/** The month `count` months after (or before, when negative) a month. */
export function addMonths(month: CalendarMonth, count: number): CalendarMonth {
  const index = month.year * 12 + (month.month - 1) + count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** Negative, zero or positive as a is before, the same as, or after b. */
export function compareMonths(a: CalendarMonth, b: CalendarMonth): number {
  return a.year * 12 + a.month - (b.year * 12 + b.month);
}

/** Whether the calendar may go back from `shown`: never before the current month. */
export function canGoToPreviousMonth(shown: CalendarMonth, today: LocalDate): boolean {
  return compareMonths(shown, monthOf(today)) > 0;
}

/** The month before `shown`, but not before the current month. */
export function previousMonth(shown: CalendarMonth, today: LocalDate): CalendarMonth {
  return canGoToPreviousMonth(shown, today) ? addMonths(shown, -1) : monthOf(today);
}

/** The month after `shown`. */
export function nextMonth(shown: CalendarMonth): CalendarMonth {
  return addMonths(shown, 1);
}

/** Whether the calendar may go on from `shown`: never past the month of the last bookable day. */
export function canGoToNextMonth(shown: CalendarMonth, lastDay: LocalDate): boolean {
  return compareMonths(shown, monthOf(lastDay)) < 0;
}

/** The first day of a month, 'YYYY-MM-01'. */
export function firstDayOf(month: CalendarMonth): LocalDate {
  return `${String(month.year).padStart(4, '0')}-${pad2(month.month)}-01`;
}

/** The weeks of a month, Monday first, each of seven cells. */
export function monthGrid(month: CalendarMonth): CalendarCell[][] {
  const first = firstDayOf(month);
  const lastOfMonth = addDaysToLocalDate(firstDayOf(addMonths(month, 1)), -1);
  let day = addDaysToLocalDate(first, -(isoWeekdayOf(first) - 1));
  const end = addDaysToLocalDate(lastOfMonth, 7 - isoWeekdayOf(lastOfMonth));
  const weeks: CalendarCell[][] = [];
  while (day <= end) {
    const week: CalendarCell[] = [];
    for (let i = 0; i < 7; i += 1) {
      week.push({ date: day, inMonth: day >= first && day <= lastOfMonth });
      day = addDaysToLocalDate(day, 1);
    }
    weeks.push(week);
  }
  return weeks;
}

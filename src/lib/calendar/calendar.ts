/** The booking calendar's rules (spec sections 2, 5, 9): Monday-first month grid, unselectable days, month navigation (labels: calendar-labels.ts). */
import { addDaysToLocalDate, isoWeekdayOf, localDateOf } from '../../shared/local-time.ts';
import type { Shift } from '../../shared/api/merchant.ts';
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

/** What decides whether a day can be picked. */
export interface DayRules {
  /** Merchant-local today. */
  today: LocalDate;
  shifts: Shift[];
  closedDays: LocalDate[];
  /** The merchant's open flags for today and tomorrow (booking_merchant/get). */
  open: { today: boolean; tomorrow: boolean };
  /** The last day the merchant takes bookings for (its booking horizon). */
  lastDay: LocalDate;
}

/** Why a day cannot be picked. */
export type DayBlock = 'past' | 'beyond_horizon' | 'closed_weekday' | 'closed_day' | 'today_closed' | 'tomorrow_closed';

/** ISO weekdays in header order: Monday first. */
export const WEEKDAYS_MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 7] as const;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The merchant-local date of an instant (milliseconds), e.g. today from the server clock. */
export function todayIn(nowMs: number, timezone: string): LocalDate {
  return localDateOf(new Date(nowMs), timezone);
}

/** How many days ahead a merchant takes bookings when its settings do not say (the server's default). */
export const DEFAULT_BOOKING_HORIZON_DAYS = 90;

/** The last day a merchant takes bookings for: today plus its horizon in days. */
export function lastBookableDay(today: LocalDate, bookingHorizonDays: number | undefined): LocalDate {
  return addDaysToLocalDate(today, bookingHorizonDays ?? DEFAULT_BOOKING_HORIZON_DAYS);
}

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

/** Why a day cannot be picked (section 5), or null when it can. */
export function dayBlock(date: LocalDate, rules: DayRules): DayBlock | null {
  if (date < rules.today) return 'past';
  if (date > rules.lastDay) return 'beyond_horizon';
  const weekday = isoWeekdayOf(date);
  if (!rules.shifts.some((shift) => shift.day === weekday && shift.slots.length > 0)) return 'closed_weekday';
  if (rules.closedDays.includes(date)) return 'closed_day';
  if (date === rules.today && !rules.open.today) return 'today_closed';
  if (date === addDaysToLocalDate(rules.today, 1) && !rules.open.tomorrow) return 'tomorrow_closed';
  return null;
}

/** Whether a day can be picked. */
export function isDaySelectable(date: LocalDate, rules: DayRules): boolean {
  return dayBlock(date, rules) === null;
}

/** The Today and Tomorrow quick-date buttons: each date, or null when the button must not appear. */
export function quickDates(rules: DayRules): { today: LocalDate | null; tomorrow: LocalDate | null } {
  const tomorrow = addDaysToLocalDate(rules.today, 1);
  return {
    today: isDaySelectable(rules.today, rules) ? rules.today : null,
    tomorrow: isDaySelectable(tomorrow, rules) ? tomorrow : null,
  };
}

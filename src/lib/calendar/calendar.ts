/** The booking calendar's day rules (spec sections 2, 5, 9): today, the horizon, unselectable days (months: calendar-month.ts, labels: calendar-labels.ts). */
import { addDaysToLocalDate, isoWeekdayOf, localDateOf } from '../../shared/local-time.ts';
import type { Shift } from '../../shared/api/merchant.ts';
import type { LocalDate } from '../../shared/local-time.ts';

/** What decides whether a day can be picked. */
export interface DayRules {
  /** Merchant-local today. */
  today: LocalDate;
  shifts: Shift[];
  closedDays: LocalDate[];
  /** Special openings: open with their own hours whatever their weekday (absent: none). */
  openDays?: LocalDate[];
  /** The merchant's open flags for today and tomorrow (booking_merchant/get). */
  open: { today: boolean; tomorrow: boolean };
  /** The last day the merchant takes bookings for (its booking horizon). */
  lastDay: LocalDate;
}

/** Why a day cannot be picked. */
export type DayBlock = 'past' | 'beyond_horizon' | 'closed_weekday' | 'closed_day' | 'today_closed' | 'tomorrow_closed';

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

/** Why a day cannot be picked (section 5), or null when it can. */
export function dayBlock(date: LocalDate, rules: DayRules): DayBlock | null {
  if (date < rules.today) return 'past';
  if (date > rules.lastDay) return 'beyond_horizon';
  const weekday = isoWeekdayOf(date);
  const weekdayOpen = rules.shifts.some((shift) => shift.day === weekday && shift.slots.length > 0);
  if (!weekdayOpen && !rules.openDays?.includes(date)) return 'closed_weekday';
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

import type { ListingShift } from '../../shared/api/merchant-listing.ts';

/** One weekday's opening windows, in start order. */
export interface WeekdayHours {
  /** ISO weekday: 1 Monday to 7 Sunday. */
  day: number;
  /** Opening windows as local "HH:MM" pairs; empty when closed. */
  ranges: { start: string; end: string }[];
}

/** The seven weekdays, Monday first, each with its opening windows (closed days have none). */
export function weeklyHours(shifts: readonly ListingShift[]): WeekdayHours[] {
  return [1, 2, 3, 4, 5, 6, 7].map((day) => ({
    day,
    ranges: shifts
      .filter((shift) => shift.day === day)
      .flatMap((shift) => shift.slots)
      .map(({ start, end }) => ({ start, end }))
      .sort((a, b) => a.start.localeCompare(b.start)),
  }));
}

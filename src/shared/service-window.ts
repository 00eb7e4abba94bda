/** When staff record what happened to a booking (arrival, no-show) and may undo it: its service window, the same rule on both sides. */
import { addDaysToLocalDate, startOfLocalDay, type LocalDate } from './local-time.ts';

/** How long before its time a booking's diner may be marked arrived (an early guest). */
export const ARRIVAL_LEAD_MINUTES = 60;

/** How long after a booking's end its marks may still be set or undone, when that is later than the end of its day (a late service). */
export const AFTER_END_MINUTES = 120;

const MINUTE = 60_000;

/**
 * The stretch of time in which staff record what happened to a booking: from an hour before its time to the end of
 * its service (its local day's end, or two hours after its end when a late service runs past midnight).
 */
export function serviceWindow(booking: { startsAt: Date; endsAt: Date; localDate: LocalDate }, timezone: string): { opens: Date; closes: Date } {
  const dayEnd = startOfLocalDay(addDaysToLocalDate(booking.localDate, 1), timezone).getTime();
  return {
    opens: new Date(booking.startsAt.getTime() - ARRIVAL_LEAD_MINUTES * MINUTE),
    closes: new Date(Math.max(dayEnd, booking.endsAt.getTime() + AFTER_END_MINUTES * MINUTE)),
  };
}

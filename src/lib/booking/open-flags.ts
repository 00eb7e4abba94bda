/** A first guess at the merchant's open.today / open.tomorrow flags from its shifts, for the calendar before booking_merchant/get answers. */
import { isoWeekdayOf, addDaysToLocalDate, localDateOf, localTimeOf } from '../../shared/local-time.ts';
import type { Shift } from '../../shared/api/merchant.ts';

/** Today is open while one of its service windows still has its last seating ahead; tomorrow when it has any window. The server's flags replace this. */
export function guessOpenFlags(shifts: readonly Shift[], nowMs: number, timezone: string): { today: boolean; tomorrow: boolean } {
  const now = new Date(nowMs);
  const today = localDateOf(now, timezone);
  const time = localTimeOf(now, timezone);
  const windowsOf = (date: string) => shifts.find((shift) => shift.day === isoWeekdayOf(date))?.slots ?? [];
  return {
    today: windowsOf(today).some((slot) => slot.end > time),
    tomorrow: windowsOf(addDaysToLocalDate(today, 1)).length > 0,
  };
}

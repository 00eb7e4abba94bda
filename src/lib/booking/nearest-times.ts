/** The free times nearest to a booking that was lost: that day's closest to its time, then the next open days' closest to its hour. */
import type { Slot } from '../../shared/api/slots.ts';
import type { LocalDate, LocalTime } from '../../shared/local-time.ts';

/** A day's times as booking_slots/get answers them. */
export interface DaySlots {
  date: LocalDate;
  slots: Slot[];
}

/** The time the diner wanted. */
export interface WantedTime {
  date: LocalDate;
  hour: LocalTime;
  /** Unix seconds. */
  timestamp: number;
}

/** How many times to offer: per day, and how many later days. */
export interface NearestLimits {
  perDay: number;
  laterDays: number;
}

/** Four times a day, on the day and two later days: one screen on a phone. */
export const DEFAULT_LIMITS: NearestLimits = { perDay: 4, laterDays: 2 };

const minutesOf = (hour: LocalTime) => {
  const [h = 0, m = 0] = hour.split(':').map(Number);
  return h * 60 + m;
};

/** The `count` free slots nearest to `distance` 0, in the order of the day. */
function nearestOfDay(slots: Slot[], distance: (slot: Slot) => number, count: number): Slot[] {
  return (
    slots
      .filter((slot) => slot.available)
      .map((slot, index) => ({ slot, index, away: distance(slot) }))
      // Equally near: the earlier time first (the day's order).
      .sort((a, b) => a.away - b.away || a.index - b.index)
      .slice(0, count)
      .map(({ slot }) => slot)
      .sort((a, b) => a.timestamp - b.timestamp)
  );
}

/**
 * The times to offer instead of `wanted`: its own day's free times nearest to it (never the wanted time itself), then
 * the first `laterDays` later days that have a free time, each with its free times nearest to the wanted hour. Days
 * with nothing free are left out; an empty list means nothing is free.
 */
export function nearestTimes(wanted: WantedTime, days: DaySlots[], limits: NearestLimits = DEFAULT_LIMITS): DaySlots[] {
  const sameDay = days.find((day) => day.date === wanted.date);
  const out: DaySlots[] = [];
  if (sameDay) {
    const others = sameDay.slots.filter((slot) => slot.timestamp !== wanted.timestamp);
    const slots = nearestOfDay(others, (slot) => Math.abs(slot.timestamp - wanted.timestamp), limits.perDay);
    if (slots.length > 0) out.push({ date: sameDay.date, slots });
  }
  const wantedMinutes = minutesOf(wanted.hour);
  const later = days.filter((day) => day.date > wanted.date).sort((a, b) => (a.date < b.date ? -1 : 1));
  let taken = 0;
  for (const day of later) {
    if (taken >= limits.laterDays) break;
    const slots = nearestOfDay(day.slots, (slot) => Math.abs(minutesOf(slot.hour) - wantedMinutes), limits.perDay);
    if (slots.length === 0) continue;
    out.push({ date: day.date, slots });
    taken += 1;
  }
  return out;
}

/** The `count` calendar days after `date` (YYYY-MM-DD). */
export function daysAfter(date: LocalDate, count: number): LocalDate[] {
  const noon = Date.parse(`${date}T12:00:00Z`);
  return Array.from({ length: count }, (_, index) => new Date(noon + (index + 1) * 86_400_000).toISOString().slice(0, 10));
}

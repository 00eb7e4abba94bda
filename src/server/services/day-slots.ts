/**
 * The day's slots exactly as the domain's daySlots computes them, but with each day's bookable times
 * worked out once per version of a merchant's opening hours: the time-zone arithmetic dominated every
 * booking_slots/get (tests/proof/day-slots-equivalence.test.ts holds the two to the same answers).
 */
import { bookableTimes, isDayOpen, pacingAllows, pickTable, type BookableTime, type DayContext, type Shift, type Slot } from '../domain/availability.ts';

const MAX_DAYS_PER_SHIFTS = 2_000;
const MINUTE_MS = 60_000;
const timesByShifts = new WeakMap<Shift[], Map<string, readonly BookableTime[]>>();

/** bookableTimes, remembered per shifts array when that array is frozen (the floor cache freezes what it hands out). */
export function bookableTimesOnce(date: string, timezone: string, shifts: Shift[], slotIntervalMinutes: number): readonly BookableTime[] {
  // A mutable array could change under the memo: compute afresh.
  if (!Object.isFrozen(shifts)) return bookableTimes(date, timezone, shifts, slotIntervalMinutes);
  let byDay = timesByShifts.get(shifts);
  if (!byDay) {
    byDay = new Map();
    timesByShifts.set(shifts, byDay);
  }
  const key = `${date}|${timezone}|${slotIntervalMinutes}`;
  let times = byDay.get(key);
  if (!times) {
    times = Object.freeze(bookableTimes(date, timezone, shifts, slotIntervalMinutes).map((time) => Object.freeze(time)));
    if (byDay.size >= MAX_DAYS_PER_SHIFTS) byDay.delete(byDay.keys().next().value!);
    byDay.set(key, times);
  }
  return times;
}

/** The day's slots for a party in a zone, as availability.ts's daySlots. */
export function daySlotsOnce(ctx: DayContext, zoneId: string | 'all', neededSeats: number): Slot[] {
  if (!isDayOpen(ctx.date, ctx.shifts, ctx.closedDays)) return [];
  const earliest = ctx.now.getTime() + ctx.settings.minLeadMinutes * MINUTE_MS;
  return bookableTimesOnce(ctx.date, ctx.timezone, ctx.shifts, ctx.settings.slotIntervalMinutes).map(({ at, hour }) => ({
    timestamp: Math.floor(at.getTime() / 1000),
    hour,
    available: at.getTime() >= earliest && pacingAllows(ctx, at, neededSeats) && pickTable(ctx, zoneId, neededSeats, at) !== null,
  }));
}

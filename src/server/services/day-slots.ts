/**
 * The day's slots exactly as the domain's daySlots computes them, but with each day's bookable times
 * worked out once per version of a merchant's opening hours: the time-zone arithmetic dominated every
 * booking_slots/get (tests/proof/day-slots-equivalence.test.ts holds the two to the same answers).
 */
import { bookableTimes, isDayOpen, pacingAllows, pickTable, type BookableTime, type DayContext, type Shift, type Slot, type TableHold } from '../domain/availability.ts';
import type { MerchantWithFloor } from '../db/merchant-store.ts';

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

const MAX_ANSWERS_PER_FLOOR = 5_000;
const answersByFloor = new WeakMap<MerchantWithFloor, Map<string, readonly Slot[]>>();

/** What of the holds can change a day's slots: which table, when, how many covers. */
function holdsFingerprint(holds: TableHold[]): string {
  return holds
    .map((hold) => `${hold.tableId}/${hold.start.getTime()}/${hold.end.getTime()}/${hold.covers}`)
    .sort()
    .join(';');
}

/**
 * daySlotsOnce for a merchant's cached (frozen) floor, remembered per distinct input: the answer is a
 * function of the floor, the day, the zone, the party, the holds and — of the clock — only of how many
 * of the day's times are already inside the lead time. Shared and frozen: callers must not mutate it.
 */
export function floorDaySlots(
  floor: MerchantWithFloor,
  date: string,
  now: Date,
  holds: TableHold[],
  zoneId: string | 'all',
  neededSeats: number,
): readonly Slot[] {
  const { merchant, tables } = floor;
  const ctx: DayContext = {
    date,
    timezone: merchant.timezone,
    now,
    settings: merchant.settings,
    shifts: merchant.shifts,
    closedDays: merchant.closedDays,
    tables,
    holds,
  };
  if (!Object.isFrozen(floor) || !Object.isFrozen(merchant.shifts)) return daySlotsOnce(ctx, zoneId, neededSeats);
  const times = bookableTimesOnce(date, merchant.timezone, merchant.shifts, merchant.settings.slotIntervalMinutes);
  const earliest = now.getTime() + merchant.settings.minLeadMinutes * MINUTE_MS;
  let tooSoon = 0;
  while (tooSoon < times.length && times[tooSoon]!.at.getTime() < earliest) tooSoon++;
  const key = `${date}|${zoneId}|${neededSeats}|${tooSoon}|${holdsFingerprint(holds)}`;
  let answers = answersByFloor.get(floor);
  if (!answers) {
    answers = new Map();
    answersByFloor.set(floor, answers);
  }
  let slots = answers.get(key);
  if (!slots) {
    slots = Object.freeze(daySlotsOnce(ctx, zoneId, neededSeats).map((slot) => Object.freeze(slot)));
    if (answers.size >= MAX_ANSWERS_PER_FLOOR) answers.delete(answers.keys().next().value!);
    answers.set(key, slots);
  }
  return slots;
}

/**
 * The day's slots exactly as the domain's daySlots computes them, remembered per cached floor and
 * distinct input (tests/proof/day-slots-equivalence.test.ts holds the two to the same answers).
 */
import { bookableTimes, daySlots, earliestBookable, lastBookableDate, type Slot, type TableHold } from './availability.ts';
import type { MerchantWithFloor } from './merchant-floor.ts';
import { dayContext } from './booking-rules.ts';
import { shiftsOn } from './special-days.ts';

const MAX_ANSWERS_PER_FLOOR = 5_000;
const NO_SLOTS: readonly Slot[] = Object.freeze([]);
const answersByFloor = new WeakMap<MerchantWithFloor, Map<string, readonly Slot[]>>();

/** What of the holds can change a day's slots: which tables, when, how many covers. */
function holdsFingerprint(holds: TableHold[]): string {
  return holds
    .map(
      (hold) =>
        `${hold.tableId}${hold.joinedTableIds?.length ? `+${hold.joinedTableIds.join('+')}` : ''}/${hold.start.getTime()}/${hold.end.getTime()}/${hold.covers}`,
    )
    .sort()
    .join(';');
}

/**
 * daySlots for a merchant's cached (frozen) floor, remembered per distinct input: the answer is a
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
  const { merchant } = floor;
  const ctx = dayContext(floor, date, now, holds);
  // Past the horizon today is within it on a later day, so only answers within it are remembered.
  if (date > lastBookableDate(now, merchant.timezone, merchant.settings)) return NO_SLOTS;
  if (!Object.isFrozen(floor) || !Object.isFrozen(merchant.shifts)) return daySlots(ctx, zoneId, neededSeats);
  const times = bookableTimes(date, merchant.timezone, shiftsOn(date, merchant.shifts, merchant.specialDays), merchant.settings.slotIntervalMinutes);
  const earliest = earliestBookable(now, merchant.settings);
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
    slots = Object.freeze(daySlots(ctx, zoneId, neededSeats).map((slot) => Object.freeze(slot)));
    if (answers.size >= MAX_ANSWERS_PER_FLOOR) answers.delete(answers.keys().next().value!);
    answers.set(key, slots);
  }
  return slots;
}

/** Special days (docs/merchants.md): a date closed with a reason, or opened with its own slots instead of its weekday's. */
import { isoWeekdayOf, type LocalDate } from '../../shared/local-time.ts';

/** Opening hours of one ISO weekday, as availability's Shift (not imported from there: availability imports this). */
export interface Shift {
  day: number;
  slots: Array<{ start: string; end: string }>;
}

/** One special day as availability reads it: no slot closes the date, slots replace its weekday's shifts. */
export interface SpecialDay {
  date: LocalDate;
  reason?: string;
  slots: Array<{ start: string; end: string }>;
}

const byDateOf = new WeakMap<readonly SpecialDay[], Map<LocalDate, SpecialDay>>();
const shiftsOfDay = new WeakMap<SpecialDay, Shift[]>();

/** The special day of a date, if any (looked up by date once per frozen list). */
export function specialDayOn(date: LocalDate, specialDays: readonly SpecialDay[] | undefined): SpecialDay | undefined {
  if (!specialDays || specialDays.length === 0) return undefined;
  if (!Object.isFrozen(specialDays)) return specialDays.find((day) => day.date === date);
  let byDate = byDateOf.get(specialDays);
  if (!byDate) {
    byDate = new Map(specialDays.map((day) => [day.date, day]));
    byDateOf.set(specialDays, byDate);
  }
  return byDate.get(date);
}

/**
 * The shifts that hold on a date: its weekday's, or, on a special day, only that day's slots (none: closed). The
 * answer for a frozen special day is one frozen array, so bookableTimes' memo keeps working on it.
 */
export function shiftsOn(date: LocalDate, shifts: Shift[], specialDays: readonly SpecialDay[] | undefined): Shift[] {
  const special = specialDayOn(date, specialDays);
  if (!special) return shifts;
  const known = shiftsOfDay.get(special);
  if (known) return known;
  const own: Shift[] = [{ day: isoWeekdayOf(date), slots: special.slots.map(({ start, end }) => ({ start, end })) }];
  if (!Object.isFrozen(special)) return own;
  Object.freeze(own[0]!.slots);
  Object.freeze(own[0]);
  Object.freeze(own);
  shiftsOfDay.set(special, own);
  return own;
}

/** The special days' closed dates (no slot), sorted. */
export function specialClosedDates(specialDays: readonly SpecialDay[] | undefined): LocalDate[] {
  return (specialDays ?? [])
    .filter((day) => day.slots.length === 0)
    .map((day) => day.date)
    .sort();
}

/** The special days' exceptional openings (with slots), sorted. */
export function specialOpenDates(specialDays: readonly SpecialDay[] | undefined): LocalDate[] {
  return (specialDays ?? [])
    .filter((day) => day.slots.length > 0)
    .map((day) => day.date)
    .sort();
}

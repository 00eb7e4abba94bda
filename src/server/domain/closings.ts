/** Closings staff make: what each closes for online booking, and the span of instants it covers. */
import { addDaysToLocalDate, isoWeekdayOf, localDateOf, localTimeOf, minutesOfLocalTime, startOfLocalDay, type LocalDate } from '../../shared/local-time.ts';
import { bookableTimes, type Shift } from './availability.ts';
import { DomainError } from './errors.ts';
import { shiftsOn, type SpecialDay } from './special-days.ts';

/** A whole day, one service (shift) of a day, or online booking stopped for a time range. */
export type ClosingKind = 'day' | 'shift' | 'range';

/** A closing as the booking rules read it: no online booking may start in [startsAt, endsAt). */
export interface Closing {
  id: string;
  kind: ClosingKind;
  /** The merchant-local day it closes (a range: the day it starts). */
  localDate: LocalDate;
  /** A shift closing's service, as the public shifts name it: "{weekday}-{index}". */
  shiftId: string | null;
  startsAt: Date;
  endsAt: Date;
}

/** What staff ask to close. */
export type ClosingRequest =
  { kind: 'day'; date: LocalDate } | { kind: 'shift'; date: LocalDate; shiftId: string } | { kind: 'range'; startsAt: Date; endsAt: Date };

/** Longest time range one closing may stop online booking for (longer: close days). */
export const MAX_RANGE_DAYS = 31;

const MINUTE_MS = 60_000;

const invalid = (field: string, problem: string, message: string) => new DomainError('validation_error', { errors: { [field]: [problem] } }, message);

/**
 * The span a requested closing covers, from the merchant's shifts: a day from its midnight (or its first time, if
 * earlier) to the next midnight (or past its last seating, when a service runs past midnight); a service from its
 * first to just past its last seating; a range as given.
 */
export function closingSpan(
  request: ClosingRequest,
  merchant: { timezone: string; shifts: Shift[]; specialDays?: readonly SpecialDay[]; settings: { slotIntervalMinutes: number } },
): Omit<Closing, 'id'> {
  const { timezone, settings } = merchant;
  if (request.kind === 'range') {
    if (request.endsAt.getTime() <= request.startsAt.getTime()) throw invalid('ends_at', 'not_after_start', 'ends_at must be after starts_at');
    if (request.endsAt.getTime() - request.startsAt.getTime() > MAX_RANGE_DAYS * 1440 * MINUTE_MS) {
      throw invalid('ends_at', 'too_long', `A range closes at most ${MAX_RANGE_DAYS} days`);
    }
    return { kind: 'range', localDate: localDateOf(request.startsAt, timezone), shiftId: null, startsAt: request.startsAt, endsAt: request.endsAt };
  }
  const date = request.date;
  // A special day's own slots stand for its weekday's shifts, as availability reads them.
  const shifts = shiftsOn(date, merchant.shifts, merchant.specialDays);
  if (request.kind === 'day') {
    const times = bookableTimes(date, timezone, shifts, settings.slotIntervalMinutes);
    const first = Math.min(startOfLocalDay(date, timezone).getTime(), times[0]?.at.getTime() ?? Infinity);
    const end = Math.max(startOfLocalDay(addDaysToLocalDate(date, 1), timezone).getTime(), (times.at(-1)?.at.getTime() ?? 0) + MINUTE_MS);
    return { kind: 'day', localDate: date, shiftId: null, startsAt: new Date(first), endsAt: new Date(end) };
  }
  const match = /^([1-7])-(\d{1,2})$/.exec(request.shiftId);
  const weekday = match ? Number(match[1]) : 0;
  const slot = shifts.find((shift) => shift.day === weekday)?.slots[Number(match?.[2] ?? -1)];
  if (!slot || weekday !== isoWeekdayOf(date)) throw invalid('shift_id', 'unknown_shift', 'No such service on that day');
  const times = bookableTimes(date, timezone, [{ day: weekday, slots: [slot] }], settings.slotIntervalMinutes);
  if (times.length === 0) throw invalid('shift_id', 'unknown_shift', 'No such service on that day');
  return { kind: 'shift', localDate: date, shiftId: request.shiftId, startsAt: times[0]!.at, endsAt: new Date(times.at(-1)!.at.getTime() + MINUTE_MS) };
}

/** The definition's closed days and the days staff closed whole, sorted, each once. */
export function closedDaysWith(closedDays: readonly LocalDate[], closings: readonly Pick<Closing, 'kind' | 'localDate'>[]): LocalDate[] {
  const days = new Set(closedDays);
  for (const closing of closings) if (closing.kind === 'day') days.add(closing.localDate);
  return [...days].sort();
}

/** What a refusal says is closed: the day, a service (`meal`, by its first seating: before 16:00 lunch) or a range. */
export type ClosedDetails = {
  date: LocalDate;
  closed: ClosingKind;
  meal?: 'lunch' | 'dinner';
  /** First and last closed times on the merchant's clock ("HH:mm"): a service's first and last seatings, a range's ends. */
  from?: string;
  until?: string;
};

/** The details of a merchant_closed refusal caused by `closing`. */
export function closedDetails(closing: Closing, timezone: string): ClosedDetails {
  const date = closing.localDate;
  if (closing.kind === 'day') return { date, closed: 'day' };
  const from = localTimeOf(closing.startsAt, timezone);
  if (closing.kind === 'range') return { date, closed: 'range', from, until: localTimeOf(closing.endsAt, timezone) };
  // A service's span ends a minute after its last seating.
  const until = localTimeOf(new Date(closing.endsAt.getTime() - MINUTE_MS), timezone);
  return { date, closed: 'shift', meal: minutesOfLocalTime(from) < 16 * 60 ? 'lunch' : 'dinner', from, until };
}

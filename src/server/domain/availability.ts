import {
  addDaysToLocalDate,
  isoWeekdayOf,
  startOfLocalDay,
  localDateOf,
  localTimeOfMinutes,
  localToInstant,
  minutesOfLocalTime,
} from '../../shared/local-time.ts';
import type { LocalDate, LocalTime } from '../../shared/local-time.ts';
import { shiftsOn, type SpecialDay } from './special-days.ts';
import { seatingsOf, type Seating, type SeatingTable, type SeatingZone } from './seatings.ts';
import { durationForParty, longestDuration, type DurationStep } from '../../shared/floor.ts';

export type { Seating };

/** The merchant settings that shape availability. */
export interface BookingSettings {
  slotIntervalMinutes: number;
  bookingDurationMinutes: number;
  /** Minutes the table waits for a late party: no hold ends before it (absent: 0). */
  keepTableDuration?: number;
  /** The turn time by party size (absent: bookingDurationMinutes for every party). */
  durationByPartySize?: readonly DurationStep[];
  minLeadMinutes: number;
  maxCoversPerSlot: number;
  /** Days past merchant-local today still bookable (absent: DEFAULT_BOOKING_HORIZON_DAYS). */
  bookingHorizonDays?: number;
}

/** Opening hours of one ISO weekday (1 Monday .. 7 Sunday); end is the last seating, may pass midnight. */
export interface Shift {
  day: number;
  slots: Array<{ start: LocalTime; end: LocalTime }>;
}

/** A bookable table and the party sizes it seats (its online flag and priority: seatings.ts). */
export type TableInfo = SeatingTable;

/** A booking that occupies its table (and a combination's other tables): a live draft, or status 10 or 20. */
export interface TableHold {
  tableId: string;
  /** The other tables of a combination it holds (absent or empty: its table alone). */
  joinedTableIds?: readonly string[];
  start: Date;
  end: Date;
  covers: number;
  bookingId?: string;
}

/** One bookable time of a day as the API returns it. */
export interface Slot {
  /** Unix seconds. */
  timestamp: number;
  hour: LocalTime;
  available: boolean;
}

/** Everything availability needs to know about one merchant-local day. */
export interface DayContext {
  date: LocalDate;
  timezone: string;
  now: Date;
  settings: BookingSettings;
  shifts: Shift[];
  closedDays: LocalDate[];
  /** Dates closed with a reason or opened with their own slots instead of their weekday's (absent: none). */
  specialDays?: readonly SpecialDay[];
  tables: readonly TableInfo[];
  /** The zones' combinations of tables (absent: single tables only). */
  zones?: readonly SeatingZone[];
  holds: TableHold[];
  /** Spans no online booking may start in (staff closings); their times are offered as unavailable. */
  closings?: ReadonlyArray<{ startsAt: Date; endsAt: Date }>;
}

/** A bookable time: the instant and the local wall-clock time it was scheduled at. */
export interface BookableTime {
  at: Date;
  hour: LocalTime;
}

const MINUTE_MS = 60_000;

/** How many days ahead a merchant takes bookings when its settings do not say. */
export const DEFAULT_BOOKING_HORIZON_DAYS = 90;

/** The last merchant-local day a booking may be made for: today plus the merchant's horizon. */
export function lastBookableDate(now: Date, timezone: string, settings: Pick<BookingSettings, 'bookingHorizonDays'>): LocalDate {
  return addDaysToLocalDate(localDateOf(now, timezone), settings.bookingHorizonDays ?? DEFAULT_BOOKING_HORIZON_DAYS);
}

/** Whether the merchant opens on a date: a shift that weekday with a slot, and the date not closed. */
export function isDayOpen(date: LocalDate, shifts: Shift[], closedDays: LocalDate[]): boolean {
  if (closedDays.includes(date)) return false;
  const weekday = isoWeekdayOf(date);
  return shifts.some((shift) => shift.day === weekday && shift.slots.length > 0);
}

/** Sorted unique times of a day's shifts, every interval from start to end inclusive (end < start: past midnight), minus DST gaps. */
export function bookableTimes(date: LocalDate, timezone: string, shifts: Shift[], slotIntervalMinutes: number): readonly BookableTime[] {
  // Frozen shifts cannot change under the memo (the floor cache freezes what it hands out); the
  // time-zone arithmetic dominated every call that reads a day's times.
  if (!Object.isFrozen(shifts)) return computeBookableTimes(date, timezone, shifts, slotIntervalMinutes);
  let byDay = timesByShifts.get(shifts);
  if (!byDay) {
    byDay = new Map();
    timesByShifts.set(shifts, byDay);
  }
  const key = `${date}|${timezone}|${slotIntervalMinutes}`;
  let times = byDay.get(key);
  if (!times) {
    times = Object.freeze(computeBookableTimes(date, timezone, shifts, slotIntervalMinutes).map((time) => Object.freeze(time)));
    if (byDay.size >= MAX_DAYS_PER_SHIFTS) byDay.delete(byDay.keys().next().value!);
    byDay.set(key, times);
  }
  return times;
}

const MAX_DAYS_PER_SHIFTS = 2_000;
const timesByShifts = new WeakMap<Shift[], Map<string, readonly BookableTime[]>>();

function computeBookableTimes(date: LocalDate, timezone: string, shifts: Shift[], slotIntervalMinutes: number): BookableTime[] {
  if (!(slotIntervalMinutes > 0)) throw new RangeError(`slotIntervalMinutes must be positive: ${slotIntervalMinutes}`);
  const weekday = isoWeekdayOf(date);
  const byInstant = new Map<number, BookableTime>();
  for (const shift of shifts) {
    if (shift.day !== weekday) continue;
    for (const slot of shift.slots) {
      const start = minutesOfLocalTime(slot.start);
      let end = minutesOfLocalTime(slot.end);
      if (end < start) end += 1440;
      for (let minute = start; minute <= end; minute += slotIntervalMinutes) {
        const day = addDaysToLocalDate(date, Math.floor(minute / 1440));
        const hour = localTimeOfMinutes(minute);
        const at = localToInstant(day, hour, timezone);
        if (at && !byInstant.has(at.getTime())) byInstant.set(at.getTime(), { at, hour });
      }
    }
  }
  return [...byInstant.values()].sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** The day's slots for a party in a zone ('all': any): available when past the lead time, within pacing, with a free fitting table. */
export function daySlots(ctx: DayContext, zoneId: string | 'all', neededSeats: number): Slot[] {
  const shifts = shiftsOn(ctx.date, ctx.shifts, ctx.specialDays);
  if (!isDayOpen(ctx.date, shifts, ctx.closedDays)) return [];
  if (ctx.date > lastBookableDate(ctx.now, ctx.timezone, ctx.settings)) return [];
  const earliest = earliestBookable(ctx.now, ctx.settings);
  return bookableTimes(ctx.date, ctx.timezone, shifts, ctx.settings.slotIntervalMinutes).map(({ at, hour }) => ({
    timestamp: Math.floor(at.getTime() / 1000),
    hour,
    available:
      at.getTime() >= earliest && !isClosedAt(ctx.closings, at) && pacingAllows(ctx, at, neededSeats) && pickTable(ctx, zoneId, neededSeats, at) !== null,
  }));
}

/** Who a table is looked for: staff may be given a table that is not online, and may name one table it must include. */
export interface PickOptions {
  staff?: boolean;
  tableId?: string;
}

/** Minutes a party of partySize holds its table(s): its turn time (durationByPartySize, else bookingDurationMinutes), never less than keepTableDuration. */
export function holdMinutes(
  settings: Pick<BookingSettings, 'bookingDurationMinutes' | 'durationByPartySize' | 'keepTableDuration'>,
  partySize: number,
): number {
  return Math.max(durationForParty(settings, partySize), settings.keepTableDuration ?? 0);
}

/** The longest any party may hold a table under these settings. */
export function longestHoldMinutes(settings: Pick<BookingSettings, 'bookingDurationMinutes' | 'durationByPartySize' | 'keepTableDuration'>): number {
  return Math.max(longestDuration(settings), settings.keepTableDuration ?? 0);
}

/**
 * The best free seating for the party at `at` for its hold minutes, ignoring excludeBookingId's holds, or null: a single
 * table or a combination, every table of it free, fewest empty seats, then higher priority, then fewer tables, then
 * ids (seatings.ts); online ones only unless staff ask, and staff who name no table get one not online only when no
 * online one is free (those are kept for the restaurant's own choice). No lead or pacing check.
 */
export function pickTable(
  ctx: DayContext,
  zoneId: string | 'all',
  neededSeats: number,
  at: Date,
  excludeBookingId?: string,
  options: PickOptions = {},
): Seating | null {
  if (options.staff && options.tableId === undefined) {
    return pickSeating(ctx, zoneId, neededSeats, at, excludeBookingId, {}) ?? pickSeating(ctx, zoneId, neededSeats, at, excludeBookingId, options);
  }
  return pickSeating(ctx, zoneId, neededSeats, at, excludeBookingId, options);
}

function pickSeating(
  ctx: DayContext,
  zoneId: string | 'all',
  neededSeats: number,
  at: Date,
  excludeBookingId: string | undefined,
  options: PickOptions,
): Seating | null {
  const start = at.getTime();
  const end = start + holdMinutes(ctx.settings, neededSeats) * MINUTE_MS;
  const busy = new Set<string>();
  for (const hold of ctx.holds) {
    if (excludeBookingId !== undefined && hold.bookingId === excludeBookingId) continue;
    // Half-open intervals: a hold ending exactly at `at` leaves the table free.
    if (hold.start.getTime() < end && hold.end.getTime() > start) {
      busy.add(hold.tableId);
      for (const id of hold.joinedTableIds ?? []) busy.add(id);
    }
  }
  for (const seating of seatingsOf(ctx.tables, ctx.zones)) {
    if (seating.minSeats > neededSeats || neededSeats > seating.maxSeats) continue;
    if (zoneId !== 'all' && seating.zoneId !== zoneId) continue;
    if (!seating.online && !options.staff) continue;
    if (options.tableId !== undefined && seating.tableId !== options.tableId && !seating.joinedTableIds.includes(options.tableId)) continue;
    if (busy.has(seating.tableId) || seating.joinedTableIds.some((id) => busy.has(id))) continue;
    return seating;
  }
  return null;
}

/** Whether covers of all holds starting at that instant (every zone, minus excludeBookingId) plus the party fit maxCoversPerSlot. */
export function pacingAllows(ctx: DayContext, at: Date, neededSeats: number, excludeBookingId?: string): boolean {
  const t = at.getTime();
  let covers = 0;
  for (const hold of ctx.holds) {
    if (excludeBookingId !== undefined && hold.bookingId === excludeBookingId) continue;
    if (hold.start.getTime() === t) covers += hold.covers;
  }
  return covers + neededSeats <= ctx.settings.maxCoversPerSlot;
}

/** Whether merchant-local today and tomorrow are open with a time at or after now + minLeadMinutes (tables ignored). */
export function openTodayTomorrow(
  now: Date,
  timezone: string,
  shifts: Shift[],
  closedDays: LocalDate[],
  settings: Pick<BookingSettings, 'slotIntervalMinutes' | 'minLeadMinutes'>,
  specialDays?: readonly SpecialDay[],
): { today: boolean; tomorrow: boolean } {
  const earliest = earliestBookable(now, settings);
  const stillBookable = (date: LocalDate): boolean => {
    const dayShifts = shiftsOn(date, shifts, specialDays);
    return (
      isDayOpen(date, dayShifts, closedDays) &&
      bookableTimes(date, timezone, dayShifts, settings.slotIntervalMinutes).some(({ at }) => at.getTime() >= earliest)
    );
  };
  const today = localDateOf(now, timezone);
  return { today: stillBookable(today), tomorrow: stillBookable(addDaysToLocalDate(today, 1)) };
}

/** Whether an online booking may not start at `at`: a staff closing covers it (closings: see closings.ts). */
export function isClosedAt(closings: ReadonlyArray<{ startsAt: Date; endsAt: Date }> | undefined, at: Date): boolean {
  const t = at.getTime();
  return (closings ?? []).some((closing) => closing.startsAt.getTime() <= t && t < closing.endsAt.getTime());
}

/** The lead-time rule: the first instant (unix ms) a booking may start at, now plus the merchant's lead time. */
export function earliestBookable(now: Date, settings: Pick<BookingSettings, 'minLeadMinutes'>): number {
  return now.getTime() + settings.minLeadMinutes * MINUTE_MS;
}

/** Whether a booking at `at` would start inside the merchant's lead time: too soon to book or validate. */
export function startsTooSoon(at: Date, now: Date, settings: Pick<BookingSettings, 'minLeadMinutes'>): boolean {
  return at.getTime() < earliestBookable(now, settings);
}

const windowsByMerchant = new WeakMap<object, Map<LocalDate, { from: Date; to: Date }>>();
const MAX_WINDOWS_PER_MERCHANT = 2_000;

/** The instants whose bookings can bear on a merchant-local day's availability: the day and the next, widened by a booking's length. */
export function holdsWindow(
  { merchant }: { merchant: { timezone: string; settings: Pick<BookingSettings, 'bookingDurationMinutes' | 'durationByPartySize' | 'keepTableDuration'> } },
  date: LocalDate,
): { from: Date; to: Date } {
  // The time-zone arithmetic is worth remembering per cached (frozen, so unchanging) merchant row.
  const byDate = Object.isFrozen(merchant) ? (windowsByMerchant.get(merchant) ?? new Map<LocalDate, { from: Date; to: Date }>()) : undefined;
  const known = byDate?.get(date);
  if (known) return { from: new Date(known.from), to: new Date(known.to) };
  const duration = longestHoldMinutes(merchant.settings) * 60_000;
  const window = {
    from: new Date(startOfLocalDay(date, merchant.timezone).getTime() - duration),
    to: new Date(startOfLocalDay(addDaysToLocalDate(date, 2), merchant.timezone).getTime() + duration),
  };
  if (byDate) {
    if (byDate.size >= MAX_WINDOWS_PER_MERCHANT) byDate.delete(byDate.keys().next().value!);
    byDate.set(date, window);
    windowsByMerchant.set(merchant, byDate);
  }
  return { from: new Date(window.from), to: new Date(window.to) };
}

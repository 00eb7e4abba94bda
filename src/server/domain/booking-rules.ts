/** Checks of a booking request against the merchant, before any table is looked for. */
import { bookableTimes, isClosedAt, isDayOpen, lastBookableDate, startsTooSoon, type DayContext, type TableHold } from './availability.ts';
import { DomainError } from './errors.ts';
import { localDateOf } from '../../shared/local-time.ts';
import { closedDetails } from './closings.ts';
import type { MerchantWithFloor, Zone } from './merchant-floor.ts';
import { shiftsOn } from './special-days.ts';
import { seatingsOf } from './seatings.ts';

/** Refuses merchants that cannot take bookings at all; `details` go with the refusal (the booking page's: whom to call). */
export function assertMerchantBookable({ merchant, tables }: MerchantWithFloor, details?: Record<string, unknown>): void {
  if (!merchant.bookingEnabled) throw new DomainError('booking_not_activated', details);
  const hasShift = merchant.shifts.some((shift) => shift.slots.length > 0) || (merchant.specialDays ?? []).some((day) => day.slots.length > 0);
  if (!hasShift || tables.length === 0) throw new DomainError('booking_setting_not_found', details);
}

/** The zones a diner may choose: the floor's active zones that have a table, in definition order. */
export function zonesWithTables({ zones, tables }: MerchantWithFloor): Zone[] {
  const seated = new Set(tables.map((table) => table.zoneId));
  return zones.filter((zone) => seated.has(zone.id));
}

/**
 * Refuses party sizes outside the merchant's limits, or that no table nor combination could ever seat: online, among
 * the tables offered online; by staff, among every table.
 */
export function assertPartySize(floor: MerchantWithFloor, zoneId: string | 'all', seats: number, { staff = false }: { staff?: boolean } = {}): void {
  const { minClientsPerBookings: min, maxClientsPerBookings: max, maxCoversPerSlot } = floor.merchant.settings;
  if (seats < min) throw new DomainError('error_min_seats', { min }, `At least ${min} guests`);
  if (seats > max) throw new DomainError('error_max_seats', { max }, `At most ${max} guests`);
  const seatings = seatingsOf(floor.tables, floor.zones).filter((seating) => (zoneId === 'all' || seating.zoneId === zoneId) && (staff || seating.online));
  const largest = Math.max(0, ...seatings.map((seating) => seating.maxSeats));
  if (seats > largest || seats > maxCoversPerSlot) {
    throw new DomainError('max_clients_per_booking_exceeded', { max: Math.min(largest, maxCoversPerSlot) });
  }
}

/** Refuses a zone that is neither 'all' nor one of the merchant's active zones. */
export function assertZone(floor: MerchantWithFloor, zoneId: string): void {
  if (zoneId !== 'all' && !floor.zones.some((zone) => zone.id === zoneId)) {
    throw new DomainError('booking_zone_not_exist');
  }
}

/** Refuses a time past the merchant's booking horizon, not one of the day's bookable times, or too close to now. */
export function assertBookableTime(floor: MerchantWithFloor, at: Date, now: Date): void {
  const { merchant } = floor;
  const date = localDateOf(at, merchant.timezone);
  const lastDate = lastBookableDate(now, merchant.timezone, merchant.settings);
  if (date > lastDate) {
    throw new DomainError('booking_too_far_ahead', { lastDate }, `The restaurant takes bookings up to ${lastDate}`);
  }
  const shifts = shiftsOn(date, merchant.shifts, merchant.specialDays);
  const open = isDayOpen(date, shifts, merchant.closedDays);
  const offered =
    open && bookableTimes(date, merchant.timezone, shifts, merchant.settings.slotIntervalMinutes).some((time) => time.at.getTime() === at.getTime());
  if (!offered) throw new DomainError('merchant_closed', { date }, 'The restaurant takes no booking at that time');
  assertNotClosed(floor, at);
  assertLeadTime(floor, at, now);
}

/** Refuses a booking starting sooner than the merchant's lead time (a new one, or a draft made firm late). */
export function assertLeadTime({ merchant }: Pick<MerchantWithFloor, 'merchant'>, at: Date, now: Date): void {
  if (startsTooSoon(at, now, merchant.settings)) {
    throw new DomainError('last_minute_booking_not_allowed', { minLeadMinutes: merchant.settings.minLeadMinutes });
  }
}

/**
 * Refuses an online booking starting inside a closing staff made (staff's own bookings do not ask), naming what is
 * closed: the day, a service (lunch or dinner, by its first seating) or a time range on the merchant's clock.
 */
export function assertNotClosed(floor: Pick<MerchantWithFloor, 'merchant' | 'closings'>, at: Date): void {
  const closing = (floor.closings ?? []).find((candidate) => isClosedAt([candidate], at));
  if (closing) throw new DomainError('merchant_closed', closedDetails(closing, floor.merchant.timezone), 'The restaurant takes no online booking at that time');
}

/** The availability context of one merchant-local day (the floor's own tables: the domain only reads them). */
export function dayContext(floor: MerchantWithFloor, date: string, now: Date, holds: TableHold[]): DayContext {
  const { merchant, tables } = floor;
  return {
    date,
    timezone: merchant.timezone,
    now,
    settings: merchant.settings,
    shifts: merchant.shifts,
    closedDays: merchant.closedDays,
    specialDays: merchant.specialDays,
    tables,
    zones: floor.zones,
    holds,
    closings: floor.closings,
  };
}

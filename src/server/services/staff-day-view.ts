/**
 * The staff book's day as GET /api/pro/{slug}/bookings answers it, serialized once per state of the day: the host
 * stand's tablets and phones read the same day again and again, and 400 bookings are 250 kB of JSON.
 */
import { addDaysToLocalDate, startOfLocalDay, type LocalDate } from '../../shared/local-time.ts';
import type { StaffDayResponse, StaffBookingRow } from '../../shared/api/staff.ts';
import type { Database } from '../db/database.ts';
import { peekMerchantFloor } from '../db/merchant-store.ts';
import { dayBook } from '../db/staff-book.ts';
import type { MerchantWithFloor } from '../domain/merchant-floor.ts';
import { coversPerTime } from '../domain/staff-covers.ts';
import { floorZones, servicesOfDay } from '../domain/staff-day.ts';

/** Most days kept serialized (about 250 kB each at 400 bookings). */
const MAX_DAYS = 100;

/** The merchant a day view is read for. */
interface DayMerchant {
  id: string;
  slug: string;
  timezone: string;
}

/** The day view without its `server_time`, which every answer adds. */
type DayBody = Omit<StaffDayResponse, 'server_time'>;

/** The day's answer from its parts (the floor gives the services, closings and zones). */
export function dayBody(floor: MerchantWithFloor, merchant: DayMerchant, day: LocalDate, bookings: readonly StaffBookingRow[]): DayBody {
  const from = startOfLocalDay(day, merchant.timezone).getTime();
  const to = startOfLocalDay(addDaysToLocalDate(day, 1), merchant.timezone).getTime();
  const closings = (floor.closings ?? [])
    .filter((closing) => closing.endsAt.getTime() > from && closing.startsAt.getTime() < to)
    .map((closing) => ({
      id: closing.id,
      kind: closing.kind,
      day: closing.localDate,
      shift_id: closing.shiftId,
      starts_at: closing.startsAt.toISOString(),
      ends_at: closing.endsAt.toISOString(),
    }));
  return {
    success: true,
    day,
    timezone: merchant.timezone,
    bookings: bookings as StaffBookingRow[],
    covers: coversPerTime(bookings, floor.merchant.settings.maxCoversPerSlot),
    // The day's services (what a shift closing names) and the closings touching it, for the book to draw.
    services: servicesOfDay(floor.merchant.shifts, day, floor.merchant.specialDays),
    closings,
    zones: floorZones(floor),
    slot_minutes: floor.merchant.settings.slotIntervalMinutes,
    duration_minutes: floor.merchant.settings.bookingDurationMinutes,
  };
}

/** Reads staff days as JSON bytes, serializing a day again only when its floor or its bookings changed. */
export function createStaffDayView(deps: { db: Database; loadFloor: (slug: string) => Promise<MerchantWithFloor> }) {
  // The floor cache and the day-book cache hand back the same frozen objects while nothing changed: the
  // same pair means the same answer.
  const serialized = new Map<string, { floor: MerchantWithFloor; bookings: readonly StaffBookingRow[]; json: Buffer }>();

  /** The day's answer as UTF-8 JSON in two parts to send one after the other, `server_time` first. */
  async function read(merchant: DayMerchant, day: LocalDate, now: Date): Promise<readonly [Buffer, Buffer]> {
    const peeked = peekMerchantFloor(deps.db, merchant.slug);
    const { bookings, merchantVersion } = await dayBook(deps.db, merchant, day);
    // Shared database: the day's read came with the merchant row's version, which vouches for a cached floor.
    const floor = peeked && peeked.version === merchantVersion ? peeked.floor : await deps.loadFloor(merchant.slug);
    const key = `${merchant.id}|${day}`;
    let entry = serialized.get(key);
    if (entry?.floor !== floor || entry.bookings !== bookings) {
      entry = { floor, bookings, json: Buffer.from(JSON.stringify(dayBody(floor, merchant, day, bookings))) };
      serialized.delete(key);
      if (serialized.size >= MAX_DAYS) serialized.delete(serialized.keys().next().value!);
      serialized.set(key, entry);
    }
    // `{"server_time":"…",` then the cached body after its opening brace, not copied: 250 kB per request add up.
    return [Buffer.from(`{"server_time":${JSON.stringify(now.toISOString())},`), entry.json.subarray(1)];
  }

  return { read };
}

/** The staff day views of one server. */
export type StaffDayView = ReturnType<typeof createStaffDayView>;

/** What is read of bookings and floors: a booking (finished on the way once past), the day's availability, calendars. */
import { holdsWindow, type Slot, type TableHold } from '../domain/availability.ts';
import { assertMerchantBookable, assertPartySize, assertZone, zonesWithTables } from '../domain/booking-rules.ts';
import { floorDaySlots } from '../domain/day-slots.ts';
import type { MerchantWithFloor, Zone } from '../domain/merchant-floor.ts';
import { isConfirmed } from '../../shared/booking-life-cycle.ts';
import type { Lang } from '../../shared/langs.ts';
import type { LocalDate } from '../../shared/local-time.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { holdRowsReaderOf } from '../db/batched-hold-reads.ts';
import { findCurrentBooking, liveHolds, type BookingRow } from '../db/booking-store.ts';
import { peekMerchantFloor } from '../db/merchant-store.ts';
import { bookingIcs, downloadScheduling } from '../mail/booking-ics.ts';
import type { BookingWriter } from './booking-write.ts';

/** The booking queries; `finishIfPast` is the system's command a read of a past booking runs. */
export function createBookingQueries(w: BookingWriter, finishIfPast: (booking: BookingRow) => Promise<BookingRow>) {
  const { db, deps } = w;

  /**
   * Reads a booking; a confirmed booking whose time has passed is finished on the way. The token alone reads it,
   * whoever calls (it is the view link): what the caller then sees is the diner's view's business.
   */
  async function get(slug: string, token: string): Promise<{ floor: MerchantWithFloor; booking: BookingRow }> {
    const floor = await w.loadFloor(slug);
    let booking = await w.loadBooking(floor, token);
    if (isConfirmed(booking.status) && booking.endsAt < deps.now()) booking = await finishIfPast(booking);
    return { floor, booking };
  }

  /** The bookings holding a table at `now` that bear on a merchant-local day's availability. */
  function dayHolds(floor: MerchantWithFloor, date: LocalDate, now: Date): Promise<TableHold[]> {
    const { from, to } = holdsWindow(floor, date);
    return w.holdsCache.holds(floor.merchant.id, from, to, now);
  }

  /** A merchant's floor and the holds bearing on one of its days, in one round trip when the floor is cached. */
  async function dayAvailability(slug: string, date: LocalDate, now: Date): Promise<{ floor: MerchantWithFloor; holds: TableHold[] }> {
    const peeked = peekMerchantFloor(db, slug);
    if (peeked) {
      // Shared database: the holds come with the merchant's version, which vouches for the cached floor.
      const { from, to } = holdsWindow(peeked.floor, date);
      const { version, rows } = await holdRowsReaderOf(db)(peeked.floor.merchant.id, from, to);
      if (version === peeked.version) return { floor: peeked.floor, holds: liveHolds(rows, now) };
    }
    const floor = await w.loadFloor(slug);
    return { floor, holds: await dayHolds(floor, date, now) };
  }

  /** A merchant's floor for its booking page; refused, with the merchant's phone, when it takes no booking. */
  async function bookableFloor(slug: string): Promise<MerchantWithFloor> {
    const floor = await w.loadFloor(slug);
    assertMerchantBookable(floor, { phone: floor.merchant.phone });
    return floor;
  }

  /** The zones a diner may choose at a merchant that takes bookings. */
  async function bookingZones(slug: string): Promise<Zone[]> {
    const floor = await w.loadFloor(slug);
    assertMerchantBookable(floor);
    return zonesWithTables(floor);
  }

  /** The bookable times of a merchant-local day for a party in a zone ('all': any), after the request's checks. */
  async function slots(slug: string, date: LocalDate, zoneId: string | 'all', neededSeats: number): Promise<readonly Slot[]> {
    const now = deps.now();
    const { floor, holds } = await dayAvailability(slug, date, now);
    assertMerchantBookable(floor);
    assertZone(floor, zoneId);
    assertPartySize(floor, zoneId, neededSeats);
    return floorDaySlots(floor, date, now, holds, zoneId, neededSeats);
  }

  /** A booking as an RFC 5545 calendar in the diner's language (the token alone reads it). */
  async function calendar(slug: string, token: string, lang: Lang): Promise<string> {
    const { floor, booking } = await get(slug, token);
    const zone = floor.merchant.settings.showZone ? floor.zones.find((candidate) => candidate.id === booking.zoneId) : undefined;
    return bookingIcs(booking, floor.merchant, zone?.name, lang, downloadScheduling(booking, floor.merchant));
  }

  /** The signed-in diner's coming booking at this merchant, if any. */
  async function currentBookingToken(merchantId: string, user: SessionUser | undefined): Promise<string | null> {
    if (!user) return null;
    const booking = await findCurrentBooking(db, merchantId, user.id, deps.now());
    // A session scoped to one booking (a guest's, or a manage link's) reaches no other booking of its diner.
    if (user.sessionBookingId && booking?.id !== user.sessionBookingId) return null;
    return booking?.token ?? null;
  }

  return { get, loadFloor: w.loadFloor, dayHolds, dayAvailability, bookableFloor, bookingZones, slots, calendar, currentBookingToken };
}

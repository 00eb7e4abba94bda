/** What the booking messages read at send time: a day's list for the restaurant, a booking's manage key. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { LIVE_STATUSES } from '../../shared/booking-life-cycle.ts';
import type { BookingRow } from './booking-store.ts';
import type { Database } from './database.ts';
import { bookings } from './schema.ts';

/** A merchant's pending and confirmed bookings of a merchant-local day, by time (the evening list). */
export function comingBookingsOfDay(db: Database, merchantId: string, day: string): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(and(eq(bookings.merchantId, merchantId), eq(bookings.localDate, day), inArray(bookings.status, [...LIVE_STATUSES])))
    .orderBy(asc(bookings.startsAt));
}

/** A booking's manage key (the diner's messages carry it in the link's fragment), if the booking exists. */
export async function manageKeyOf(db: Database, bookingId: string): Promise<string | undefined> {
  const [row] = await db.select({ manageKey: bookings.manageKey }).from(bookings).where(eq(bookings.id, bookingId));
  return row?.manageKey;
}

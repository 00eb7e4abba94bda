/** What the booking messages read at send time: a day's list for the restaurant (the manage key comes with the claim). */
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

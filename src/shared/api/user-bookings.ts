/** The signed-in account's bookings, POST /api/front/user/bookings: what the server lists and the account page shows. */
import type { BookingStatusCode } from '../booking-status.ts';

/** A validated booking's status code (src/shared/booking-status.ts): drafts are never listed. */
export type UserBookingStatus = BookingStatusCode;

/** One of the account's bookings, its time written in its merchant's time zone. */
export interface UserBooking {
  token: string;
  ref: string;
  status: UserBookingStatus;
  merchant: { slug: string; name: string; timezone: string };
  /** The start, unix seconds. */
  bookingForTimestamp: number;
  /** The merchant-local date of the start, YYYY-MM-DD. */
  bookingForDate: string;
  /** The merchant-local time of the start, HH:MM. */
  bookingForHour: string;
  clientCount: number;
  /** The zone's name when the merchant shows zones, else null. */
  zoneName: string | null;
}

/** The answer: coming bookings (pending or confirmed, not ended) soonest first, then the others latest first. */
export interface UserBookingsResponse {
  success: true;
  coming: UserBooking[];
  past: UserBooking[];
}

/** How many bookings of each group the call answers at most, unless the request asks for fewer. */
export const USER_BOOKINGS_LIMIT = 50;

/** The signed-in account's bookings, POST /api/front/user/bookings: what the server lists and the account page shows. */
import type { z } from 'zod';
import type { userBookingSchema, userBookingsResponseSchema } from './user-bookings-schema.ts';
import type { BookingStatusCode } from '../booking-status.ts';

/** A validated booking's status code (src/shared/booking-status.ts): drafts are never listed. */
export type UserBookingStatus = BookingStatusCode;

/** One of the account's bookings, its time written in its merchant's time zone. */
export type UserBooking = z.infer<typeof userBookingSchema>;

/** The answer: coming bookings (pending or confirmed, not ended) soonest first, then the others latest first. */
export type UserBookingsResponse = z.infer<typeof userBookingsResponseSchema>;

/** How many bookings of each group the call answers at most, unless the request asks for fewer. */
export const USER_BOOKINGS_LIMIT = 50;

/** A booking as the API returns it (spec section 3), and what create sends. */
import type { z } from 'zod';
import type {
  bookingClientSchema,
  bookingResponseSchema,
  bookingSchema,
  createBookingResponseSchema,
  getBookingResponseSchema,
  icsResponseSchema,
  updateUserResponseSchema,
} from './booking-schema.ts';
import type { Lang } from '../langs.ts';

/** The diner a booking belongs to. */
export type BookingClient = z.infer<typeof bookingClientSchema>;

/** A booking as the API returns it (section 3); a draft not yet validated has status null. */
export type Booking = z.infer<typeof bookingSchema>;

/** create. */
export type CreateBookingResponse = z.infer<typeof createBookingResponseSchema>;

/** get. */
export type GetBookingResponse = z.infer<typeof getBookingResponseSchema>;

/** validate, cancel and set_comment: the booking as it now is. */
export type BookingResponse = z.infer<typeof bookingResponseSchema>;

/** update_user. */
export type UpdateUserResponse = z.infer<typeof updateUserResponseSchema>;

/** GET export_ical/{merchant}/{token}. */
export type IcsResponse = z.infer<typeof icsResponseSchema>;

/** What create sends (booking payload of section 3). */
export interface CreateBookingRequest {
  token: string | null;
  merchant_slug: string;
  /** Unix seconds of the chosen slot. */
  datetime: number;
  booking_zone_id: string;
  client_count: number;
  lang?: Lang;
}

/** The signed-in account's bookings, POST /api/front/user/bookings, as zod (the types are in user-bookings.ts). */
import { z } from 'zod';
import { bookingStatusSchema } from './booking-schema.ts';
import { success } from './common-schema.ts';

/** One of the account's bookings, its time written in its merchant's time zone. */
export const userBookingSchema = z.object({
  token: z.string(),
  ref: z.string(),
  status: bookingStatusSchema,
  merchant: z.object({ slug: z.string(), name: z.string(), timezone: z.string() }),
  bookingForTimestamp: z.number().int().describe('The start, unix seconds'),
  bookingForDate: z.string().describe('The merchant-local date of the start, YYYY-MM-DD'),
  bookingForHour: z.string().describe('The merchant-local time of the start, HH:MM'),
  clientCount: z.number().int(),
  zoneName: z.string().nullable().describe('The zone\u2019s name when the merchant shows zones, else null'),
});

/** The answer: coming bookings (pending or confirmed, not ended) soonest first, then the others latest first. */
export const userBookingsResponseSchema = success({ coming: z.array(userBookingSchema), past: z.array(userBookingSchema) });

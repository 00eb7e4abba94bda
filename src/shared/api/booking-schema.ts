/** A booking as the API returns it (spec section 3) and the booking calls' answers, as zod (the types are in booking.ts). */
import { z } from 'zod';
import { BookingStatus } from '../booking-status.ts';
import { apiImageSchema, success } from './common-schema.ts';
import { merchantSchema, shiftSchema, themeSchema } from './merchant-schema.ts';

/** A booking status code: 10 pending, 20 confirmed, 25 refused or cancelled by the restaurant, 30 finished, 40 cancelled. */
export const bookingStatusSchema = z.literal(Object.values(BookingStatus));

/** The diner a booking belongs to. */
export const bookingClientSchema = z.object({
  firstname: z.string(),
  lastname: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  avatar: apiImageSchema,
});

/** A booking as the API returns it (section 3); a draft not yet validated has status null. */
export const bookingSchema = z
  .object({
    token: z.string(),
    ref: z.string(),
    status: bookingStatusSchema.nullable(),
    merchantSlug: z.string(),
    bookingForTimestamp: z.number().int().describe('Unix seconds of the booked time'),
    bookingForTimestampDay: z.number().int().describe('Unix seconds of the start of the booked (merchant-local) day'),
    bookingForDate: z.string().describe('The merchant-local booked day, YYYY-MM-DD'),
    bookingForLong: z.string().describe('The booked day written out in the answer\u2019s language'),
    bookingForHour: z.string(),
    bookingEndsAtTimestamp: z.number().int(),
    clientCount: z.number().int(),
    bookingZone: z.object({ id: z.string(), name: z.string() }),
    showZone: z.boolean(),
    comment: z.string(),
    calendarUrl: z.string(),
    showUnavailableMerchant: z.boolean(),
    gif: apiImageSchema,
    bookingCancelReason: z.string().nullable(),
    bookingCancelMessage: z.string().nullable(),
    bookingClient: bookingClientSchema.nullable(),
    holdExpiresAt: z.number().int().nullable().describe('Unix seconds when a draft\u2019s table hold lapses; null once validated'),
    createdAt: z.number().int(),
    revision: z.number().int().describe('Grows by one with every write of the booking; UpdateBooking carries it too'),
    canManage: z.boolean().optional().describe('Whether the caller\u2019s bearer may change, comment and cancel it'),
    changeAwaitsAnswer: z.boolean().optional().describe('Pending because the diner changed it: the change awaits the restaurant\u2019s answer'),
  })
  .meta({ id: 'Booking' });

/** create. */
export const createBookingResponseSchema = success({ token: z.string(), booking: bookingSchema });

/** get. */
export const getBookingResponseSchema = success({ theme: themeSchema, merchant: merchantSchema, booking: bookingSchema });

/** validate, cancel and set_comment: the booking as it now is. */
export const bookingResponseSchema = success({ booking: bookingSchema });

/** update_user. */
export const updateUserResponseSchema = success({
  booking: bookingSchema,
  shifts: z.array(shiftSchema),
  theme: themeSchema,
  merchant: merchantSchema,
  currentBookingToken: z.string().nullable(),
});

/** GET export_ical/{merchant}/{token}. */
export const icsResponseSchema = success({ ics: z.string() });

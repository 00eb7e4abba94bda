/** Request pieces shared by the booking calls, validated at the boundary. */
import { z } from 'zod';
import { isLocalDate } from '../../shared/local-time.ts';
import { LANGS } from '../../shared/langs.ts';

// PostgreSQL cannot store NUL, and no name or date of ours holds a control character.
const noControlCharacters = (text: string) => !/[\u0000-\u001f\u007f]/.test(text);
// The last instant a booking may name: the numeric and ISO forms share it, and every local date before it is safe.
const LATEST_BOOKING_SECONDS = 4_102_444_800;

/** A merchant slug as it may appear in a request (its existence is checked later). */
export const merchantSlug = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine(noControlCharacters, 'control characters are not allowed')
  .describe('The merchant URL name');
/**
 * A booking token: letters, digits, '-' and '_'. Of any length up to 64, since a link cut short (`/validate/abc`) names
 * no booking and is answered booking_not_found like any other unknown token, not as a validation error.
 */
export const bookingToken = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'not a booking token')
  .describe('The booking token');
/** A merchant-local date. */
export const localDate = z
  .string()
  .refine((date) => isLocalDate(date) && date >= '1970-01-01' && date < '2100-01-01', 'expected a date YYYY-MM-DD from 1970 to 2099')
  .describe('Merchant-local date, YYYY-MM-DD');
/** A party size (a number, or digits as text); the merchant's own limits are checked by the domain (error_min_seats / error_max_seats). */
export const seats = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{1,7}$/, 'expected a whole number')
      .transform(Number),
  ])
  .pipe(z.number().int().min(0).max(1_000_000));
/** A diner's free text (a comment): trimmed, without NUL. */
export const freeText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => !text.includes('\u0000'), 'NUL characters are not allowed')
    .transform((text) => text.trim());
/** The language the answer's texts are written in (else Accept-Language, else fr). */
export const lang = z.enum(LANGS).optional().describe('Language of texts in the answer');
/** A zone id or 'all'. */
export const zoneId = z.union([z.literal('all'), z.uuid()]).describe("A zone id, or 'all'");
/** A booking time: unix seconds, or an ISO 8601 date-time with an offset. */
export const dateTime = z
  .union([z.number().int().min(0).max(LATEST_BOOKING_SECONDS), z.iso.datetime({ offset: true }), z.string().regex(/^\d{9,10}$/)])
  .transform((value) => (typeof value === 'number' ? new Date(value * 1000) : /^\d+$/.test(value) ? new Date(Number(value) * 1000) : new Date(value)))
  .refine((date) => date.getTime() <= LATEST_BOOKING_SECONDS * 1000, 'expected a time before 2100')
  .describe('Booking time: unix seconds (a slot timestamp) or ISO 8601 with offset');
/** Body of every call that names a booking of a merchant. */
export const bookingRef = z.object({ token: bookingToken, merchant_slug: merchantSlug, lang });

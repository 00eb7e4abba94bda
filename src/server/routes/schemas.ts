/** Request pieces shared by the booking calls, validated at the boundary. */
import { z } from 'zod';
import { isLocalDate } from '../domain/local-time.ts';
import { LANGS } from '../domain/lang.ts';

/** A merchant slug as it may appear in a request (its existence is checked later). */
export const merchantSlug = z.string().trim().min(1).max(64).describe('The merchant URL name');
/** A booking token. */
export const bookingToken = z.string().trim().min(16).max(64).regex(/^[A-Za-z0-9_-]+$/, 'not a booking token').describe('The booking token');
/** A merchant-local date. */
export const localDate = z.string().refine(isLocalDate, 'expected a date YYYY-MM-DD').describe('Merchant-local date, YYYY-MM-DD');
/** A party size; the merchant's own limits are checked by the domain (error_min_seats / error_max_seats). */
export const seats = z.coerce.number().int().min(0).max(1_000_000);
/** The language the answer's texts are written in (else Accept-Language, else fr). */
export const lang = z.enum(LANGS).optional().describe('Language of texts in the answer');
/** A zone id or 'all'. */
export const zoneId = z.union([z.literal('all'), z.uuid()]).describe("A zone id, or 'all'");
/** A booking time: unix seconds, or an ISO 8601 date-time with an offset. */
export const dateTime = z
  .union([z.number().int().min(0).max(4_102_444_800), z.iso.datetime({ offset: true }), z.string().regex(/^\d{9,10}$/)])
  .transform((value) => (typeof value === 'number' ? new Date(value * 1000) : /^\d+$/.test(value) ? new Date(Number(value) * 1000) : new Date(value)))
  .describe('Booking time: unix seconds (a slot timestamp) or ISO 8601 with offset');
/** Body of every call that names a booking of a merchant. */
export const bookingRef = z.object({ token: bookingToken, merchant_slug: merchantSlug, lang });

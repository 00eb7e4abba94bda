/** Sessions scoped to one booking: what no_account gives a guest, and what the manage key is exchanged for. */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { createSession } from './sessions.ts';

/** A booking session lasts until a day after its booking ends (it has no refresh token), and at least the access TTL. */
const GRACE_MS = 24 * 3600 * 1000;

/** What a booking-scoped session answers: the usual token fields. */
export interface BookingSessionAnswer {
  success: true;
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

/** How long a bearer reaching `booking` lasts, in seconds. */
export function bookingSessionTtlSeconds(booking: { endsAt: Date }, now: Date, accessTtlSeconds: number): number {
  return Math.max(accessTtlSeconds, Math.ceil((booking.endsAt.getTime() + GRACE_MS - now.getTime()) / 1000));
}

/** The answer handing a booking's bearer over. */
export function bookingSessionAnswer(token: string, ttlSeconds: number): BookingSessionAnswer {
  return { success: true, access_token: token, token_type: 'Bearer', expires_in: ttlSeconds };
}

/** Issues a bearer of `userId` that reaches only `booking`. */
export async function createBookingSession(
  db: Database,
  userId: string,
  booking: { id: string; endsAt: Date },
  { now, accessTtlSeconds }: { now: Date; accessTtlSeconds: number },
): Promise<BookingSessionAnswer> {
  const ttlSeconds = bookingSessionTtlSeconds(booking, now, accessTtlSeconds);
  const session = await createSession(db, userId, { now, ttlSeconds, bookingId: booking.id });
  return bookingSessionAnswer(session.token, ttlSeconds);
}

/** Whether `given` is the booking's manage key, compared in constant time (hashes first, so lengths never tell). */
export function manageKeyMatches(stored: string, given: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(stored), digest(given));
}

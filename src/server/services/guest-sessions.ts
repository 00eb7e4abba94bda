/** Continuing as a guest on a booking (spec section 7, no_account), under the capability model of docs/security.md. */
import type { ContactDetails } from '../auth/contact-details.ts';
import { bookingSessionAnswer, bookingSessionTtlSeconds, createBookingSession, type BookingSessionAnswer } from '../auth/booking-session.ts';
import { sendIdentityCode, type IdentityCodeDeps } from '../auth/identity-code-delivery.ts';
import { checkIdentityCode } from '../auth/identity-proof.ts';
import { mintBearer } from '../auth/sessions.ts';
import { findBookingByTokenOnly } from '../db/booking-store.ts';
import { takeDraftAsGuest } from '../db/guest-draft.ts';
import { findUserById } from '../db/user-store.ts';
import { DomainError } from '../domain/errors.ts';

/** What a guest session needs besides the database and the code's senders. */
export interface GuestSessionDeps extends IdentityCodeDeps {
  now: () => Date;
  accessTtlSeconds: number;
  /** Counts one code sent for this booking; the seconds to wait when over the limit, else 0. */
  countCodeSent: () => Promise<number>;
}

/** What the diner sent: their details, the booking's token, and the code when they were asked for one. */
export interface GuestSessionRequest {
  bookingToken: string;
  details: ContactDetails;
  code?: string;
}

/** A session for the booking, or how long to wait before another code may be sent. */
export type GuestSessionOutcome = { session: BookingSessionAnswer } | { retryAfterSeconds: number };

/**
 * A fresh draft takes the guest and their details. A booking that already has a guest is that guest's: the
 * caller proves it with a code sent to them, and their details are never replaced. An account's booking: sign in.
 */
export async function startGuestSession(deps: GuestSessionDeps, request: GuestSessionRequest): Promise<GuestSessionOutcome> {
  const { db } = deps;
  const booking = await findBookingByTokenOnly(db, request.bookingToken);
  if (!booking) throw new DomainError('booking_not_found');
  const at = deps.now();
  const sessionOptions = { now: at, accessTtlSeconds: deps.accessTtlSeconds };
  const owner = booking.userId ? await findUserById(db, booking.userId) : undefined;
  if (owner && !owner.anonymous) throw new DomainError('booking_forbidden');
  if (owner) {
    const code = request.code?.trim();
    if (!code) {
      const wait = await deps.countCodeSent();
      if (wait > 0) return { retryAfterSeconds: wait };
      const sentTo = await sendIdentityCode(deps, booking, owner, at);
      throw new DomainError('identity_proof_required', { sent_to: sentTo }, 'A code was sent to the booking\u2019s phone: send it back as `code`.');
    }
    if (!(await checkIdentityCode(db, booking.id, code, at))) throw new DomainError('identity_proof_invalid');
    return { session: await createBookingSession(db, owner.id, booking, sessionOptions) };
  }
  const { firstname, lastname, phone, email } = request.details;
  const ttlSeconds = bookingSessionTtlSeconds(booking, at, deps.accessTtlSeconds);
  const { token, tokenHash, expiresAt } = mintBearer(at, ttlSeconds);
  const taken = await takeDraftAsGuest(db, { bookingId: booking.id, firstname, lastname, phone, anonymousEmail: email ?? null, tokenHash, expiresAt, now: at });
  // Two guests racing for one fresh draft: the first to give it a diner has it, the other must prove to be them.
  if (!taken) throw new DomainError('booking_forbidden', undefined, 'This booking has just been taken up');
  return { session: bookingSessionAnswer(token, ttlSeconds) };
}

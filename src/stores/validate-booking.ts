/**
 * Validate's actions on $booking (booking.ts): entering the page ties the booking to the signed-in diner, and Validate
 * makes it firm; failures lead as section 8 says. Only Validate needs them (and the account API they use).
 */
import type { Lang } from '../i18n/t.ts';
import { accountApi, type AccountApi } from '../lib/api/account-api.ts';
import { bookingApi, type BookingApi } from '../lib/api/booking-api.ts';
import { AUTH_PATHS, bookingCompletePath, bookingHomePath } from '../lib/navigation/routes.ts';
import { $auth, handleUnauthorized } from './auth.ts';
import { $bookingToken, failureOf, seatVars, takeBooking, type BookingOutcome } from './booking.ts';
import { $merchantSlug, takeMerchant } from './merchant.ts';

/** Where a Validate failure leads (section 8): already_done to complete, canceled to home, no_phone to onboarding, 401 to NoAuth; else a message. */
export function validateFailure(error: unknown, merchantSlug: string, token: string): BookingOutcome {
  const { code, status, body } = failureOf(error);
  if (status === 401) return { ok: false, code: 'unauthenticated', to: handleUnauthorized() };
  if (code === 'already_done') return { ok: false, code, to: bookingCompletePath(merchantSlug, token) };
  if (code === 'canceled') return { ok: false, code, to: bookingHomePath(merchantSlug) };
  if (code === 'no_phone') return { ok: false, code, to: AUTH_PATHS.onboarding };
  if (code === 'error_min_seats' || code === 'error_max_seats') return { ok: false, code, to: null, vars: seatVars(body) };
  return { ok: false, code, to: null };
}

/**
 * On entering Validate: ties the booking to the signed-in diner (update_user); failures lead as section 8 says. A
 * guest session refused for this booking (one stored before guest sessions named their booking) is no session for
 * it: signed out, the diner goes to NoAuth rather than back and forth between Validate and the sign-in pages.
 */
export async function enterValidate(
  slug: string,
  token: string,
  lang?: Lang,
  api: Pick<BookingApi, 'updateBookingUser'> = bookingApi,
  accounts: Pick<AccountApi, 'getUser'> = accountApi,
): Promise<BookingOutcome> {
  try {
    const answer = await api.updateBookingUser(token, slug, lang);
    takeMerchant(answer);
    takeBooking(answer.booking);
    return { ok: true, to: null };
  } catch (error) {
    if (failureOf(error).code === 'booking_forbidden' && (await isGuestSession(accounts))) {
      return { ok: false, code: 'unauthenticated', to: handleUnauthorized() };
    }
    return validateFailure(error, slug, token);
  }
}

async function isGuestSession(accounts: Pick<AccountApi, 'getUser'>): Promise<boolean> {
  if ($auth.get().guestBooking !== null) return true;
  try {
    return (await accounts.getUser()).user.anonymous;
  } catch {
    return false;
  }
}

/** Validate: makes the held booking firm, then BookingComplete; failures lead as section 8 says. */
export async function validateCurrentBooking(lang?: Lang, api: Pick<BookingApi, 'validateBooking'> = bookingApi): Promise<BookingOutcome> {
  const slug = $merchantSlug.get();
  const token = $bookingToken.get();
  if (!slug || !token) return { ok: false, code: 'booking_not_found', to: null };
  try {
    const { booking } = await api.validateBooking(token, slug, lang);
    takeBooking(booking);
    return { ok: true, to: bookingCompletePath(slug, token) };
  } catch (error) {
    return validateFailure(error, slug, token);
  }
}

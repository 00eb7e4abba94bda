/** $myBookings: the signed-in account's bookings for the account page, with signing in to it and signing out of it. */
import { atom } from 'nanostores';
import { failureCodeOf, isApiError } from '../lib/api/api-client.ts';
import type { FailureCode } from '../shared/api/outcome.ts';
import { myBookingsApi, type MyBookingsApi } from '../lib/api/my-bookings-api.ts';
import { bookingHomePath, NOT_FOUND_PATH } from '../lib/navigation/routes.ts';
import { getCurrentMerchant, setReturnPath } from '../lib/platform/storage.ts';
import type { UserBooking } from '../shared/api/user-bookings.ts';
import { $auth, hasAccountSession, signOut } from './auth.ts';

/** The account page's list: loading, shown, failed, or nobody signed in with an account. */
export type MyBookingsState =
  { status: 'loading' } | { status: 'ready'; coming: UserBooking[]; past: UserBooking[] } | { status: 'error'; code: FailureCode } | { status: 'signed-out' };

/** The account's bookings as the account page shows them. */
export const $myBookings = atom<MyBookingsState>({ status: 'loading' });

/** Loads the account's bookings; a refused or missing session leaves the list signed out (a stale or guest bearer is forgotten; guests' kept copies stay). */
export async function loadMyBookings(api: Pick<MyBookingsApi, 'getUserBookings'> = myBookingsApi): Promise<void> {
  if (!hasAccountSession()) {
    $myBookings.set({ status: 'signed-out' });
    return;
  }
  $myBookings.set({ status: 'loading' });
  try {
    const { coming, past } = await api.getUserBookings();
    $myBookings.set({ status: 'ready', coming, past });
  } catch (error) {
    // 401: the session is over; 403: a guest's bearer the browser took for an account's. Either way no account is signed in.
    if (isApiError(error) && (error.status === 401 || error.status === 403)) {
      signOut();
      $myBookings.set({ status: 'signed-out' });
    } else {
      $myBookings.set({ status: 'error', code: failureCodeOf(error) });
    }
  }
}

/**
 * Signs the account out: the server revokes the bearer and its refresh token (signed out here even when it cannot be
 * reached), both are forgotten, guests' per-booking bearers stay. Returns where to go: the current merchant's home, else the root.
 */
export async function signOutOfAccount(api: Pick<MyBookingsApi, 'logout'> = myBookingsApi): Promise<string> {
  const { bearer } = $auth.get();
  if (bearer) await api.logout(bearer).catch(() => undefined);
  signOut();
  setReturnPath(null);
  $myBookings.set({ status: 'signed-out' });
  const merchant = getCurrentMerchant();
  return merchant ? bookingHomePath(merchant) : NOT_FOUND_PATH;
}

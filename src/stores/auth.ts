/** $auth: the session (signed in when a bearer is stored) and what changes it; the sign-in forms' actions are in sign-in.ts. */
import { map } from 'nanostores';
import { AUTH_PATHS } from '../lib/navigation/routes.ts';
import {
  getBearer,
  getGuestBearer,
  getGuestBooking,
  getRefreshToken,
  setBearer,
  setGuestBooking,
  setRefreshToken,
  setReturnPath,
} from '../lib/platform/storage.ts';

/** Signed in when a bearer is stored, else signed out (section 4). */
export type AuthStatus = 'signed-in' | 'signed-out';

/** The session as the islands see it. */
export interface AuthState {
  status: AuthStatus;
  bearer: string | null;
  refreshToken: string | null;
  /** A guest session's one booking (the server lets it reach no other); null for an account. */
  guestBooking: string | null;
}

function storedAuth(): AuthState {
  const bearer = getBearer();
  return {
    status: bearer ? 'signed-in' : 'signed-out',
    bearer,
    refreshToken: bearer ? getRefreshToken() : null,
    guestBooking: bearer ? getGuestBooking() : null,
  };
}

/** The session. */
export const $auth = map<AuthState>(storedAuth());

/** Signs in with a bearer (and the refresh token of a password login); a guest session names the one booking it belongs to. */
export function signIn(bearer: string, refreshToken: string | null = null, guestBooking: string | null = null): void {
  $auth.set({ status: 'signed-in', bearer, refreshToken, guestBooking });
}

/** Whether the stored session is an account's: a guest session belongs to one booking and is no sign-in. */
export function hasAccountSession(state: Pick<AuthState, 'bearer' | 'guestBooking'> = $auth.get()): boolean {
  return state.bearer !== null && state.guestBooking === null;
}

/**
 * "Sign in" from a page: leaves `returnPath` as the way back after signing in, and returns the sign-in page. A guest
 * session steps aside (it stays kept with its booking, guest_bearer_{token}), else the sign-in pages would not open.
 */
export function startSignIn(returnPath: string): string {
  setReturnPath(returnPath);
  if ($auth.get().guestBooking !== null) signOut();
  return AUTH_PATHS.choice;
}

/** Signs out: the bearer and refresh token are forgotten (booking tokens stay). */
export function signOut(): void {
  $auth.set({ status: 'signed-out', bearer: null, refreshToken: null, guestBooking: null });
}

/** Whether the session may act on this booking: an account on any, a guest session only on its own. */
export function sessionCovers(state: Pick<AuthState, 'bearer' | 'guestBooking'>, bookingToken: string): boolean {
  return state.bearer !== null && (state.guestBooking === null || state.guestBooking === bookingToken);
}

/**
 * Before acting on a booking: a guest (or nobody) takes up the guest session kept with that booking, if any; an
 * account's session is never replaced. Afterwards the stored bearer is the right one for calls on that booking.
 */
export function resumeGuestSession(bookingToken: string): void {
  const state = $auth.get();
  if (state.bearer && state.guestBooking === null) return;
  if (state.guestBooking === bookingToken) return;
  const kept = getGuestBearer(bookingToken);
  if (kept) signIn(kept, null, bookingToken);
}

/** Re-reads the session from storage (another tab or page may have changed it). */
export function reloadAuth(): void {
  $auth.set(storedAuth());
}

/** A 401 during validation: the session is cleared and the diner goes to NoAuth (section 8). */
export function handleUnauthorized(): string {
  signOut();
  return AUTH_PATHS.noAuth;
}

$auth.listen((state) => {
  setBearer(state.bearer);
  setRefreshToken(state.refreshToken);
  setGuestBooking(state.guestBooking);
});

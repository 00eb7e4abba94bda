/** The navigation guard of spec section 2, as a pure function of the route and what is stored. */
import { ACCOUNT_PATH, AUTH_PATHS, bookingHomePath, matchRoute, validatePath, type RouteName } from './routes.ts';
import { getBearer, getCurrentMerchant, getGuestBooking, getMerchantToken } from '../platform/storage.ts';

/** Who may open a route: anyone, only a signed-in diner, or only someone not signed in. */
export type RouteAccess = 'any' | 'signed-in' | 'signed-out';

/** The access rule of each route (section 2; BookingComplete's is not shown, so anyone). */
export const ROUTE_ACCESS: Record<RouteName, RouteAccess> = {
  NotFound: 'any',
  BookingHome: 'any',
  Legal: 'any',
  BookingComplete: 'any',
  // Not "signed-in": the account page sends a signed-out diner to sign in and keeps itself as the way back.
  Account: 'any',
  Auth: 'signed-out',
  Login: 'signed-out',
  Register: 'signed-out',
  ForgotPassword: 'signed-out',
  NoAuth: 'signed-out',
  Onboarding: 'signed-in',
  Validate: 'signed-in',
};

/** What the guard looks at: a stored bearer (and the one booking a guest bearer belongs to), the stored current merchant and the token stored for it. */
export interface GuardState {
  bearer: string | null;
  /** Set when the bearer is a guest session: the server lets it reach this booking only. */
  guestBooking?: string | null;
  currentMerchant: string | null;
  currentMerchantToken: string | null;
}

/**
 * Whether the diner counts as signed in for the booking at hand: any account bearer does; a guest bearer only while
 * the current booking is its own (for a new booking it is no session at all, so the sign-in pages open and never
 * send the diner back to a Validate page that would refuse it).
 */
export function isSignedIn(state: GuardState): boolean {
  if (!state.bearer) return false;
  return !state.guestBooking || state.guestBooking === state.currentMerchantToken;
}

/** Where a signed-in diner belongs: Validate of the current merchant's token, else its booking home, else the account page. */
export function signedInTarget(state: Pick<GuardState, 'currentMerchant' | 'currentMerchantToken'>): string {
  if (state.currentMerchant && state.currentMerchantToken) return validatePath(state.currentMerchant, state.currentMerchantToken);
  if (state.currentMerchant) return bookingHomePath(state.currentMerchant);
  // No merchant stored (a sign-in from an empty browser): the diner's own page, not "this restaurant does not exist".
  return ACCOUNT_PATH;
}

/** The path to redirect to before showing `route`, or null when it may be shown. */
export function guard(route: RouteName, state: GuardState): string | null {
  const access = ROUTE_ACCESS[route];
  const signedIn = isSignedIn(state);
  if (access === 'signed-in' && !signedIn) return AUTH_PATHS.choice;
  if (access === 'signed-out' && signedIn) return signedInTarget(state);
  return null;
}

/** The guard state as the browser has it stored now. */
export function storedGuardState(): GuardState {
  const currentMerchant = getCurrentMerchant();
  return {
    bearer: getBearer(),
    guestBooking: getGuestBooking(),
    currentMerchant,
    currentMerchantToken: currentMerchant ? getMerchantToken(currentMerchant) : null,
  };
}

/** The redirect for a pathname given what is stored now, or null to stay. */
export function guardPath(pathname: string, state: GuardState = storedGuardState()): string | null {
  return guard(matchRoute(pathname).name, state);
}

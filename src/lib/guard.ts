/** The navigation guard of spec section 2, as a pure function of the route and what is stored. */
import { AUTH_PATHS, bookingHomePath, matchRoute, NOT_FOUND_PATH, validatePath, type RouteName } from './routes.ts';
import { getBearer, getCurrentMerchant, getMerchantToken } from './storage.ts';

/** Who may open a route: anyone, only a signed-in diner, or only someone not signed in. */
export type RouteAccess = 'any' | 'signed-in' | 'signed-out';

/** The access rule of each route (section 2; BookingComplete's is not shown, so anyone). */
export const ROUTE_ACCESS: Record<RouteName, RouteAccess> = {
  NotFound: 'any',
  BookingHome: 'any',
  Legal: 'any',
  BookingComplete: 'any',
  Auth: 'signed-out',
  Login: 'signed-out',
  Register: 'signed-out',
  ForgotPassword: 'signed-out',
  NoAuth: 'signed-out',
  Onboarding: 'signed-in',
  Validate: 'signed-in',
};

/** What the guard looks at: a stored bearer, the stored current merchant and the token stored for it. */
export interface GuardState {
  bearer: string | null;
  currentMerchant: string | null;
  currentMerchantToken: string | null;
}

/** Where a signed-in diner belongs: Validate of the current merchant's token, else its booking home, else not found. */
export function signedInTarget(state: Pick<GuardState, 'currentMerchant' | 'currentMerchantToken'>): string {
  if (state.currentMerchant && state.currentMerchantToken) return validatePath(state.currentMerchant, state.currentMerchantToken);
  if (state.currentMerchant) return bookingHomePath(state.currentMerchant);
  return NOT_FOUND_PATH;
}

/** The path to redirect to before showing `route`, or null when it may be shown. */
export function guard(route: RouteName, state: GuardState): string | null {
  const access = ROUTE_ACCESS[route];
  if (access === 'signed-in' && !state.bearer) return AUTH_PATHS.choice;
  if (access === 'signed-out' && state.bearer) return signedInTarget(state);
  return null;
}

/** The guard state as the browser has it stored now. */
export function storedGuardState(): GuardState {
  const currentMerchant = getCurrentMerchant();
  return {
    bearer: getBearer(),
    currentMerchant,
    currentMerchantToken: currentMerchant ? getMerchantToken(currentMerchant) : null,
  };
}

/** The redirect for a pathname given what is stored now, or null to stay. */
export function guardPath(pathname: string, state: GuardState = storedGuardState()): string | null {
  return guard(matchRoute(pathname).name, state);
}

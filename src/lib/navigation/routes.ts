/** The site's route paths (spec section 2) and what kind of page a path is. */

/** The merchant-independent sign-in pages. */
export const AUTH_PATHS = {
  choice: '/auth',
  login: '/auth/login',
  register: '/auth/register',
  forgotPassword: '/auth/forgot_password',
  noAuth: '/auth/no_account',
  onboarding: '/auth/onboarding',
} as const;

/** The account page: a signed-in diner's bookings at every merchant, and sign-out. */
export const ACCOUNT_PATH = '/account';

/** The not-found page (the site root). */
export const NOT_FOUND_PATH = '/';

/** Query values BookingHome reads (section 2). */
export interface BookingHomeQuery {
  token?: string;
  seats?: number;
  asap?: boolean;
  when?: string;
  lang?: string;
}

/** /{merchantSlug}, with the given query. */
export function bookingHomePath(merchantSlug: string, query: BookingHomeQuery = {}): string {
  const params = new URLSearchParams();
  if (query.token) params.set('token', query.token);
  if (query.seats !== undefined) params.set('seats', String(query.seats));
  if (query.asap) params.set('asap', '1');
  if (query.when) params.set('when', query.when);
  if (query.lang) params.set('lang', query.lang);
  const search = params.toString();
  return `/${encodeURIComponent(merchantSlug)}${search ? `?${search}` : ''}`;
}

/** /{merchantSlug}/validate/{token}. */
export function validatePath(merchantSlug: string, token: string): string {
  return `/${encodeURIComponent(merchantSlug)}/validate/${encodeURIComponent(token)}`;
}

/** /{merchantSlug}/booking_complete/{token}. */
export function bookingCompletePath(merchantSlug: string, token: string): string {
  return `/${encodeURIComponent(merchantSlug)}/booking_complete/${encodeURIComponent(token)}`;
}

/** The pages of section 2 by route name. */
export type RouteName =
  | 'NotFound'
  | 'BookingHome'
  | 'Auth'
  | 'Login'
  | 'Register'
  | 'ForgotPassword'
  | 'NoAuth'
  | 'Onboarding'
  | 'Validate'
  | 'BookingComplete'
  | 'Account'
  | 'Legal';

/** A path read as a route: its name and, where the path carries them, the merchant slug and booking token. */
export interface MatchedRoute {
  name: RouteName;
  merchantSlug?: string;
  token?: string;
}

const authRoutes: Record<string, RouteName> = {
  [AUTH_PATHS.choice]: 'Auth',
  [AUTH_PATHS.login]: 'Login',
  [AUTH_PATHS.register]: 'Register',
  [AUTH_PATHS.forgotPassword]: 'ForgotPassword',
  [AUTH_PATHS.noAuth]: 'NoAuth',
  [AUTH_PATHS.onboarding]: 'Onboarding',
};

const decode = (part: string): string => {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
};

/** Which route a pathname is (a trailing slash and a trailing /index.html are ignored). */
export function matchRoute(pathname: string): MatchedRoute {
  const clean = `/${pathname
    .replace(/\/index\.html$/, '')
    .split('/')
    .filter(Boolean)
    .join('/')}`;
  const auth = authRoutes[clean];
  if (auth) return { name: auth };
  const parts = clean.split('/').filter(Boolean).map(decode);
  if (parts.length === 0) return { name: 'NotFound' };
  const [first, second, third] = parts;
  if (first === 'legal') return { name: 'Legal' };
  if (clean === ACCOUNT_PATH) return { name: 'Account' };
  if (first === 'auth') return { name: 'NotFound' };
  if (parts.length === 1) return { name: 'BookingHome', merchantSlug: first };
  if (parts.length === 3 && second === 'validate') return { name: 'Validate', merchantSlug: first, token: third };
  if (parts.length === 3 && second === 'booking_complete') return { name: 'BookingComplete', merchantSlug: first, token: third };
  return { name: 'NotFound' };
}

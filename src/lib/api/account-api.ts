/** The account calls of spec section 7, one typed function each, with the exact paths and field names. */
import { apiUrl } from './api-client.ts';
import { call } from './call.ts';
import type { BookingSessionRequest, NoAccountRequest, UserDetails } from '../../shared/api/account.ts';
import type { ApiResponseOf } from '../../shared/api/routes.ts';
import { buildLoginHost, buildOAuthClientId, buildOAuthClientSecret } from '../platform/build-env.ts';
import type { Lang } from '../../i18n/t.ts';

/** The OAuth client the site presents to /oauth/token (the embedded server's defaults unless set at build time). */
export const OAUTH_CLIENT = {
  id: buildOAuthClientId() ?? 'couvert-web',
  secret: buildOAuthClientSecret() ?? 'couvert-web-secret',
};

/** api/mobile/login_methods: which of facebook, google and apple are enabled. */
export function getLoginMethods(): Promise<ApiResponseOf<'POST /api/mobile/login_methods'>> {
  return call('POST /api/mobile/login_methods', {});
}

/** api/front/user/authCheck: the bearer a finished social sign-in bound to userToken. */
export function authCheck(userToken: string): Promise<ApiResponseOf<'POST /api/front/user/authCheck'>> {
  return call('POST /api/front/user/authCheck', { userToken });
}

/** api/booking/user/get: the signed-in diner. */
export function getUser(): Promise<ApiResponseOf<'POST /api/booking/user/get'>> {
  return call('POST /api/booking/user/get', {});
}

/** api/front/user/update: the signed-in diner's contact details; failures carry per-field `errors`. */
export function updateUser(details: UserDetails): Promise<ApiResponseOf<'POST /api/front/user/update'>> {
  return call('POST /api/front/user/update', details);
}

/** api/front/user/no_account: a guest session tied to one booking. */
export function noAccount(request: NoAccountRequest): Promise<ApiResponseOf<'POST /api/front/user/no_account'>> {
  return call('POST /api/front/user/no_account', request, { bearer: null });
}

/** api/front/user/booking_session: trades a booking's manage key (the diner's link) for its owner's session scoped to that booking. */
export function bookingSession(request: BookingSessionRequest): Promise<ApiResponseOf<'POST /api/front/user/booking_session'>> {
  return call('POST /api/front/user/booking_session', request, { bearer: null });
}

/** /oauth/token, password grant (form-encoded as RFC 6749 says); a wrong login answers invalid_grant, which ApiError reads as unauthenticated. */
export function passwordLogin(username: string, password: string): Promise<ApiResponseOf<'POST /oauth/token'>> {
  return call(
    'POST /oauth/token',
    { grant_type: 'password', client_id: OAUTH_CLIENT.id, client_secret: OAUTH_CLIENT.secret, username, password },
    { bearer: null },
  );
}

/** /oauth/token, refresh_token grant: a new pair for the stored refresh token. */
export function refreshLogin(refreshToken: string): Promise<ApiResponseOf<'POST /oauth/token'>> {
  return call(
    'POST /oauth/token',
    { grant_type: 'refresh_token', client_id: OAUTH_CLIENT.id, client_secret: OAUTH_CLIENT.secret, refresh_token: refreshToken },
    { bearer: null },
  );
}

/** api/front/user/register: a platform account; failures carry per-field `errors`. */
export function register(details: UserDetails & { password: string }): Promise<ApiResponseOf<'POST /api/front/user/register'>> {
  return call('POST /api/front/user/register', details, { bearer: null });
}

/** api/user/forgot_password: mails a reset link that leads back to returnUrl (the site origin plus /auth/login), in lang and the merchant's colours when given. */
export function forgotPassword(
  email: string,
  returnUrl: string,
  options: { lang?: Lang; merchantSlug?: string } = {},
): Promise<ApiResponseOf<'POST /api/user/forgot_password'>> {
  const { lang, merchantSlug } = options;
  return call(
    'POST /api/user/forgot_password',
    { email, return_url: returnUrl, ...(lang ? { lang } : {}), ...(merchantSlug ? { merchant_slug: merchantSlug } : {}) },
    { bearer: null },
  );
}

/** A social sign-in provider with a redirect flow. */
export type SocialProvider = 'facebook' | 'google';

/** The login host's /login/{provider} address with redirect (a path of this site plus authed=true) and userToken. */
export function socialLoginUrl(provider: SocialProvider, redirect: string, userToken: string): string {
  const host = buildLoginHost()?.replace(/\/+$/, '');
  const path = `/login/${provider}?${new URLSearchParams({ redirect, userToken }).toString()}`;
  return host ? `${host}${path}` : apiUrl(path);
}

/** A fresh random userToken (128 bits, URL-safe) binding a social sign-in to this browser. */
export function randomUserToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Every account call, for stores that take their API as a parameter. */
export const accountApi = {
  getLoginMethods,
  authCheck,
  getUser,
  updateUser,
  noAccount,
  bookingSession,
  passwordLogin,
  refreshLogin,
  register,
  forgotPassword,
};

/** The account calls as a replaceable set. */
export type AccountApi = typeof accountApi;

/** The diner's account: sign-in methods, tokens, the user and the details the forms send. */
import type { z } from 'zod';
import type {
  accessTokenResponseSchema,
  authCheckResponseSchema,
  loginMethodsResponseSchema,
  loginMethodsSchema,
  oauthTokenResponseSchema,
  userResponseSchema,
  userSchema,
} from './account-schema.ts';
import type { Lang } from '../langs.ts';

/** Which sign-in methods are enabled. */
export type LoginMethods = z.infer<typeof loginMethodsSchema>;

/** api/mobile/login_methods. */
export type LoginMethodsResponse = z.infer<typeof loginMethodsResponseSchema>;

/** api/front/user/authCheck: the bearer bound to a userToken after a social sign-in (and its refresh token). */
export type AuthCheckResponse = z.infer<typeof authCheckResponseSchema>;

/** The signed-in diner (section 3). */
export type User = z.infer<typeof userSchema>;

/** api/booking/user/get and api/front/user/update: the signed-in diner. */
export type UserResponse = z.infer<typeof userResponseSchema>;

/** An answer that carries a bearer: no_account (no refresh token: a guest session) and register. */
export type AccessTokenResponse = z.infer<typeof accessTokenResponseSchema>;

/** /oauth/token (RFC 6749 section 5.1). */
export type OAuthTokenResponse = z.infer<typeof oauthTokenResponseSchema>;

/** Contact details update and registration send. */
export interface UserDetails {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  /** The language the server writes field messages in. */
  lang?: Lang;
}

/** What no_account sends. */
export interface NoAccountRequest {
  firstname: string;
  lastname: string;
  phone: string;
  email: string;
  bookingToken: string;
  /** The 6-digit code sent to the booking's diner, when the booking already has a guest (identity_proof_required). */
  code?: string;
  /** The language the server writes field messages in. */
  lang?: Lang;
}

/** Where identity_proof_required says the code went, masked ("•• •• •• •• 34", "j•••@example.com"). */
export interface IdentityProofSentTo {
  phone: string;
  email: string | null;
}

/** What api/front/user/booking_session sends: the booking's token and the manage key of the diner's link. */
export interface BookingSessionRequest {
  bookingToken: string;
  manageKey: string;
  lang?: Lang;
}

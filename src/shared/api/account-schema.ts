/** The diner's account answers (sign-in methods, tokens, the user), as zod (the types are in account.ts). */
import { z } from 'zod';
import { success } from './common-schema.ts';

/** Which sign-in methods are enabled. */
export const loginMethodsSchema = z.object({ facebook: z.boolean(), google: z.boolean(), apple: z.boolean() });

/** api/mobile/login_methods. */
export const loginMethodsResponseSchema = success({ methods: loginMethodsSchema });

/** api/front/user/authCheck: the bearer bound to a userToken after a social sign-in (and its refresh token). */
export const authCheckResponseSchema = success({
  bearer: z.string(),
  refresh_token: z.string().optional(),
  token_type: z.string().optional(),
  expires_in: z.number().int().optional(),
});

/** The signed-in diner (section 3). */
export const userSchema = z
  .object({
    firstname: z.string(),
    lastname: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    anonymous: z.boolean(),
    anonymousEmail: z.string().nullable(),
    onboarding: z.boolean(),
  })
  .meta({ id: 'User' });

/** api/booking/user/get and api/front/user/update: the signed-in diner. */
export const userResponseSchema = success({ user: userSchema });

/** An answer that carries a bearer: no_account (no refresh token: a guest session), register and booking_session. */
export const accessTokenResponseSchema = success({
  access_token: z.string(),
  refresh_token: z.string().optional(),
  token_type: z.string().optional(),
  expires_in: z.number().int().optional(),
});

/** /oauth/token (RFC 6749 section 5.1). */
export const oauthTokenResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.string(),
  expires_in: z.number().int().optional(),
});

/** user/logout: whether the bearer was still live. */
export const logoutResponseSchema = success({ revoked: z.boolean() });

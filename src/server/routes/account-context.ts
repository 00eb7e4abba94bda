/** The account side's services, built once from the server's options and shared by the account routes. */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DEFAULT_LIMITS,
  DEFAULT_OAUTH_CLIENT,
  DEFAULT_PUBLIC_URL,
  DEFAULT_REFRESH_TTL_SECONDS,
  type AccountLimits,
  type AccountOptions,
} from '../auth/account-settings.ts';
import type { OAuthClient, TokenLifetimes } from '../auth/oauth-token.ts';
import { createPasswordReset, createStaffPasswordReset, type PasswordReset, type StaffPasswordReset } from '../auth/password-reset.ts';
import { normalEmail } from '../auth/email-address.ts';
import { IDENTITY_CODES_PER_HOUR } from '../auth/identity-proof.ts';
import { clientAddress, rateLimit, type RateLimit } from '../auth/rate-limit.ts';
import { originOf } from '../auth/return-url.ts';
import { ACCESS_TOKEN_TTL_SECONDS } from '../auth/sessions.ts';
import { createSocialLogin, type SocialLogin } from '../auth/social-login.ts';
import type { BookingRow } from '../db/booking-store.ts';
import type { Database } from '../db/database.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import type { SmsSender } from '../mail/sms.ts';
import type { RequestUser } from './request-user.ts';

/** Everything the account routes share. */
export interface AccountContext {
  db: Database;
  now: () => Date;
  requestUser: RequestUser;
  publicUrl: string;
  /** Where browsers may be sent back to; the first is the site's origin. */
  origins: string[];
  client: OAuthClient;
  lifetimes: TokenLifetimes;
  limits: AccountLimits;
  /** The counters of those limits (and of registrations per address). */
  rateLimits: AccountRateLimits;
  mailer: Mailer;
  /** Text messages (identity codes); none in tests that do not ask for it. */
  sms?: SmsSender;
  reset: PasswordReset;
  /** Signs mails no merchant is involved in. */
  providerName: string;
  /** Staff reset links, mailed and used like the diners' (same mail, same page). */
  staffReset: StaffPasswordReset;
  social: SocialLogin;
  log: (line: string) => void;
  /** Tells pages and staff books of bookings a diner's change of details moved to a new revision (committed). */
  announceBookings: (bookings: BookingRow[]) => Promise<void>;
  /** Ends the live sockets of revoked staff sessions and removed staff rows (Realtime.revokeStaff). */
  revokeStaff?: (revocation: { sessionIds: string[]; staffIds: string[] }) => Promise<void>;
}

/** The account calls' rate limits, counted by @fastify/rate-limit. */
export interface AccountRateLimits {
  signInFailuresPerEmail: RateLimit;
  signInPerEmailAndAddress: RateLimit;
  signInPerAddress: RateLimit;
  resetPerEmail: RateLimit;
  resetPerAddress: RateLimit;
  registerPerAddress: RateLimit;
  manageKeyPerAddress: RateLimit;
  /** Identity codes sent per booking (no_account on a booking that has a guest). */
  identityCodesPerBooking: RateLimit;
  /** Codes sent to one email or phone to attach its guest bookings to an account (keyed by `contactCodeKeys`). */
  contactCodesPerContact: RateLimit;
}

/** The contact a request's code goes to, set by the route before it counts the send. */
export const contactCodeKeys = new WeakMap<FastifyRequest, string>();

/** How many accounts one address may create per hour (each costs an argon2 hash). */
const REGISTER_PER_ADDRESS = { limit: 30, windowSeconds: 3600 };

/** Identity codes one booking may be sent per hour (each is an SMS, and five more guesses). */
const IDENTITY_CODES_PER_BOOKING = { limit: IDENTITY_CODES_PER_HOUR, windowSeconds: 3600 };

/** A string field of the body, or ''. */
function bodyText(request: FastifyRequest, field: string): string {
  const value = (request.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' ? value.trim() : '';
}

/** The normalised email a sign-in (`username`) or reset (`email`) body names, or its lower-cased text. */
function bodyEmail(request: FastifyRequest, field: 'username' | 'email'): string {
  const value = (request.body as Record<string, unknown> | undefined)?.[field];
  const text = typeof value === 'string' ? value.trim() : '';
  return normalEmail(text) ?? text.toLowerCase();
}

/** Builds the account services from the options, filling in the embedded defaults. */
export function createAccountContext(
  app: FastifyInstance,
  base: {
    db: Database;
    now: () => Date;
    requestUser: RequestUser;
    log: (line: string) => void;
    sms?: SmsSender;
    announceBookings: (bookings: BookingRow[]) => Promise<void>;
    revokeStaff?: (revocation: { sessionIds: string[]; staffIds: string[] }) => Promise<void>;
  },
  options: AccountOptions = {},
): AccountContext {
  const publicUrl = (options.publicUrl ?? DEFAULT_PUBLIC_URL).replace(/\/+$/, '');
  const publicOrigin = originOf(publicUrl);
  if (!publicOrigin) throw new Error(`PUBLIC_URL must be an http(s) URL, got ${publicUrl}`);
  const siteOrigin = options.siteUrl ? originOf(options.siteUrl) : undefined;
  const origins = [...new Set([siteOrigin ?? publicOrigin, publicOrigin])];
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const email = (field: 'username' | 'email') => (request: FastifyRequest) => emailKey(bodyEmail(request, field));
  const mailer = options.mailer ?? createMailer({ from: `${options.providerName ?? 'Couvert'} <no-reply@localhost>`, log: base.log });
  const providerName = options.providerName ?? 'Couvert';
  const reset = createPasswordReset({ db: base.db, mailer, now: base.now, publicUrl, providerName });
  return {
    ...base,
    publicUrl,
    origins,
    client: options.oauthClient ?? DEFAULT_OAUTH_CLIENT,
    lifetimes: {
      accessTtlSeconds: options.accessTtlSeconds ?? ACCESS_TOKEN_TTL_SECONDS,
      refreshTtlSeconds: options.refreshTtlSeconds ?? DEFAULT_REFRESH_TTL_SECONDS,
    },
    limits,
    rateLimits: {
      // Never refuses: the route reads the count and slows attempts down past signInPerEmail.limit.
      signInFailuresPerEmail: rateLimit(
        app,
        'signin-failures',
        { limit: Number.MAX_SAFE_INTEGER, windowSeconds: limits.signInPerEmail.windowSeconds },
        email('username'),
      ),
      signInPerEmailAndAddress: rateLimit(
        app,
        'signin-pair',
        limits.signInPerEmailAndAddress,
        async (request) => `${email('username')(request)}:${clientAddress(request)}`,
      ),
      signInPerAddress: rateLimit(app, 'signin-ip', limits.signInPerAddress, clientAddress),
      resetPerEmail: rateLimit(app, 'reset-email', limits.resetPerEmail, email('email')),
      resetPerAddress: rateLimit(app, 'reset-ip', limits.resetPerAddress, clientAddress),
      registerPerAddress: rateLimit(app, 'register-ip', REGISTER_PER_ADDRESS, clientAddress),
      manageKeyPerAddress: rateLimit(app, 'manage-key-ip', limits.manageKeyPerAddress, clientAddress),
      identityCodesPerBooking: rateLimit(app, 'identity-code', IDENTITY_CODES_PER_BOOKING, (request) => emailKey(bodyText(request, 'bookingToken'))),
      contactCodesPerContact: rateLimit(app, 'contact-code', IDENTITY_CODES_PER_BOOKING, (request) => emailKey(contactCodeKeys.get(request) ?? '')),
    },
    providerName,
    mailer,
    reset,
    staffReset: createStaffPasswordReset({ db: base.db, mailer, now: base.now, publicUrl, providerName, brandOf: reset.brandOf }),
    social: createSocialLogin({ db: base.db, now: base.now, settings: options.social ?? {}, publicUrl, origins }),
  };
}

/** A rate-limit key for an email (or a booking token) that keeps the value itself out of the store. */
export const emailKey = (email: string) => createHash('sha256').update(email).digest('hex').slice(0, 32);

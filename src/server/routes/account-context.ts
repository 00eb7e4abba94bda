/** The account side's services, built once from the server's options and shared by the account routes. */
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import {
  DEFAULT_LIMITS,
  DEFAULT_OAUTH_CLIENT,
  DEFAULT_PUBLIC_URL,
  DEFAULT_REFRESH_TTL_SECONDS,
  type AccountLimits,
  type AccountOptions,
} from '../auth/account-settings.ts';
import type { OAuthClient, TokenLifetimes } from '../auth/oauth-token.ts';
import { createPasswordReset, type PasswordReset } from '../auth/password-reset.ts';
import { createMemoryRateLimiter, type RateLimiter } from '../auth/rate-limit.ts';
import { originOf } from '../auth/return-url.ts';
import { ACCESS_TOKEN_TTL_SECONDS } from '../auth/sessions.ts';
import { createSocialLogin, type SocialLogin } from '../auth/social-login.ts';
import type { Database } from '../db/database.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
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
  limiter: RateLimiter;
  limits: AccountLimits;
  mailer: Mailer;
  reset: PasswordReset;
  social: SocialLogin;
  log: (line: string) => void;
}

/** Builds the account services from the options, filling in the embedded defaults. */
export function createAccountContext(
  base: { db: Database; now: () => Date; requestUser: RequestUser; log: (line: string) => void },
  options: AccountOptions = {},
): AccountContext {
  const publicUrl = (options.publicUrl ?? DEFAULT_PUBLIC_URL).replace(/\/+$/, '');
  const publicOrigin = originOf(publicUrl);
  if (!publicOrigin) throw new Error(`PUBLIC_URL must be an http(s) URL, got ${publicUrl}`);
  const siteOrigin = options.siteUrl ? originOf(options.siteUrl) : undefined;
  const origins = [...new Set([siteOrigin ?? publicOrigin, publicOrigin])];
  const mailer = options.mailer ?? createMailer({ from: `${options.providerName ?? 'Couvert'} <no-reply@localhost>`, log: base.log });
  return {
    ...base,
    publicUrl,
    origins,
    client: options.oauthClient ?? DEFAULT_OAUTH_CLIENT,
    lifetimes: {
      accessTtlSeconds: options.accessTtlSeconds ?? ACCESS_TOKEN_TTL_SECONDS,
      refreshTtlSeconds: options.refreshTtlSeconds ?? DEFAULT_REFRESH_TTL_SECONDS,
    },
    limiter: options.rateLimiter ?? createMemoryRateLimiter(() => base.now().getTime()),
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    mailer,
    reset: createPasswordReset({ db: base.db, mailer, now: base.now, publicUrl, providerName: options.providerName ?? 'Couvert' }),
    social: createSocialLogin({ db: base.db, now: base.now, settings: options.social ?? {}, publicUrl, origins }),
  };
}

/** A rate-limit key for an email that keeps the address itself out of the store. */
export const emailKey = (scope: string, email: string) => `${scope}:email:${createHash('sha256').update(email).digest('hex').slice(0, 32)}`;

/** Answers 429 with Retry-After in the API's envelope. */
export function sendRateLimited(reply: FastifyReply, retryAfterSeconds: number) {
  return reply
    .code(429)
    .header('retry-after', String(retryAfterSeconds))
    .send({
      success: false,
      error_code: 'rate_limited',
      message: `Too many attempts: try again in ${retryAfterSeconds} seconds.`,
      retry_after: retryAfterSeconds,
    });
}

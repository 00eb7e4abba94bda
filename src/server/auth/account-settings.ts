/** Settings of the account side (sign-in, tokens, limits, mail, social), each with an embedded default. */
import type { Mailer } from '../mail/mailer.ts';
import type { OAuthClient } from './oauth-token.ts';
import type { RateLimitPolicy } from './rate-limit.ts';
import type { SocialSettings } from './social-login.ts';

/** The OAuth client of the embedded mode: the site ships these, so they identify the app, they are no secret. */
export const DEFAULT_OAUTH_CLIENT: OAuthClient = { id: 'couvert-web', secret: 'couvert-web-secret' };

/** The rate limits of sign-in and forgot_password. */
export interface AccountLimits {
  /** Failed sign-ins of one email (from anywhere) after which each attempt on it is slowed, never refused. */
  signInPerEmail: RateLimitPolicy;
  /** Sign-in attempts of one email from one address: refused beyond. */
  signInPerEmailAndAddress: RateLimitPolicy;
  /** Sign-in attempts from one address, whatever the email: refused beyond. */
  signInPerAddress: RateLimitPolicy;
  resetPerEmail: RateLimitPolicy;
  resetPerAddress: RateLimitPolicy;
  /** Manage-key exchanges (booking_session) from one address: refused beyond, like sign-in attempts. */
  manageKeyPerAddress: RateLimitPolicy;
}

/** Default limits: generous for people, tight for guessing. */
export const DEFAULT_LIMITS: AccountLimits = {
  signInPerEmail: { limit: 10, windowSeconds: 15 * 60 },
  signInPerEmailAndAddress: { limit: 10, windowSeconds: 15 * 60 },
  signInPerAddress: { limit: 50, windowSeconds: 15 * 60 },
  resetPerEmail: { limit: 3, windowSeconds: 60 * 60 },
  resetPerAddress: { limit: 20, windowSeconds: 60 * 60 },
  manageKeyPerAddress: { limit: 50, windowSeconds: 15 * 60 },
};

/** What the server's account side is built from; every field is optional. */
export interface AccountOptions {
  /** This server's public address, used in mailed links and social callbacks (default http://127.0.0.1:4321). */
  publicUrl?: string;
  /** The site's address when it is served from another origin (browsers may be sent back there too). */
  siteUrl?: string;
  oauthClient?: OAuthClient;
  /** Lifetime of access tokens (default 3600 s). */
  accessTtlSeconds?: number;
  /** Lifetime of refresh tokens (default 30 days). */
  refreshTtlSeconds?: number;
  /** Default: messages are only logged (main.ts passes the SMTP or outbox mailer). */
  mailer?: Mailer;
  limits?: Partial<AccountLimits>;
  social?: SocialSettings;
  /** Signs mails that no merchant is involved in (default Couvert). */
  providerName?: string;
}

/** Default public address (the server's own default host and port). */
export const DEFAULT_PUBLIC_URL = 'http://127.0.0.1:4321';
/** Default lifetime of refresh tokens. */
export const DEFAULT_REFRESH_TTL_SECONDS = 30 * 24 * 3600;

/** Diners: accounts (and guests), their bearers and refresh tokens, reset links and social sign-ins. */
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    // Lower-cased; null for guests who gave no email.
    email: text('email'),
    phone: text('phone'),
    passwordHash: text('password_hash'),
    anonymous: boolean('anonymous').notNull().default(false),
    anonymousEmail: text('anonymous_email'),
    onboarding: boolean('onboarding').notNull().default(false),
    wantsEmailConfirmation: boolean('wants_email_confirmation').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email')
      .on(t.email)
      .where(sql`${t.email} is not null and not ${t.anonymous}`),
    // Validation finds every booking of a phone (phone-limits.ts): guests are one user per booking.
    index('users_phone').on(t.phone),
  ],
);

export const accessTokens = pgTable(
  'access_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // SHA-256 of the bearer: a leaked table does not leak sessions.
    tokenHash: text('token_hash').notNull().unique(),
    // A guest session reaches only this booking.
    bookingId: uuid('booking_id'),
    // The refresh-token family that issued it: reuse of a rotated refresh token revokes the family.
    familyId: uuid('family_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('access_tokens_user').on(t.userId), index('access_tokens_family').on(t.familyId)],
);

/** OAuth refresh tokens: single-use, rotated within a family (RFC 6749 section 10.4, RFC 9700 4.14). */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // Set when rotated: presenting it again is a reuse.
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_user').on(t.userId), index('refresh_tokens_family').on(t.familyId)],
);

/** Password-reset links: single-use, short-lived, stored as hashes. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    returnUrl: text('return_url').notNull(),
    lang: text('lang').notNull().default('fr'),
    // The merchant whose colours the reset page wears, when the request named one.
    merchantSlug: text('merchant_slug'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user').on(t.userId)],
);

/** A diner's account at an external sign-in provider (google, facebook). */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('social_identities_subject').on(t.provider, t.subject), index('social_identities_user').on(t.userId)],
);

/** A social sign-in under way: its state (hashed), PKCE verifier, nonce and where to go back. */
export const socialLoginStates = pgTable('social_login_states', {
  stateHash: text('state_hash').primaryKey(),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  redirectUrl: text('redirect_url').notNull(),
  userTokenHash: text('user_token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** A finished social sign-in waiting for the browser's authCheck with its userToken (hashed). */
export const loginHandoffs = pgTable('login_handoffs', {
  userTokenHash: text('user_token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

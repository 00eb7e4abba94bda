/** The database schema: merchants and their floor plan, diners, sessions and bookings. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DinerChangeValue } from '../domain/diner-change.ts';
import type { AddressValue, MerchantSettingsValue, ShiftValue } from '../domain/merchant-floor.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const merchants = pgTable('merchants', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  timezone: text('timezone').notNull(),
  address: jsonb('address').$type<AddressValue>().notNull(),
  phone: text('phone').notNull(),
  url: text('url').notNull().default(''),
  description: text('description').notNull().default(''),
  bookingDescription: text('booking_description').notNull().default(''),
  logoPath: text('logo_path'),
  bannerPath: text('banner_path'),
  themePrimary: text('theme_primary').notNull(),
  themeBackground: text('theme_background').notNull(),
  bookingEnabled: boolean('booking_enabled').notNull().default(true),
  settings: jsonb('settings').$type<MerchantSettingsValue>().notNull(),
  shifts: jsonb('shifts').$type<ShiftValue[]>().notNull(),
  closedDays: jsonb('closed_days').$type<string[]>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const zones = pgTable(
  'zones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    imagePath: text('image_path'),
    position: integer('position').notNull().default(0),
    // A zone dropped from a definition is retired, not deleted: old bookings still point at it.
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('zones_merchant_name').on(t.merchantId, t.name)],
);

export const diningTables = pgTable(
  'dining_tables',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    minSeats: integer('min_seats').notNull(),
    maxSeats: integer('max_seats').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('dining_tables_zone_name').on(t.zoneId, t.name)],
);

export const staff = pgTable(
  'staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_merchant_email').on(t.merchantId, t.email)],
);

/** Closings staff make: a whole day, one service (shift) of a day, or online booking stopped for a time range. */
export const merchantClosings = pgTable(
  'merchant_closings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'day' | 'shift' | 'range'>().notNull(),
    // The merchant-local day it closes (a range: the day it starts).
    localDate: text('local_date').notNull(),
    // A service's id as the public shifts name it ("{weekday}-{index}"), for a shift closing.
    shiftId: text('shift_id'),
    // The instants no online booking may start in: [startsAt, endsAt).
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    note: text('note').notNull().default(''),
    // The staff email that made it.
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('merchant_closings_merchant_end').on(t.merchantId, t.endsAt),
    check('merchant_closings_kind', sql`${t.kind} IN ('day', 'shift', 'range')`),
    check('merchant_closings_span', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** Staff sign-ins: a bearer of its own kind (never a diner's), stored as a hash, reaching the staff rows it signed in as. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // SHA-256 of the bearer, as for diners' access tokens.
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    // The staff rows whose password matched at sign-in: one per merchant; a row dropped by a new definition stops counting.
    staffIds: jsonb('staff_ids').$type<string[]>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('staff_sessions_email').on(t.email)],
);

/** Staff password reset links: single use, stored as SHA-256, for every staff row of an email. */
export const staffPasswordResets = pgTable(
  'staff_password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    lang: text('lang').notNull().default('fr'),
    // The merchant whose colours the mail and page wear when the email is staff of one merchant only.
    merchantSlug: text('merchant_slug'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('staff_password_resets_email').on(t.email)],
);

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

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => zones.id),
    tableId: uuid('table_id')
      .notNull()
      .references(() => diningTables.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    // In clear on purpose: it is the booking's address (URLs, live channel) and must be handed back
    // to its diner as currentBookingToken; 128 random bits make it unguessable.
    token: text('token').notNull().unique(),
    // The second secret, which manages the booking (docs/security.md): only in the link sent to the diner,
    // exchanged for an owner's session by api/front/user/booking_session; in clear like the token it sits beside.
    manageKey: text('manage_key').notNull().unique(),
    ref: text('ref').notNull(),
    // null while the booking is a draft that only holds its table.
    status: smallint('status'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    // The merchant-local day of startsAt: the unit of the pacing lock.
    localDate: text('local_date').notNull(),
    clientCount: integer('client_count').notNull(),
    comment: text('comment').notNull().default(''),
    holdsTable: boolean('holds_table').notNull().default(true),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    cancelMessage: text('cancel_message'),
    lang: text('lang').notNull().default('fr'),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    // The restaurant's bookkeeping, apart from the spec's statuses: when the diner arrived, and when
    // staff recorded a no-show (the status is then 30, finished, as the diner's page shows it).
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    noShowAt: timestamp('no_show_at', { withTimezone: true }),
    // Staff's private note: in the staff book only, never in a diner's answer.
    staffNote: text('staff_note').notNull().default(''),
    // The diner's last change of the validated booking (what it was, what it became), for the staff book's card.
    dinerChange: jsonb('diner_change').$type<DinerChangeValue>(),
    // 1 when inserted, one more at every write (sweeps too): UpdateBooking carries it, and a write
    // conditioned on it cannot overwrite a change it did not see.
    revision: integer('revision').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('bookings_merchant_ref').on(t.merchantId, t.ref),
    index('bookings_merchant_day').on(t.merchantId, t.localDate),
    // The staff book's catch-up after a reconnect: what changed since an instant.
    index('bookings_merchant_updated').on(t.merchantId, t.updatedAt),
    // The hold reads of booking_slots/get: one merchant's table-holding bookings by start, whatever the others hold.
    index('bookings_merchant_holds')
      .on(t.merchantId, t.startsAt)
      .where(sql`${t.holdsTable}`),
    index('bookings_user').on(t.userId),
    index('bookings_open_drafts')
      .on(t.holdExpiresAt)
      .where(sql`${t.status} is null and ${t.holdsTable}`),
    index('bookings_to_finish')
      .on(t.endsAt)
      .where(sql`${t.status} = 20`),
  ],
);

/** Codes sent to a guest booking's phone and email to prove a new session is that diner's (no_account). */
export const identityCodes = pgTable(
  'identity_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    // SHA-256 of the booking's id and the code: the table alone does not show a live code.
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // Wrong codes tried against it; past the limit it is void.
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('identity_codes_booking').on(t.bookingId)],
);

/**
 * Codes sent to an account's own email or phone to prove it before the guest bookings made under that contact are
 * attached to the account (user/guest_bookings): bound to the account, the channel and the exact contact written to.
 */
export const contactCodes = pgTable(
  'contact_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // 'email' or 'phone'.
    channel: text('channel').notNull(),
    // The email (normalised) or phone (E.164) the code went to.
    contact: text('contact').notNull(),
    // SHA-256 of the account, channel, contact and code: the table alone does not show a live code.
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('contact_codes_user').on(t.userId, t.channel)],
);

/**
 * The durable scheduler's jobs (src/server/jobs): a kind, its payload and when it is due. A worker claims a due job
 * with `for update skip locked` and holds it until `locked_until`; a job whose worker died is claimed again after that.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    // At most one job per key, whatever its state: planning the same thing twice is a no-op.
    uniqueKey: text('unique_key').unique(),
    state: text('state').$type<'pending' | 'running' | 'done' | 'failed'>().notNull().default('pending'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    lastError: text('last_error'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('jobs_state', sql`${t.state} in ('pending', 'running', 'done', 'failed')`),
    index('jobs_due')
      .on(t.runAt)
      .where(sql`${t.state} = 'pending'`),
    index('jobs_leased')
      .on(t.lockedUntil)
      .where(sql`${t.state} = 'running'`),
  ],
);

/**
 * Messages to send, written in the transaction of the change that causes them: one row per message, kind, the
 * booking's revision that caused it, slot (a reminder's offset) and recipient, so a retried job never makes a second.
 */
export const messagesOutbox = pgTable(
  'messages_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    // The booking's id, or what else the message is about (a restaurant's day list: its merchant and date).
    subject: text('subject').notNull(),
    revision: integer('revision').notNull(),
    slot: text('slot').notNull().default(''),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    recipient: text('recipient').notNull(),
    lang: text('lang').notNull(),
    // What the message says, as of the change that caused it.
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    state: text('state').$type<'pending' | 'sending' | 'sent' | 'failed' | 'skipped'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('messages_outbox_once').on(t.kind, t.subject, t.revision, t.slot, t.channel, t.recipient),
    check('messages_outbox_channel', sql`${t.channel} in ('email', 'sms')`),
    check('messages_outbox_state', sql`${t.state} in ('pending', 'sending', 'sent', 'failed', 'skipped')`),
    index('messages_outbox_booking').on(t.bookingId),
  ],
);

/** Every table of the schema, for drizzle's relational API. */
export const schema = {
  merchants,
  zones,
  diningTables,
  staff,
  staffSessions,
  staffPasswordResets,
  merchantClosings,
  users,
  accessTokens,
  bookings,
  refreshTokens,
  passwordResets,
  socialIdentities,
  socialLoginStates,
  loginHandoffs,
  identityCodes,
  contactCodes,
  jobs,
  messagesOutbox,
};

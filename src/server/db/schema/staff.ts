/** A merchant's staff: the rows definitions list, their sessions and their password-reset links. */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { StaffRole } from '../../../shared/staff-roles.ts';
import { createdAt } from './columns.ts';
import { merchants } from './merchants.ts';

export const staff = pgTable(
  'staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    // What the member may do (src/shared/staff-roles.ts); rows made before roles existed are owners.
    role: text('role').$type<StaffRole>().notNull().default('owner'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_merchant_email').on(t.merchantId, t.email), check('staff_role', sql`${t.role} IN ('host', 'manager', 'owner')`)],
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

/** Every accepted change of a merchant's definition by its staff: who, when, which top-level fields, before and after. */
export const merchantChanges = pgTable(
  'merchant_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    // The staff row that saved it (null once that row is gone) and its email, kept for the record.
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    staffEmail: text('staff_email').notNull(),
    // The definition revision this change made.
    revision: integer('revision').notNull(),
    fields: jsonb('fields').$type<string[]>().notNull(),
    before: jsonb('before').$type<Record<string, unknown>>().notNull(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('merchant_changes_merchant_created').on(t.merchantId, t.createdAt)],
);

/** Bookings, and the codes that prove a guest or a new contact detail is the diner's. */
import { BookingStatus } from '../../../shared/booking-status.ts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DinerChangeValue } from '../../domain/diner-change.ts';
import { createdAt, updatedAt } from './columns.ts';
import { diningTables, merchants, zones } from './merchants.ts';
import { users } from './diners.ts';

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
    // The other tables of a combination the booking holds besides table_id (none for a single table); a trigger keeps
    // booking_tables, which the database's exclusion constraint watches, in step with them (migration 0016).
    joinedTableIds: uuid('joined_table_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
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
      .where(sql`${t.status} = ${sql.raw(String(BookingStatus.Confirmed))}`),
  ],
);

/**
 * Every table a booking holds (its table_id and its joined_table_ids), with its times and whether it holds them: written
 * only by the trigger on bookings (migration 0016), and watched by the exclusion constraint no two holds of one table
 * may overlap under, so a combination's tables are as safe from double booking as a single table.
 */
export const bookingTables = pgTable(
  'booking_tables',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    tableId: uuid('table_id')
      .notNull()
      .references(() => diningTables.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    holdsTable: boolean('holds_table').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.tableId] })],
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

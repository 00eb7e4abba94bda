/** The work behind the API: queued jobs and the outbox of messages to send. */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { merchants } from './merchants.ts';
import { bookings } from './bookings.ts';

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

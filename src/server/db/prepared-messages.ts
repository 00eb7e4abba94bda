/**
 * The statements each message a booking sends runs (its outbox row claimed, then settled, then its job done), prepared
 * once per database handle: Drizzle builds their SQL once, not three times per message (a booking sends about four).
 * Placeholders skip Drizzle's column encoders, and postgres.js takes no Date here: instants go as ISO strings.
 */
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database } from './database.ts';
import { perDatabase } from './per-database.ts';
import { bookings, jobs, messagesOutbox } from './schema.ts';

// A placeholder as a column's new value (Drizzle's `set` types take SQL, not bare placeholders).
const value = (name: string) => sql`${sql.placeholder(name)}`;

function prepare(db: Database) {
  return {
    claimOutbox: db
      .update(messagesOutbox)
      .set({ state: 'sending', attempts: sql`${messagesOutbox.attempts} + 1`, updatedAt: value('now') })
      .where(and(eq(messagesOutbox.id, sql.placeholder('id')), eq(messagesOutbox.state, 'pending')))
      .returning({
        ...getTableColumns(messagesOutbox),
        manageKey: sql<string | null>`(select ${bookings.manageKey} from ${bookings} where ${bookings.id} = ${messagesOutbox.bookingId})`,
      })
      .prepare('claim_outbox_message'),
    settleOutbox: db
      .update(messagesOutbox)
      .set({ state: value('state'), lastError: value('lastError'), sentAt: value('sentAt'), updatedAt: value('now') })
      .where(and(eq(messagesOutbox.id, sql.placeholder('id')), eq(messagesOutbox.state, 'sending')))
      .prepare('settle_outbox_message'),
    completeJob: db
      .update(jobs)
      .set({ state: 'done', lockedUntil: null, lockedBy: null, lastError: null, updatedAt: value('now') })
      .where(and(eq(jobs.id, sql.placeholder('id')), eq(jobs.state, 'running'), eq(jobs.lockedBy, sql.placeholder('workerId'))))
      .returning({ id: jobs.id })
      .prepare('complete_job'),
  };
}

/** The prepared message statements of a database handle (not of a transaction: they run on the handle). */
export const messageStatementsOf = perDatabase(prepare);

/**
 * The statements each message a booking sends runs (its outbox row claimed, then settled, then its job done), prepared
 * once per database handle: Drizzle builds their SQL once, not three times per message (a booking sends about four).
 * Placeholders skip Drizzle's column encoders, and postgres.js takes no Date here: instants go as ISO strings.
 */
import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Database } from './database.ts';
import { perDatabase } from './per-database.ts';
import { bookings, jobs, messagesOutbox } from './schema.ts';

// A placeholder as a column's new value (Drizzle's `set` types take SQL, not bare placeholders).
const value = (name: string) => sql`${sql.placeholder(name)}`;

/**
 * Ends the sending of the messages in `settles` (JSON text: `[{ id, state, last_error, sent_at, at }]`), each only if it
 * is still being sent; answers their ids.
 */
export function settleOutboxFromJson(settles: SQL | ReturnType<typeof sql.placeholder>): SQL {
  return sql`update ${messagesOutbox} set state = s.state, last_error = s.last_error, sent_at = s.sent_at, updated_at = s.at
    from jsonb_to_recordset(${settles}::text::jsonb) as s(id uuid, state text, last_error text, sent_at timestamptz, at timestamptz)
    where ${messagesOutbox.id} = s.id and ${messagesOutbox.state} = 'sending' returning ${messagesOutbox.id}`;
}

function prepare(db: Database) {
  const claim = {
    set: { state: 'sending' as const, attempts: sql`${messagesOutbox.attempts} + 1`, updatedAt: value('now') },
    where: and(eq(messagesOutbox.id, sql.placeholder('id')), eq(messagesOutbox.state, 'pending')),
    returning: {
      ...getTableColumns(messagesOutbox),
      manageKey: sql<string | null>`(select ${bookings.manageKey} from ${bookings} where ${bookings.id} = ${messagesOutbox.bookingId})`,
    },
  };
  // The messages sent before it in the batch are recorded by the same statement (PostgreSQL runs an update in WITH whether read or not).
  const settled = db.$with('settled', { id: sql<string>`id` }).as(settleOutboxFromJson(sql.placeholder('settles')));
  return {
    claimOutbox: db.update(messagesOutbox).set(claim.set).where(claim.where).returning(claim.returning).prepare('claim_outbox_message'),
    claimOutboxAfterSettles: db
      .with(settled)
      .update(messagesOutbox)
      .set(claim.set)
      .where(claim.where)
      .returning(claim.returning)
      .prepare('claim_outbox_message_after_settles'),
    settleOutbox: db
      .update(messagesOutbox)
      .set({ state: value('state'), lastError: value('lastError'), sentAt: value('sentAt'), updatedAt: value('now') })
      .where(and(eq(messagesOutbox.id, sql.placeholder('id')), eq(messagesOutbox.state, 'sending')))
      .prepare('settle_outbox_message'),
    // A batch's end: the messages it sent recorded, and its jobs (`ids`, JSON text) marked done, in one statement.
    completeJobsAfterSettles: db
      .with(settled)
      .update(jobs)
      .set({ state: 'done', lockedUntil: null, lockedBy: null, lastError: null, updatedAt: value('now') })
      .where(
        and(
          sql`${jobs.id} in (select value::uuid from jsonb_array_elements_text(${sql.placeholder('ids')}::text::jsonb))`,
          eq(jobs.state, 'running'),
          eq(jobs.lockedBy, sql.placeholder('workerId')),
        ),
      )
      .prepare('complete_jobs_after_settles'),
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

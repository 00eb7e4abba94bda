/** The messages outbox: rows written with the change that causes them, then claimed, sent and marked, each in its own transaction. */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from './database.ts';
import type { Tx } from './booking-store.ts';
import { messagesOutbox } from './schema.ts';

/** An outbox row as stored. */
export type OutboxRow = typeof messagesOutbox.$inferSelect;
/** What writing a message names. */
export type NewOutboxMessage = Omit<typeof messagesOutbox.$inferInsert, 'id' | 'state' | 'attempts' | 'lastError' | 'sentAt' | 'updatedAt'>;
type Queryable = Database | Tx;

/** The job kind that sends one outbox row (its payload: `{ outboxId }`). */
export const SEND_MESSAGE_JOB = 'send_message';

/** Writes a message to send; its id, or undefined when that very message (kind, subject, revision, slot, recipient) is already there. */
export async function insertOutboxMessage(db: Queryable, message: NewOutboxMessage): Promise<string | undefined> {
  const [row] = await db
    .insert(messagesOutbox)
    .values({ ...message, updatedAt: message.createdAt })
    .onConflictDoNothing()
    .returning({ id: messagesOutbox.id });
  return row?.id;
}

/** Finds an outbox row. */
export async function findOutboxMessage(db: Queryable, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(messagesOutbox).where(eq(messagesOutbox.id, id)).limit(1);
  return row;
}

/**
 * Takes a pending message for sending (committed before the send): undefined when it is not pending, so a retried job
 * never sends a message already sent, nor one whose sending a crash interrupted.
 */
export async function claimOutboxMessage(db: Queryable, id: string, now: Date): Promise<OutboxRow | undefined> {
  const [row] = await db
    .update(messagesOutbox)
    .set({ state: 'sending', attempts: sql`${messagesOutbox.attempts} + 1`, updatedAt: now })
    .where(and(eq(messagesOutbox.id, id), eq(messagesOutbox.state, 'pending')))
    .returning();
  return row;
}

/** Ends a message's sending: sent, skipped (nothing to send on that channel), pending again (the send failed) or failed. */
export async function settleOutboxMessage(
  db: Queryable,
  id: string,
  outcome: { state: 'sent' | 'skipped' | 'pending' | 'failed'; error?: string },
  now: Date,
): Promise<void> {
  await db
    .update(messagesOutbox)
    .set({
      state: outcome.state,
      lastError: outcome.error?.slice(0, 4000) ?? null,
      sentAt: outcome.state === 'sent' ? now : null,
      updatedAt: now,
    })
    .where(and(eq(messagesOutbox.id, id), eq(messagesOutbox.state, 'sending')));
}

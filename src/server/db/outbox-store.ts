/** The messages outbox: rows written with the change that causes them, then claimed, sent and marked, each in its own transaction. */
import { eq, sql } from 'drizzle-orm';
import type { Database, Queryable } from './database.ts';
import { enqueueJobs, type NewJob } from './job-store.ts';
import { messageStatementsOf, settleOutboxFromJson } from './prepared-messages.ts';
import { preparedStatements, rowPlaceholdersOf, rowsShapeOf, rowValuesOf } from './prepared-statement.ts';
import { messagesOutbox } from './schema.ts';

/** An outbox row as stored. */
export type OutboxRow = typeof messagesOutbox.$inferSelect;
/** What writing a message names. */
export type NewOutboxMessage = Omit<typeof messagesOutbox.$inferInsert, 'id' | 'state' | 'attempts' | 'lastError' | 'sentAt' | 'updatedAt'>;

/** The job kind that sends one outbox row (its payload: `{ outboxId }`). */
export const SEND_MESSAGE_JOB = 'send_message';

/**
 * Writes messages to send in one statement; the ids of those written (in no particular order), without the ones whose
 * very message (kind, subject, revision, slot, recipient) was already there.
 */
export async function insertOutboxMessages(db: Queryable, messages: NewOutboxMessage[]): Promise<string[]> {
  if (messages.length === 0) return [];
  const values = messages.map((message) => ({ ...message, updatedAt: message.createdAt }));
  const key = rowsShapeOf(values);
  const rows =
    key === null
      ? await db.insert(messagesOutbox).values(values).onConflictDoNothing().returning({ id: messagesOutbox.id })
      : await insertMessages(db, key).execute(rowValuesOf(values));
  return rows.map((row) => row.id);
}

// One statement per number of messages and shape of their rows (a booking writes the same few every time).
const insertMessages = preparedStatements((on, key) =>
  on
    .insert(messagesOutbox)
    .values(rowPlaceholdersOf(key) as unknown as Array<typeof messagesOutbox.$inferInsert>)
    .onConflictDoNothing()
    .returning({ id: messagesOutbox.id })
    .prepare('insert_outbox_messages'),
);

/**
 * Writes messages, then the job that sends each one written (none for a message already
 * there), with any other jobs of the same change; how many messages were written.
 */
export async function writeOutboxMessages(db: Queryable, messages: NewOutboxMessage[], runAt: Date, otherJobs: NewJob[] = []): Promise<number> {
  const ids = await insertOutboxMessages(db, messages);
  const sends = ids.map((id) => ({ kind: SEND_MESSAGE_JOB, payload: { outboxId: id }, runAt, uniqueKey: `message:${id}` }));
  await enqueueJobs(db, [...sends, ...otherJobs]);
  return ids.length;
}

/** Finds an outbox row. */
export async function findOutboxMessage(db: Queryable, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(messagesOutbox).where(eq(messagesOutbox.id, id)).limit(1);
  return row;
}

/** An outbox row claimed for sending, with its booking's manage key (null: no booking, or gone). */
export type ClaimedOutboxRow = OutboxRow & { manageKey: string | null };

/** How a message's sending ended: sent, skipped (nothing to send on that channel), pending again (the send failed) or failed. */
export interface OutboxSettle {
  id: string;
  state: 'sent' | 'skipped' | 'pending' | 'failed';
  error?: string;
  at: Date;
}

/** A settle's columns as written: its error cut to 4,000 characters, its time of sending only when sent. */
function settleColumns({ id, state, error, at }: OutboxSettle) {
  const when = at.toISOString();
  return { id, state, lastError: error?.slice(0, 4000) ?? null, sentAt: state === 'sent' ? when : null, now: when };
}

/** The settles as the statements read them (JSON text). */
function settlesJson(settles: readonly OutboxSettle[]): string {
  return JSON.stringify(
    settles.map(settleColumns).map(({ id, state, lastError, sentAt, now }) => ({ id, state, last_error: lastError, sent_at: sentAt, at: now })),
  );
}

/**
 * Takes a pending message for sending (committed before the send): undefined when it is not pending, so a retried job
 * never sends a message already sent, nor one whose sending a crash interrupted. Its booking's manage key comes in the
 * same statement (the diner's links carry it), and so do the ends of the messages sent before it (`settled`): one
 * round trip instead of two.
 */
export async function claimOutboxMessage(db: Database, id: string, now: Date, settled: readonly OutboxSettle[] = []): Promise<ClaimedOutboxRow | undefined> {
  const statements = messageStatementsOf(db);
  const [row] =
    settled.length === 0
      ? await statements.claimOutbox.execute({ id, now: now.toISOString() })
      : await statements.claimOutboxAfterSettles.execute({ id, now: now.toISOString(), settles: settlesJson(settled) });
  return row;
}

/** Ends messages' sending (each only if it is still being sent). */
export async function settleOutboxMessages(db: Database, settles: readonly OutboxSettle[]): Promise<void> {
  if (settles.length === 0) return;
  if (settles.length > 1) {
    await db.execute(settleOutboxFromJson(sql`${settlesJson(settles)}`));
    return;
  }
  await messageStatementsOf(db).settleOutbox.execute(settleColumns(settles[0]!));
}

/** Ends a message's sending: sent, skipped (nothing to send on that channel), pending again (the send failed) or failed. */
export async function settleOutboxMessage(db: Database, id: string, outcome: { state: OutboxSettle['state']; error?: string }, now: Date): Promise<void> {
  await settleOutboxMessages(db, [{ id, ...outcome, at: now }]);
}

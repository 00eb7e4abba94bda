/** The messages outbox: rows written with the change that causes them, then claimed, sent and marked, each in its own transaction. */
import { eq, sql } from 'drizzle-orm';
import type { Database, Queryable } from './database.ts';
import { rowsOf, type ExecuteAnswer } from './execute-rows.ts';
import { completeJobs, type JobRow, type NewJob } from './job-store.ts';
import { messageStatementsOf, settleOutboxFromJson } from './prepared-messages.ts';
import { jobs, messagesOutbox } from './schema.ts';

/** An outbox row as stored. */
export type OutboxRow = typeof messagesOutbox.$inferSelect;
/** What writing a message names. */
export type NewOutboxMessage = Omit<typeof messagesOutbox.$inferInsert, 'id' | 'state' | 'attempts' | 'lastError' | 'sentAt' | 'updatedAt'>;

/** The job kind that sends one outbox row (its payload: `{ outboxId }`). */
export const SEND_MESSAGE_JOB = 'send_message';

/** A job of `planned` as the write below reads it from JSON (its unique key and attempts as the jobs table has them). */
function jobRecord(job: NewJob) {
  return { kind: job.kind, payload: job.payload ?? {}, unique_key: job.uniqueKey ?? null, run_at: job.runAt, max_attempts: job.maxAttempts ?? 8 };
}

/** A message as the write below reads it from JSON. */
function messageRecord(message: NewOutboxMessage) {
  const { merchantId, bookingId, kind, subject, revision, slot, channel, recipient, lang, data, createdAt } = message;
  return {
    merchant_id: merchantId,
    booking_id: bookingId ?? null,
    kind,
    subject,
    revision,
    slot: slot ?? '',
    channel,
    recipient,
    lang,
    data,
    created_at: createdAt,
  };
}

/**
 * Writes messages, the job that sends each one written (none for a message whose very row, by kind, subject,
 * revision, slot, channel and recipient, was already there), and the other jobs of the same change (none whose unique
 * key is taken): one statement, one round trip, whatever their number. How many messages were written.
 */
export async function writeOutboxMessages(db: Queryable, messages: NewOutboxMessage[], runAt: Date, otherJobs: NewJob[] = []): Promise<number> {
  if (messages.length === 0 && otherJobs.length === 0) return 0;
  // The rows go as one JSON text each side: the statement's text, and so its prepared plan, is the same for any number.
  const written = sql`with written as (
      insert into ${messagesOutbox} (merchant_id, booking_id, kind, subject, revision, slot, channel, recipient, lang, data, created_at, updated_at)
      select m.merchant_id, m.booking_id, m.kind, m.subject, m.revision, m.slot, m.channel, m.recipient, m.lang, m.data, m.created_at, m.created_at
      from jsonb_to_recordset(${JSON.stringify(messages.map(messageRecord))}::text::jsonb) as m(merchant_id uuid, booking_id uuid, kind text,
        subject text, revision integer, slot text, channel text, recipient text, lang text, data jsonb, created_at timestamptz)
      on conflict do nothing
      returning id
    )
    insert into ${jobs} (kind, payload, unique_key, run_at, max_attempts, created_at)
    select ${SEND_MESSAGE_JOB}, jsonb_build_object('outboxId', id), 'message:' || id, ${runAt.toISOString()}::timestamptz, 8, ${runAt.toISOString()}::timestamptz from written
    union all
    select j.kind, j.payload, j.unique_key, j.run_at, j.max_attempts, j.run_at
    from jsonb_to_recordset(${JSON.stringify(otherJobs.map(jobRecord))}::text::jsonb) as j(kind text, payload jsonb, unique_key text, run_at timestamptz, max_attempts integer)
    on conflict (unique_key) do nothing
    returning kind`;
  const rows = rowsOf((await db.execute(written)) as ExecuteAnswer<{ kind: string }>);
  // A message's send job is new with the message (its key names the new row): the sends counted are the messages written.
  return rows.filter((row) => row.kind === SEND_MESSAGE_JOB).length;
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

/**
 * The end of a batch of jobs: the messages it sent, not yet recorded, recorded as sent, and its jobs this worker ran to
 * the end marked done, in one statement: both or neither, in one round trip.
 */
export async function completeJobsWithSettles(db: Database, done: JobRow[], workerId: string, now: Date, settles: readonly OutboxSettle[]): Promise<void> {
  if (settles.length === 0) return completeJobs(db, done, workerId, now);
  if (done.length === 0) return settleOutboxMessages(db, settles);
  await messageStatementsOf(db).completeJobsAfterSettles.execute({
    ids: JSON.stringify(done.map((job) => job.id)),
    workerId,
    now: now.toISOString(),
    settles: settlesJson(settles),
  });
}

/** The durable scheduler's queries: enqueue, claim with SKIP LOCKED under a lease, finish, retry with backoff, list. */
import { and, asc, desc, eq, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { isSoleWriter, type Database, type Queryable } from './database.ts';
import { messageStatementsOf } from './prepared-messages.ts';
import { preparedStatements, rowPlaceholdersOf, rowsShapeOf, rowValuesOf } from './prepared-statement.ts';
import { jobs } from './schema.ts';

/** A job row as stored. */
export type JobRow = typeof jobs.$inferSelect;
/** A job's state. */
export type JobState = JobRow['state'];

/** What planning a job names. */
export interface NewJob {
  kind: string;
  payload?: Record<string, unknown>;
  runAt: Date;
  /** At most one job per key, whatever its state: planning the same thing twice is then a no-op. */
  uniqueKey?: string;
  maxAttempts?: number;
}

/** First retry after 30 s, then twice as long each time, never more than an hour apart. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** Plans a job (in the caller's transaction when given one); its id, or undefined when its unique key was taken. */
export async function enqueueJob(db: Queryable, job: NewJob): Promise<string | undefined> {
  const [id] = await enqueueJobs(db, [job]);
  return id;
}

/** Plans jobs in one statement; the ids of those planned (in no particular order), without those whose unique key was taken. */
export async function enqueueJobs(db: Queryable, planned: NewJob[]): Promise<string[]> {
  if (planned.length === 0) return [];
  const values = planned.map((job) => ({
    kind: job.kind,
    payload: job.payload ?? {},
    runAt: job.runAt,
    uniqueKey: job.uniqueKey ?? null,
    maxAttempts: job.maxAttempts ?? 8,
    createdAt: job.runAt,
  }));
  const key = rowsShapeOf(values);
  const rows =
    key === null
      ? await db.insert(jobs).values(values).onConflictDoNothing({ target: jobs.uniqueKey }).returning({ id: jobs.id })
      : await insertJobs(db, key).execute(rowValuesOf(values));
  return rows.map((row) => row.id);
}

// One statement per number of jobs and shape of their rows.
const insertJobs = preparedStatements((on, key) =>
  on
    .insert(jobs)
    .values(rowPlaceholdersOf(key) as unknown as Array<typeof jobs.$inferInsert>)
    .onConflictDoNothing({ target: jobs.uniqueKey })
    .returning({ id: jobs.id })
    .prepare('insert_jobs'),
);

/**
 * Plans a recurring job under its own key: one row, due at `runAt` if it did not exist; one that had failed or
 * ended is brought back (pending, attempts reset), one pending or running is left alone.
 */
export async function ensureRecurringJob(db: Queryable, kind: string, runAt: Date): Promise<void> {
  await db
    .insert(jobs)
    .values({ kind, payload: {}, runAt, uniqueKey: `every:${kind}`, createdAt: runAt })
    .onConflictDoUpdate({
      target: jobs.uniqueKey,
      set: { state: 'pending', attempts: 0, runAt, lockedUntil: null, lockedBy: null, updatedAt: runAt },
      setWhere: inArray(jobs.state, ['failed', 'done']),
    });
}

/**
 * Claims the earliest due job no other transaction holds: a pending job whose time has come, or a running one whose
 * worker's lease ran out (it died). The row is locked with SKIP LOCKED in the one statement that marks it running,
 * so two workers, in one process or several, never claim the same job.
 */
export async function claimDueJob(db: Queryable, now: Date, workerId: string, leaseMs: number): Promise<JobRow | undefined> {
  const [row] = await claimDueJobs(db, now, workerId, leaseMs, 1);
  return row;
}

/** Claims up to `limit` due jobs as claimDueJob does one, in one statement; earliest first. */
export async function claimDueJobs(db: Queryable, now: Date, workerId: string, leaseMs: number, limit: number): Promise<JobRow[]> {
  // Pending jobs and lapsed leases each read in their own index's order and locked as read, the earliest `limit` of
  // both claimed: a backlog of due jobs costs the claim no more than `limit` of them (one condition with OR would read
  // every due job to sort them).
  const earliest = (name: string, where: SQL | undefined) =>
    db.select({ id: jobs.id, runAt: jobs.runAt }).from(jobs).where(where).orderBy(asc(jobs.runAt)).limit(limit).for('update', { skipLocked: true }).as(name);
  const pending = earliest('pending', and(eq(jobs.state, 'pending'), lte(jobs.runAt, now)));
  const lapsed = earliest('lapsed', and(eq(jobs.state, 'running'), lt(jobs.lockedUntil, now)));
  const due = sql`select id from (select * from ${pending} union all select * from ${lapsed}) as due order by run_at limit ${limit}`;
  const rows = await db
    .update(jobs)
    .set({
      state: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedUntil: new Date(now.getTime() + leaseMs),
      lockedBy: workerId,
      updatedAt: now,
    })
    // By primary key from the ids locked, whatever the planner's statistics say of the table (a plan made while it was
    // small would read it whole).
    .where(sql`${jobs.id} = any(array(${due}))`)
    .returning();
  // RETURNING keeps no order.
  return rows.sort((a, b) => a.runAt.getTime() - b.runAt.getTime());
}

/** Whether jobs are all still this worker's, as a condition on each. */
const allHeldBy = (held: Array<Pick<JobRow, 'id'>>, workerId: string) =>
  and(
    inArray(
      jobs.id,
      held.map((job) => job.id),
    ),
    eq(jobs.state, 'running'),
    eq(jobs.lockedBy, workerId),
  );

/** Gives claimed jobs this worker did not start back, pending as they were (their claim's attempt uncounted). */
export async function releaseClaimedJobs(db: Queryable, claimed: JobRow[], workerId: string, now: Date): Promise<void> {
  if (claimed.length === 0) return;
  await db
    .update(jobs)
    .set({ state: 'pending', attempts: sql`${jobs.attempts} - 1`, lockedUntil: null, lockedBy: null, updatedAt: now })
    .where(allHeldBy(claimed, workerId));
}

/** Whether a job is still this worker's (its lease was not taken over), as a condition. */
const heldBy = (job: Pick<JobRow, 'id'>, workerId: string) => and(eq(jobs.id, job.id), eq(jobs.state, 'running'), eq(jobs.lockedBy, workerId));

/** Marks a claimed job done; false when the worker had lost it meanwhile. */
export async function completeJob(db: Database, job: JobRow, workerId: string, now: Date): Promise<boolean> {
  const rows = await messageStatementsOf(db).completeJob.execute({ id: job.id, workerId, now: now.toISOString() });
  return rows.length > 0;
}

/** Marks done, in one statement, the claimed jobs this worker ran to the end (a batch's). */
export async function completeJobs(db: Database, done: JobRow[], workerId: string, now: Date): Promise<void> {
  if (done.length === 0) return;
  // A batch of one (the usual case) runs the prepared statement instead of building one.
  if (done.length === 1) {
    await completeJob(db, done[0]!, workerId, now);
    return;
  }
  await db.update(jobs).set({ state: 'done', lockedUntil: null, lockedBy: null, lastError: null, updatedAt: now }).where(allHeldBy(done, workerId));
}

/** Puts a claimed recurring job back, due at `runAt`, its attempts counted afresh. */
export async function rescheduleJob(db: Queryable, job: JobRow, workerId: string, runAt: Date, now: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ state: 'pending', attempts: 0, runAt, lockedUntil: null, lockedBy: null, lastError: null, updatedAt: now })
    .where(heldBy(job, workerId));
}

/** Records a failed attempt: due again after the backoff, or failed for good (kept with its error) after its last attempt. */
export async function failJobAttempt(db: Queryable, job: JobRow, workerId: string, error: string, now: Date): Promise<JobState> {
  const last = job.attempts >= job.maxAttempts;
  await db
    .update(jobs)
    .set({
      state: last ? 'failed' : 'pending',
      runAt: last ? job.runAt : new Date(now.getTime() + retryDelayMs(job.attempts)),
      lastError: error.slice(0, 4000),
      lockedUntil: null,
      lockedBy: null,
      updatedAt: now,
    })
    .where(heldBy(job, workerId));
  return last ? 'failed' : 'pending';
}

/** When the next pending job is due, if any. */
export async function nextDueAt(db: Queryable): Promise<Date | undefined> {
  const [row] = await db.select({ runAt: jobs.runAt }).from(jobs).where(eq(jobs.state, 'pending')).orderBy(asc(jobs.runAt)).limit(1);
  return row?.runAt;
}

/**
 * At a worker's start, frees every running job at once where one process owns the database (embedded PGlite): no
 * other worker can be running them any more. Elsewhere frees nothing (their leases lapse). How many it freed.
 */
export async function releaseLeasesAtStart(db: Database, now: Date): Promise<number> {
  if (!isSoleWriter(db)) return 0;
  const rows = await db
    .update(jobs)
    .set({ state: 'pending', lockedUntil: null, lockedBy: null, updatedAt: now })
    .where(eq(jobs.state, 'running'))
    .returning({ id: jobs.id });
  return rows.length;
}

/** Jobs to show (`npm run jobs -- list`): those of one state, or every job not done; the latest first. */
export async function listJobs(db: Queryable, options: { state?: JobState; limit?: number } = {}): Promise<JobRow[]> {
  return db
    .select()
    .from(jobs)
    .where(options.state ? eq(jobs.state, options.state) : inArray(jobs.state, ['pending', 'running', 'failed']))
    .orderBy(desc(jobs.updatedAt), desc(jobs.runAt))
    .limit(options.limit ?? 100);
}

/** Finds a job by id. */
export async function findJob(db: Queryable, id: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return row;
}

/** Makes a failed (or pending) job due now with its attempts counted afresh; its last error stays until it runs. */
export async function retryJob(db: Queryable, id: string, now: Date): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ state: 'pending', attempts: 0, runAt: now, lockedUntil: null, lockedBy: null, updatedAt: now })
    .where(and(eq(jobs.id, id), inArray(jobs.state, ['failed', 'pending'])))
    .returning();
  return row;
}

/** Deletes the jobs done before `before` (failed ones stay until retried or looked at); returns how many. */
export async function purgeDoneJobs(db: Queryable, before: Date): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(and(eq(jobs.state, 'done'), lt(jobs.updatedAt, before)))
    .returning({ id: jobs.id });
  return rows.length;
}

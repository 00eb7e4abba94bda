/** The worker loop: claims due jobs a few at a time, runs their handlers one after another, and records done, retry or failure. */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '../db/database.ts';
import { claimDueJobs, failJobAttempt, nextDueAt, releaseClaimedJobs, releaseLeasesAtStart, rescheduleJob, type JobRow } from '../db/job-store.ts';
import { completeJobsWithSettles, type OutboxSettle } from '../db/outbox-store.ts';

/** What a handler may ask for instead of being done: a recurring job's next run. */
export interface JobOutcome {
  nextRunAt?: Date;
}

/** What the jobs of one claimed batch share (they run one after another within milliseconds). */
export interface JobBatch {
  /** What every job of the batch would read alike, such as a merchant's messages' sender. */
  readonly shared: Map<string, Promise<unknown>>;
  /**
   * Messages the batch's jobs sent and have not recorded yet (left to go with the batch's next statement): whatever is
   * left at the batch's end is recorded by the statement that marks its jobs done, both or neither.
   */
  readonly settles: OutboxSettle[];
}

/** Runs one job; throwing records a failed attempt (retried with backoff until its last attempt). */
export type JobHandler = (job: JobRow, now: Date, batch: JobBatch) => Promise<JobOutcome | void>;

/** The handlers of each job kind. */
export type JobHandlers = Readonly<Record<string, JobHandler>>;

/** What the worker is built from. */
export interface JobWorkerDeps {
  db: Database;
  now: () => Date;
  handlers: JobHandlers;
  /** How long a claimed job is this worker's; past it, another worker takes it over (this one is presumed dead). */
  leaseMs?: number;
  /** How often the database is asked for due jobs, at the longest (other processes' jobs, the clock). */
  pollMs?: number;
  log?: { warn(object: object, message: string): void; error(object: object, message: string): void };
}

/** A running worker. */
export interface JobWorker {
  /** Starts polling (a database only this process writes first gets back the jobs a crash left running). */
  start(): Promise<void>;
  /** Looks for due jobs now (a job was just planned in this process). */
  wake(): void;
  /** Runs every job due now, one after another, and says how many ran (tests drive the clock with it). */
  runDue(): Promise<number>;
  /** Stops polling and waits for the job under way. */
  stop(): Promise<void>;
}

/** How many due jobs one claim takes (one statement instead of one each; each is still finished on its own). */
const CLAIM_BATCH = 8;

/** Creates a worker; nothing runs until start() or runDue(). */
export function createJobWorker(deps: JobWorkerDeps): JobWorker {
  const workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const leaseMs = deps.leaseMs ?? 5 * 60_000;
  const pollMs = deps.pollMs ?? 5_000;
  let running = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();
  let busy = false;
  let again = false;

  /** Runs a claimed job; answers whether it is done (the caller records that, for its whole batch at once). */
  async function runOne(job: JobRow, batch: JobBatch): Promise<boolean> {
    const handler = deps.handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      const outcome = await handler(job, deps.now(), batch);
      if (!outcome?.nextRunAt) return true;
      await rescheduleJob(deps.db, job, workerId, outcome.nextRunAt, deps.now());
      return false;
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      const state = await failJobAttempt(deps.db, job, workerId, message, deps.now());
      const log = state === 'failed' ? deps.log?.error : deps.log?.warn;
      log?.call(deps.log, { err: error, job: job.id, kind: job.kind, attempts: job.attempts }, state === 'failed' ? 'job failed' : 'job attempt failed');
      return false;
    }
  }

  /** Whether a claimed job may still start: its lease has at least half its length left (else another worker may soon take it over). */
  const mayStart = (job: JobRow) => !stopped && job.lockedUntil !== null && job.lockedUntil.getTime() - deps.now().getTime() >= leaseMs / 2;

  /**
   * Runs due jobs a batch at a time; with `untilShort`, stops after a batch smaller than a claim's (nothing else was due
   * at its claim: the pass's look at the next due job schedules whatever its jobs planned), else until a claim is empty.
   */
  async function runDue(untilShort = false): Promise<number> {
    let count = 0;
    // A stopping worker finishes the job under way and claims no other.
    while (!stopped) {
      const claimed = await claimDueJobs(deps.db, deps.now(), workerId, leaseMs, CLAIM_BATCH);
      if (claimed.length === 0) return count;
      // Done jobs are marked in one statement after the batch: a crash before it runs them again, which every
      // handler allows (a message's outbox row is claimed once; reminders check the booking and their unique keys).
      const done: JobRow[] = [];
      const batch: JobBatch = { shared: new Map(), settles: [] };
      try {
        for (const [index, job] of claimed.entries()) {
          if (!mayStart(job)) {
            // The rest go back at once, for this worker's next claim or another's, rather than wait for their leases.
            await releaseClaimedJobs(deps.db, claimed.slice(index), workerId, deps.now());
            break;
          }
          if (await runOne(job, batch)) done.push(job);
          count++;
        }
      } finally {
        await completeJobsWithSettles(deps.db, done, workerId, deps.now(), batch.settles);
      }
      if (untilShort && claimed.length < CLAIM_BATCH) return count;
    }
    return count;
  }

  function schedule(delayMs: number): void {
    if (!running) return;
    clearTimeout(timer);
    timer = setTimeout(tick, Math.max(0, Math.min(delayMs, pollMs)));
    timer.unref();
  }

  function tick(): void {
    if (!running) return;
    // One pass at a time; a wake during a pass asks for another right after it.
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    current = (async () => {
      try {
        do {
          again = false;
          await runDue(true);
        } while (again && running);
        const next = again ? deps.now() : await nextDueAt(deps.db);
        schedule(next ? next.getTime() - deps.now().getTime() : pollMs);
      } catch (error) {
        deps.log?.error({ err: error }, 'job worker pass failed');
        schedule(pollMs);
      } finally {
        busy = false;
      }
    })();
  }

  return {
    async start() {
      if (running) return;
      await releaseLeasesAtStart(deps.db, deps.now());
      running = true;
      tick();
    },
    wake() {
      if (running) setImmediate(tick);
    },
    runDue: () => runDue(),
    async stop() {
      running = false;
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}

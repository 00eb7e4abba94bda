/** The server's periodic work as recurring jobs: the bookings' sweep (lapsed drafts, finished bookings) and the credential purge. */
import type { Database } from '../db/database.ts';
import { ensureRecurringJob, purgeDoneJobs } from '../db/job-store.ts';
import { purgeExpiredCredentials } from '../auth/credential-purge.ts';
import type { BookingService } from '../services/booking-service.ts';
import type { JobHandlers } from './job-worker.ts';
import { MessageJob } from './booking-message-plan.ts';

/** Every 30 s: drafts whose hold lapsed stop holding their table, confirmed bookings whose time has passed are finished. */
export const SWEEP_EVERY_MS = 30_000;
/** Every hour: credentials long expired are forgotten, and so are jobs done long ago. */
export const PURGE_EVERY_MS = 3_600_000;
/** How long a job done is kept (its message's outbox row stays: it says what was sent and when). */
export const DONE_JOBS_KEPT_MS = 7 * 24 * 3_600_000;

/** The recurring jobs' kinds. */
export const PeriodicJob = { SweepBookings: 'sweep_bookings', PurgeCredentials: 'purge_credentials' } as const;

/** Makes sure each recurring job exists (one row each, whatever the number of processes), due now; the evening lists' too. */
export async function planPeriodicJobs(db: Database, now: Date): Promise<void> {
  for (const kind of [...Object.values(PeriodicJob), MessageJob.NextDayLists]) await ensureRecurringJob(db, kind, now);
}

/** The recurring jobs' handlers: each does its work and names its next run. */
export function periodicJobHandlers(deps: { db: Database; bookings: BookingService }): JobHandlers {
  return {
    [PeriodicJob.SweepBookings]: async (_job, now) => {
      await deps.bookings.sweep();
      return { nextRunAt: new Date(now.getTime() + SWEEP_EVERY_MS) };
    },
    [PeriodicJob.PurgeCredentials]: async (_job, now) => {
      await purgeExpiredCredentials(deps.db, now);
      await purgeDoneJobs(deps.db, new Date(now.getTime() - DONE_JOBS_KEPT_MS));
      return { nextRunAt: new Date(now.getTime() + PURGE_EVERY_MS) };
    },
  };
}

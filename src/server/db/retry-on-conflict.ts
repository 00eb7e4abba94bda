/** Runs a transaction again when PostgreSQL aborted it only to break a deadlock or a serialization conflict. */
import { sqlStateOf } from './booking-store.ts';

/** PostgreSQL's deadlock_detected and serialization_failure: the transaction was rolled back whole, so running it again is safe. */
const RETRYABLE = new Set(['40P01', '40001']);

/** Calls `run` until it succeeds, fails otherwise, or has been aborted by the database `attempts` times. */
export async function retryOnConflict<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !RETRYABLE.has(sqlStateOf(error) ?? '')) throw error;
    }
  }
}

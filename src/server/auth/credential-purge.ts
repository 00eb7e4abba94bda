/** Forgets credentials long past their expiry, so the token tables do not grow without end. */
import { deleteCredentialsExpiredBefore } from '../db/credential-purge-store.ts';
import type { Database } from '../db/database.ts';

/** How long an expired credential is kept (a reused refresh token still revokes its family meanwhile). */
export const EXPIRED_CREDENTIAL_GRACE_MS = 30 * 24 * 3600 * 1000;

/** Deletes every credential that expired more than the grace period before `now`; returns how many. */
export function purgeExpiredCredentials(db: Database, now: Date): Promise<number> {
  return deleteCredentialsExpiredBefore(db, new Date(now.getTime() - EXPIRED_CREDENTIAL_GRACE_MS));
}

/** Forgets credentials long past their expiry, so the token tables do not grow without end. */
import { lt } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { accessTokens, loginHandoffs, passwordResets, refreshTokens, socialLoginStates, staffPasswordResets, staffSessions } from '../db/schema.ts';

/** How long an expired credential is kept (a reused refresh token still revokes its family meanwhile). */
export const EXPIRED_CREDENTIAL_GRACE_MS = 30 * 24 * 3600 * 1000;

/** Deletes every credential that expired more than the grace period before `now`; returns how many. */
export async function purgeExpiredCredentials(db: Database, now: Date): Promise<number> {
  const before = new Date(now.getTime() - EXPIRED_CREDENTIAL_GRACE_MS);
  let purged = 0;
  for (const table of [accessTokens, refreshTokens, passwordResets, socialLoginStates, loginHandoffs, staffSessions, staffPasswordResets]) {
    const rows = await db.delete(table).where(lt(table.expiresAt, before)).returning({ expiresAt: table.expiresAt });
    purged += rows.length;
  }
  return purged;
}

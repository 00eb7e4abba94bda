/** Deletes expired credentials of every kind, so the token tables do not grow without end. */
import { lt } from 'drizzle-orm';
import type { Database } from './database.ts';
import { accessTokens, loginHandoffs, passwordResets, refreshTokens, socialLoginStates, staffPasswordResets, staffSessions } from './schema.ts';

/** Deletes every credential (bearers, refresh tokens, reset links, sign-in states) that expired before `before`; how many. */
export async function deleteCredentialsExpiredBefore(db: Database, before: Date): Promise<number> {
  let purged = 0;
  for (const table of [accessTokens, refreshTokens, passwordResets, socialLoginStates, loginHandoffs, staffSessions, staffPasswordResets]) {
    const rows = await db.delete(table).where(lt(table.expiresAt, before)).returning({ expiresAt: table.expiresAt });
    purged += rows.length;
  }
  return purged;
}

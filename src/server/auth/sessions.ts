/** Bearer sessions: issued as random tokens, stored as hashes, checked on every call. */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { accessTokens, refreshTokens, users } from '../db/schema.ts';
import { hashToken, randomToken } from './tokens.ts';

/** A signed-in diner as the booking calls see them. */
export type SessionUser = typeof users.$inferSelect & {
  /** Set for a guest session: the only booking it may act on. */
  sessionBookingId: string | null;
};

/** Default lifetime of an access token. */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;

/** Issues a bearer for a user; returns the token in clear (only the caller ever sees it). */
export async function createSession(
  db: Database,
  userId: string,
  { now = new Date(), ttlSeconds = ACCESS_TOKEN_TTL_SECONDS, bookingId = null as string | null, familyId = null as string | null } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  await db.insert(accessTokens).values({ userId, tokenHash: hashToken(token), bookingId, familyId, expiresAt, createdAt: now });
  return { token, expiresAt };
}

/** Revokes every bearer and refresh token of a user (after a password reset). */
export async function revokeUserSessions(db: Database, userId: string, now: Date): Promise<void> {
  await db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)));
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/**
 * Signs one bearer out (api/front/user/logout): revokes it and, for a password or social sign-in, every bearer and
 * refresh token of its family, so the refresh token kept beside it cannot mint a new one. Other devices stay signed in.
 * Whether there was a live bearer to revoke.
 */
export async function revokeSession(db: Database, token: string, now: Date): Promise<boolean> {
  const [revoked] = await db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(and(eq(accessTokens.tokenHash, hashToken(token)), isNull(accessTokens.revokedAt)))
    .returning({ familyId: accessTokens.familyId });
  if (!revoked) return false;
  if (revoked.familyId) {
    const family = revoked.familyId;
    await db
      .update(accessTokens)
      .set({ revokedAt: now })
      .where(and(eq(accessTokens.familyId, family), isNull(accessTokens.revokedAt)));
    await db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.familyId, family), isNull(refreshTokens.revokedAt)));
  }
  return true;
}

/** The user behind a bearer, if it is known, unexpired and not revoked. */
export async function findSessionUser(db: Database, token: string, now: Date): Promise<SessionUser | undefined> {
  const [row] = await db
    .select({ user: users, bookingId: accessTokens.bookingId })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(and(eq(accessTokens.tokenHash, hashToken(token)), gt(accessTokens.expiresAt, now), isNull(accessTokens.revokedAt)))
    .limit(1);
  return row ? { ...row.user, sessionBookingId: row.bookingId } : undefined;
}

/** The bearer token of an Authorization header, if any. */
export function bearerOf(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+([A-Za-z0-9._~+/=-]{16,512})\s*$/i);
  return match?.[1];
}

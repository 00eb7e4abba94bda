/** The short-lived rows of a social sign-in: the state of a started sign-in, then its hand-off to the browser. */
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from './database.ts';
import { loginHandoffs, socialLoginStates } from './schema.ts';

/** A started social sign-in as stored (its state hashed). */
export type SocialLoginState = typeof socialLoginStates.$inferSelect;

/** Stores a started social sign-in, dropping those expired. */
export async function saveSocialLoginState(db: Database, state: Omit<SocialLoginState, 'createdAt'>, now: Date): Promise<void> {
  await db.delete(socialLoginStates).where(lt(socialLoginStates.expiresAt, now));
  await db.insert(socialLoginStates).values({ ...state, createdAt: now });
}

/** Takes a started sign-in by its state's hash: deleted as it is read, so a callback is answered once. */
export async function takeSocialLoginState(db: Database, stateHash: string): Promise<SocialLoginState | undefined> {
  const [pending] = await db.delete(socialLoginStates).where(eq(socialLoginStates.stateHash, stateHash)).returning();
  return pending;
}

/** Binds a user to the hash of a userToken until `expiresAt`; a later binding of the same token replaces it. */
export async function saveLoginHandoff(db: Database, userTokenHash: string, userId: string, expiresAt: Date, now: Date): Promise<void> {
  await db.delete(loginHandoffs).where(lt(loginHandoffs.expiresAt, now));
  await db
    .insert(loginHandoffs)
    .values({ userTokenHash, userId, expiresAt, createdAt: now })
    .onConflictDoUpdate({ target: loginHandoffs.userTokenHash, set: { userId, expiresAt, createdAt: now } });
}

/** Takes the user bound to a userToken's hash, once (deleted as it is read); undefined if unknown or expired. */
export async function takeLoginHandoff(db: Database, userTokenHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .delete(loginHandoffs)
    .where(and(eq(loginHandoffs.userTokenHash, userTokenHash), gt(loginHandoffs.expiresAt, now)))
    .returning({ userId: loginHandoffs.userId });
  return row?.userId;
}

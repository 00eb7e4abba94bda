/** The hand-off of a social sign-in to the browser: bound to its userToken, redeemed once by authCheck. */
import type { Database } from '../db/database.ts';
import { saveLoginHandoff, takeLoginHandoff } from '../db/sign-in-store.ts';
import { hashToken } from './tokens.ts';

/** How long a finished sign-in waits for the browser's authCheck. */
export const HANDOFF_TTL_SECONDS = 300;

/** A userToken as the browser makes it: a random local string. */
export const USER_TOKEN_PATTERN = /^[A-Za-z0-9._~-]{16,256}$/;

/** Binds a signed-in user to the hash of a userToken; a later binding of the same token replaces it. */
export async function bindUserToken(db: Database, userTokenHash: string, userId: string, now: Date): Promise<void> {
  await saveLoginHandoff(db, userTokenHash, userId, new Date(now.getTime() + HANDOFF_TTL_SECONDS * 1000), now);
}

/** Redeems a userToken: the user it was bound to, once; undefined if unknown, expired or already redeemed. */
export function redeemUserToken(db: Database, userToken: string, now: Date): Promise<string | undefined> {
  return takeLoginHandoff(db, hashToken(userToken), now);
}

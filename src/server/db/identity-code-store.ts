/** The identity codes of guest bookings, stored hashed: one live code per booking, a bounded number of tries. */
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from './database.ts';
import { identityCodes } from './schema.ts';

/** Replaces the booking's code with a new one (its hash), in one transaction. */
export async function replaceIdentityCode(db: Database, bookingId: string, codeHash: string, expiresAt: Date, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(identityCodes).where(eq(identityCodes.bookingId, bookingId));
    await tx.insert(identityCodes).values({ bookingId, codeHash, expiresAt, createdAt: now });
  });
}

/**
 * Counts one try at the booking's live code (unexpired, tried fewer than `attempts` times) and returns its id and
 * hash; undefined when there is none left to try. The try is counted in the statement that checks the limit, so
 * concurrent guesses cannot get past it.
 */
export async function countIdentityCodeTry(
  db: Database,
  bookingId: string,
  attempts: number,
  now: Date,
): Promise<{ id: string; codeHash: string } | undefined> {
  const [live] = await db
    .select({ id: identityCodes.id })
    .from(identityCodes)
    .where(and(eq(identityCodes.bookingId, bookingId), gt(identityCodes.expiresAt, now), lt(identityCodes.attempts, attempts)))
    .orderBy(desc(identityCodes.createdAt))
    .limit(1);
  if (!live) return undefined;
  const [counted] = await db
    .update(identityCodes)
    .set({ attempts: sql`${identityCodes.attempts} + 1` })
    .where(and(eq(identityCodes.id, live.id), lt(identityCodes.attempts, attempts)))
    .returning({ id: identityCodes.id, codeHash: identityCodes.codeHash });
  return counted;
}

/** Uses a code up; whether this call did (of two right answers at once, one wins). */
export async function useIdentityCode(db: Database, id: string): Promise<boolean> {
  const [used] = await db.delete(identityCodes).where(eq(identityCodes.id, id)).returning({ id: identityCodes.id });
  return used !== undefined;
}

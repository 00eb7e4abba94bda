/** The stored codes that prove an account's diner holds its email or phone (made and checked in auth/contact-proof.ts). */
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database, Tx } from './database.ts';
import { contactCodes } from './schema.ts';

/** The account, channel and contact a code is bound to. */
export interface ContactCodeScope {
  userId: string;
  channel: 'email' | 'phone';
  /** The normalised email or the E.164 phone. */
  contact: string;
}

/** Stores a new code's hash for the scope, voiding any earlier one of the account on that channel, in one transaction. */
export async function replaceContactCode(db: Database, scope: ContactCodeScope, codeHash: string, expiresAt: Date, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(contactCodes).where(and(eq(contactCodes.userId, scope.userId), eq(contactCodes.channel, scope.channel)));
    await tx.insert(contactCodes).values({ ...scope, codeHash, expiresAt, createdAt: now });
  });
}

/**
 * Counts one try of the account's live code on the channel (unexpired, under `maxAttempts` tries) and answers it, or
 * undefined when there is none: the try is counted in the statement that reads the hash, so no guess goes uncounted.
 */
export async function countContactCodeTry(
  db: Database | Tx,
  scope: Pick<ContactCodeScope, 'userId' | 'channel'>,
  now: Date,
  maxAttempts: number,
): Promise<{ id: string; contact: string; codeHash: string } | undefined> {
  const [live] = await db
    .select({ id: contactCodes.id, contact: contactCodes.contact })
    .from(contactCodes)
    .where(
      and(
        eq(contactCodes.userId, scope.userId),
        eq(contactCodes.channel, scope.channel),
        gt(contactCodes.expiresAt, now),
        lt(contactCodes.attempts, maxAttempts),
      ),
    )
    .orderBy(desc(contactCodes.createdAt))
    .limit(1);
  if (!live) return undefined;
  const [counted] = await db
    .update(contactCodes)
    .set({ attempts: sql`${contactCodes.attempts} + 1` })
    .where(and(eq(contactCodes.id, live.id), lt(contactCodes.attempts, maxAttempts)))
    .returning({ codeHash: contactCodes.codeHash });
  return counted ? { ...live, codeHash: counted.codeHash } : undefined;
}

/** Uses a code up; false when another request used it first. */
export async function useContactCode(db: Database | Tx, id: string): Promise<boolean> {
  const [used] = await db.delete(contactCodes).where(eq(contactCodes.id, id)).returning({ id: contactCodes.id });
  return used !== undefined;
}

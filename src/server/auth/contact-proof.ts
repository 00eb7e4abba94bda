/**
 * Proof that an account's diner holds the email or phone the account names: a 6-digit code sent there, made and
 * checked like a guest's identity code (identity-proof.ts: hashed, 10 minutes, 5 tries), bound to the account, the
 * channel and the exact contact it went to.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { contactCodes } from '../db/schema.ts';
import { IDENTITY_CODE_ATTEMPTS, IDENTITY_CODE_TTL_MINUTES } from './identity-proof.ts';

/** Where a code goes. */
export type ContactChannel = 'email' | 'phone';

/** The account, channel and contact a code is bound to. */
export interface ContactCodeScope {
  userId: string;
  channel: ContactChannel;
  /** The normalised email or the E.164 phone. */
  contact: string;
}

type Queryable = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

const hashOf = (scope: ContactCodeScope, code: string) => createHash('sha256').update(`${scope.userId}:${scope.channel}:${scope.contact}:${code}`).digest();

/** Makes a new code for the scope, voiding any earlier one of the account on that channel; returns it in clear, for the message only. */
export async function issueContactCode(db: Database, scope: ContactCodeScope, now: Date): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    await tx.delete(contactCodes).where(and(eq(contactCodes.userId, scope.userId), eq(contactCodes.channel, scope.channel)));
    await tx.insert(contactCodes).values({
      ...scope,
      codeHash: hashOf(scope, code).toString('hex'),
      expiresAt: new Date(now.getTime() + IDENTITY_CODE_TTL_MINUTES * 60_000),
      createdAt: now,
    });
  });
  return code;
}

/**
 * Whether `code` is the live code of exactly this scope (a code sent to another contact, or for another account,
 * never matches). Each try is counted before the comparison; a right code is used up.
 */
export async function checkContactCode(db: Queryable, scope: ContactCodeScope, code: string, now: Date): Promise<boolean> {
  const [live] = await db
    .select({ id: contactCodes.id, contact: contactCodes.contact })
    .from(contactCodes)
    .where(
      and(
        eq(contactCodes.userId, scope.userId),
        eq(contactCodes.channel, scope.channel),
        gt(contactCodes.expiresAt, now),
        lt(contactCodes.attempts, IDENTITY_CODE_ATTEMPTS),
      ),
    )
    .orderBy(desc(contactCodes.createdAt))
    .limit(1);
  if (!live) return false;
  const [counted] = await db
    .update(contactCodes)
    .set({ attempts: sql`${contactCodes.attempts} + 1` })
    .where(and(eq(contactCodes.id, live.id), lt(contactCodes.attempts, IDENTITY_CODE_ATTEMPTS)))
    .returning({ codeHash: contactCodes.codeHash });
  if (!counted || live.contact !== scope.contact) return false;
  if (!timingSafeEqual(Buffer.from(counted.codeHash, 'hex'), hashOf(scope, code))) return false;
  const [used] = await db.delete(contactCodes).where(eq(contactCodes.id, live.id)).returning({ id: contactCodes.id });
  return used !== undefined;
}

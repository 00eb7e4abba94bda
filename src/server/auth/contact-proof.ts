/**
 * Proof that an account's diner holds the email or phone the account names: a 6-digit code sent there, made and
 * checked like a guest's identity code (identity-proof.ts: hashed, 10 minutes, 5 tries), bound to the account, the
 * channel and the exact contact it went to.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { countContactCodeTry, replaceContactCode, useContactCode, type ContactCodeScope } from '../db/contact-code-store.ts';
import type { Database, Tx } from '../db/database.ts';
import { IDENTITY_CODE_ATTEMPTS, IDENTITY_CODE_TTL_MINUTES } from './identity-proof.ts';

export type { ContactCodeScope } from '../db/contact-code-store.ts';

/** Where a code goes. */
export type ContactChannel = 'email' | 'phone';

const hashOf = (scope: ContactCodeScope, code: string) => createHash('sha256').update(`${scope.userId}:${scope.channel}:${scope.contact}:${code}`).digest();

/** Makes a new code for the scope, voiding any earlier one of the account on that channel; returns it in clear, for the message only. */
export async function issueContactCode(db: Database, scope: ContactCodeScope, now: Date): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await replaceContactCode(db, scope, hashOf(scope, code).toString('hex'), new Date(now.getTime() + IDENTITY_CODE_TTL_MINUTES * 60_000), now);
  return code;
}

/**
 * Whether `code` is the live code of exactly this scope (a code sent to another contact, or for another account,
 * never matches). Each try is counted before the comparison; a right code is used up.
 */
export async function checkContactCode(db: Database | Tx, scope: ContactCodeScope, code: string, now: Date): Promise<boolean> {
  const live = await countContactCodeTry(db, scope, now, IDENTITY_CODE_ATTEMPTS);
  if (!live || live.contact !== scope.contact) return false;
  if (!timingSafeEqual(Buffer.from(live.codeHash, 'hex'), hashOf(scope, code))) return false;
  return useContactCode(db, live.id);
}

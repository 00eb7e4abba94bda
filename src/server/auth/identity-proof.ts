/**
 * Proof that whoever asks for a new guest session on a booking that already has a guest is that guest: a 6-digit
 * code sent to the booking's phone (and the guest's email), stored hashed, valid 10 minutes and 5 tries.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { countIdentityCodeTry, replaceIdentityCode, useIdentityCode } from '../db/identity-code-store.ts';

/** How long a code works. */
export const IDENTITY_CODE_TTL_MINUTES = 10;
/** Tries a code allows; the next one finds it void. */
export const IDENTITY_CODE_ATTEMPTS = 5;
/** Codes one booking may be sent per hour (counted by the rate-limit store). */
export const IDENTITY_CODES_PER_HOUR = 3;

const hashOf = (bookingId: string, code: string) => createHash('sha256').update(`${bookingId}:${code}`).digest();

/** Makes a new code for the booking, which voids any earlier one; returns it in clear, for the messages only. */
export async function issueIdentityCode(db: Database, bookingId: string, now: Date): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(now.getTime() + IDENTITY_CODE_TTL_MINUTES * 60_000);
  await replaceIdentityCode(db, bookingId, hashOf(bookingId, code).toString('hex'), expiresAt, now);
  return code;
}

/**
 * Whether `code` is the booking's live code. Each try is counted before the comparison, in one statement, so
 * concurrent guesses cannot get past the limit; a right code is used up.
 */
export async function checkIdentityCode(db: Database, bookingId: string, code: string, now: Date): Promise<boolean> {
  const counted = await countIdentityCodeTry(db, bookingId, IDENTITY_CODE_ATTEMPTS, now);
  if (!counted) return false;
  if (!timingSafeEqual(Buffer.from(counted.codeHash, 'hex'), hashOf(bookingId, code))) return false;
  // Two right answers at once: only the one that used the code up wins.
  return useIdentityCode(db, counted.id);
}

/** A phone as the diner may recognise it without it being readable: "•• •• •• •• 34". */
export function maskedPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `•• •• •• •• ${digits.slice(-2)}`;
}

/** An email as the diner may recognise it without it being readable: "j•••@example.com". */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${[...email][0]}•••${email.slice(at)}`;
}

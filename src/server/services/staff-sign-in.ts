/** Staff sign-in and password change, against the staff rows merchant definitions declare (argon2id, as for diners). */
import { hashPassword, passwordProblem, verifyPassword, type PasswordProblem } from '../auth/passwords.ts';
import type { Database } from '../db/database.ts';
import { setStaffPasswordHash, staffHashesByEmail, staffHashesByIds } from '../db/staff-rows.ts';

/** The staff email as definitions store it. */
export const staffEmailOf = (email: string) => email.trim().toLowerCase();

/**
 * The staff rows of an email whose password matches (one per merchant that lists it). An unknown email spends one
 * argon2 verification on a decoy, like a wrong password, so neither the answer nor its time tells them apart.
 */
export async function matchingStaffRows(db: Database, email: string, password: string): Promise<string[]> {
  const rows = await staffHashesByEmail(db, staffEmailOf(email));
  if (rows.length === 0) {
    await verifyPassword(null, password);
    return [];
  }
  const matched: string[] = [];
  for (const row of rows) if (await verifyPassword(row.passwordHash, password)) matched.push(row.id);
  return matched;
}

/** What changing a staff password came to. */
export type StaffPasswordChange = { ok: true } | { ok: false; reason: 'wrong_current' } | { ok: false; reason: PasswordProblem };

/**
 * Changes the password of the staff rows a session signed in as, when `current` is theirs. The next import of a
 * merchant definition that carries a password sets it back: the definition stays the source of staff accounts.
 */
export async function changeStaffPassword(db: Database, staffIds: string[], current: string, next: string): Promise<StaffPasswordChange> {
  const rows = await staffHashesByIds(db, staffIds);
  const matched: string[] = [];
  for (const row of rows) if (await verifyPassword(row.passwordHash, current)) matched.push(row.id);
  if (matched.length === 0) return { ok: false, reason: 'wrong_current' };
  const problem = passwordProblem(next);
  if (problem) return { ok: false, reason: problem };
  const passwordHash = await hashPassword(next);
  await setStaffPasswordHash(db, matched, passwordHash);
  return { ok: true };
}

/** Passwords: argon2id hashes, and the rules a new password must meet. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/** Shortest accepted password (at least 8 characters). */
export const MIN_PASSWORD_LENGTH = 8;
/** Longest accepted password: bounds the hashing work one request can ask for. */
export const MAX_PASSWORD_LENGTH = 256;

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (and the library's defaults, named here on purpose).
const ARGON2ID = 2 as Algorithm;
const options: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Why a new password is refused, if it is. */
export type PasswordProblem = 'too_short' | 'too_long' | 'common';

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  // Read once, on first use: the list ships next to this file.
  common ??= new Set(
    readFileSync(path.join(import.meta.dirname, 'common-passwords.txt'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
  return common;
}

/** Whether a password is one of the most common ones (compared case-insensitively). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.trim().toLowerCase());
}

/** The number of passwords on the common list. */
export function commonPasswordCount(): number {
  return commonPasswords().size;
}

/** What is wrong with a new password, or undefined when it is acceptable. */
export function passwordProblem(password: string): PasswordProblem | undefined {
  if ([...password].length < MIN_PASSWORD_LENGTH) return 'too_short';
  if (password.length > MAX_PASSWORD_LENGTH) return 'too_long';
  if (isCommonPassword(password)) return 'common';
  return undefined;
}

/** The argon2id hash of a password (PHC string with its own salt and parameters). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

// Verified against when the account does not exist, so both answers take as long.
let decoyHash: Promise<string> | undefined;

/** Whether a password matches a stored hash; with no hash, spends the same time and answers false. */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (password.length > MAX_PASSWORD_LENGTH) return false;
  if (!storedHash) {
    decoyHash ??= hashPassword('decoy password that matches nothing');
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** Random secrets and their stored form. */
import { createHash, randomBytes } from 'node:crypto';

/** A URL-safe random token of `bytes` random bytes (default 32: 256 bits). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** The form a token is stored in: its SHA-256, so a leaked table reveals no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

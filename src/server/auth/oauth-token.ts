/** OAuth 2.0 tokens (RFC 6749): the password and refresh_token grants, rotation, and reuse detection. */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { findRefreshToken, insertRefreshToken, revokeFamily as revokeFamilyIn, rotateRefreshToken } from '../db/session-store.ts';
import { findAccountByEmail } from '../db/user-store.ts';
import { normalEmail } from './email-address.ts';
import { verifyPassword } from './passwords.ts';
import { createSession } from './sessions.ts';
import { hashToken, randomToken } from './tokens.ts';

/** Token lifetimes. */
export interface TokenLifetimes {
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
}

/** A successful token response (RFC 6749 section 5.1). */
export interface TokenPair {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
}

/** The outcome of a grant: tokens, or the RFC 6749 error to answer with. */
export type GrantOutcome =
  { ok: true; userId: string; tokens: TokenPair } | { ok: false; error: 'invalid_grant'; reason: 'bad_login' | 'unknown' | 'expired' | 'revoked' | 'reused' };

/** The OAuth client the browser identifies as (a public client in practice: its secret ships with the site). */
export interface OAuthClient {
  id: string;
  secret: string;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the client id and secret presented are the configured ones (compared in constant time). */
export function clientMatches(presented: { id?: string; secret?: string }, client: OAuthClient): boolean {
  if (presented.id === undefined || presented.secret === undefined) return false;
  const idOk = timingSafeEqual(digest(presented.id), digest(client.id));
  const secretOk = timingSafeEqual(digest(presented.secret), digest(client.secret));
  return idOk && secretOk;
}

/** Issues an access token and a refresh token of one family (a new family unless given). */
export async function issueTokenPair(db: Database, userId: string, lifetimes: TokenLifetimes, now: Date, familyId: string = randomUUID()): Promise<TokenPair> {
  const { token } = await createSession(db, userId, { now, ttlSeconds: lifetimes.accessTtlSeconds, familyId });
  const refresh = randomToken();
  await insertRefreshToken(db, {
    userId,
    familyId,
    tokenHash: hashToken(refresh),
    expiresAt: new Date(now.getTime() + lifetimes.refreshTtlSeconds * 1000),
    now,
  });
  return { access_token: token, token_type: 'Bearer', expires_in: lifetimes.accessTtlSeconds, refresh_token: refresh };
}

/** The password grant: an account's email and password; a wrong login never says whether the email exists. */
export async function passwordGrant(
  db: Database,
  credentials: { username: string; password: string },
  lifetimes: TokenLifetimes,
  now: Date,
): Promise<GrantOutcome> {
  const email = normalEmail(credentials.username);
  const account = email ? await findAccountByEmail(db, email) : undefined;
  // Verified even without an account, so the answer takes as long either way.
  const matches = await verifyPassword(account?.passwordHash, credentials.password);
  if (!account || !matches) return { ok: false, error: 'invalid_grant', reason: 'bad_login' };
  return { ok: true, userId: account.id, tokens: await issueTokenPair(db, account.id, lifetimes, now) };
}

/** Revokes a whole family: its refresh tokens and the bearers it issued. */
export function revokeFamily(db: Database, familyId: string, now: Date): Promise<void> {
  return revokeFamilyIn(db, familyId, now);
}

/**
 * The refresh_token grant: a refresh token is good once. It gives a new pair in the same family and ends
 * the old bearer; presenting a used one again means it leaked, so the whole family is revoked.
 */
export async function refreshTokenGrant(db: Database, refreshToken: string, lifetimes: TokenLifetimes, now: Date): Promise<GrantOutcome> {
  const tokenHash = hashToken(refreshToken);
  // Marked used in the same statement that checks it: of two concurrent uses, one wins and one is a reuse.
  const rotated = await rotateRefreshToken(db, tokenHash, now);
  if (rotated) return { ok: true, userId: rotated.userId, tokens: await issueTokenPair(db, rotated.userId, lifetimes, now, rotated.familyId) };
  const known = await findRefreshToken(db, tokenHash);
  if (!known) return { ok: false, error: 'invalid_grant', reason: 'unknown' };
  if (known.revokedAt) return { ok: false, error: 'invalid_grant', reason: 'revoked' };
  if (known.usedAt) {
    await revokeFamily(db, known.familyId, now);
    return { ok: false, error: 'invalid_grant', reason: 'reused' };
  }
  return { ok: false, error: 'invalid_grant', reason: 'expired' };
}

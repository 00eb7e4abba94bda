/**
 * Bearer sessions of diners and staff, one module parameterised by who signs in: issued as random tokens, stored as
 * hashes (db/session-store.ts, one store per signer), checked on every call. A diner's bearer never reaches a staff
 * call nor the reverse: each kind is looked up in its own store only.
 */
import {
  dinerSessionStore,
  revokeOtherStaffSessions as revokeOtherStaffSessionsIn,
  staffSessionStore,
  type DinerSubject,
  type SessionStore,
  type SessionUser,
  type StaffMerchant,
  type StaffSession,
  type StaffSubject,
} from '../db/session-store.ts';
import type { Database } from '../db/database.ts';
import { hashToken, randomToken } from './tokens.ts';

export type { SessionUser, StaffMerchant, StaffSession };

/** Who signs in: a diner (the booking site) or a merchant's staff. */
export type Signer = 'diner' | 'staff';

interface SignerSessions {
  diner: { subject: DinerSubject; session: SessionUser };
  staff: { subject: StaffSubject; session: StaffSession };
}

const stores: { [S in Signer]: SessionStore<SignerSessions[S]['subject'], SignerSessions[S]['session']> } = {
  diner: dinerSessionStore,
  staff: staffSessionStore,
};

/** Default lifetime of a diner's access token. */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
/** Lifetime of a staff bearer: a service at the host stand, not a month. */
export const STAFF_SESSION_TTL_SECONDS = 12 * 3600;

/** Each signer's default bearer lifetime. */
export const SESSION_TTL_SECONDS: Record<Signer, number> = { diner: ACCESS_TOKEN_TTL_SECONDS, staff: STAFF_SESSION_TTL_SECONDS };

/** A new bearer lasting `ttlSeconds` from `now`: the token in clear (for its holder only) and the hash that is stored. */
export function mintBearer(now: Date, ttlSeconds: number): { token: string; tokenHash: string; expiresAt: Date } {
  const token = randomToken();
  return { token, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + ttlSeconds * 1000) };
}

/** Issues a bearer for a signer; returns the token in clear (only the caller ever sees it). */
export async function issueSession<S extends Signer>(
  db: Database,
  who: S,
  subject: SignerSessions[S]['subject'],
  { now = new Date(), ttlSeconds = SESSION_TTL_SECONDS[who] }: { now?: Date; ttlSeconds?: number } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const { token, tokenHash, expiresAt } = mintBearer(now, ttlSeconds);
  await stores[who].insert(db, tokenHash, subject, expiresAt, now);
  return { token, expiresAt };
}

/** The session behind a bearer, if it is one of this signer's, unexpired and not revoked. */
export function findSession<S extends Signer>(db: Database, who: S, token: string, now: Date): Promise<SignerSessions[S]['session'] | undefined> {
  return stores[who].find(db, hashToken(token), now);
}

/** Signs one bearer out; whether there was a live one to revoke. */
export function endSession(db: Database, who: Signer, token: string, now: Date): Promise<boolean> {
  return stores[who].revoke(db, hashToken(token), now);
}

/** Issues a diner's bearer (a guest's reaches only `bookingId`). */
export function createSession(
  db: Database,
  userId: string,
  { now = new Date(), ttlSeconds = ACCESS_TOKEN_TTL_SECONDS, bookingId = null as string | null, familyId = null as string | null } = {},
): Promise<{ token: string; expiresAt: Date }> {
  return issueSession(db, 'diner', { userId, bookingId, familyId }, { now, ttlSeconds });
}

/** Issues a staff bearer for the staff rows whose password matched. */
export function createStaffSession(db: Database, email: string, staffIds: string[], options: { now?: Date; ttlSeconds?: number } = {}) {
  return issueSession(db, 'staff', { email, staffIds }, options);
}

/** The diner behind a bearer. */
export function findSessionUser(db: Database, token: string, now: Date): Promise<SessionUser | undefined> {
  return findSession(db, 'diner', token, now);
}

/** The staff member behind a bearer; its merchants are those its staff rows still name. */
export function findStaffSession(db: Database, token: string, now: Date): Promise<StaffSession | undefined> {
  return findSession(db, 'staff', token, now);
}

/**
 * Signs a diner's bearer out (api/front/user/logout): for a password or social sign-in, every bearer and refresh
 * token of its family goes too. Other devices stay signed in.
 */
export function revokeSession(db: Database, token: string, now: Date): Promise<boolean> {
  return endSession(db, 'diner', token, now);
}

/** Signs one staff bearer out; whether it was live. */
export function revokeStaffSession(db: Database, token: string, now: Date): Promise<boolean> {
  return endSession(db, 'staff', token, now);
}

/** Revokes every other live session of a staff email (after a password change); the ids revoked. */
export function revokeOtherStaffSessions(db: Database, email: string, keepSessionId: string, now: Date): Promise<string[]> {
  return revokeOtherStaffSessionsIn(db, email, keepSessionId, now);
}

/** The bearer token of an Authorization header, if any. */
export function bearerOf(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+([A-Za-z0-9._~+/=-]{16,512})\s*$/i);
  return match?.[1];
}

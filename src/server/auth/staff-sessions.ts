/** Staff sessions: bearers of their own table, so a diner's bearer never reaches a staff call nor the reverse. */
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { perDatabase } from '../db/per-database.ts';
import { emitChange } from '../db/change-feed.ts';
import { staffSessionCacheOf } from '../db/staff-session-cache.ts';
import { merchants, staff, staffSessions } from '../db/schema.ts';
import { hashToken, randomToken } from './tokens.ts';

/** Lifetime of a staff bearer: a service at the host stand, not a month. */
export const STAFF_SESSION_TTL_SECONDS = 12 * 3600;

/** One merchant a staff session may act for. */
export interface StaffMerchant {
  id: string;
  slug: string;
  name: string;
  timezone: string;
  /** The staff row of this merchant the session signed in as. */
  staffId: string;
}

/** A signed-in staff member as the staff calls see them. */
export interface StaffSession {
  sessionId: string;
  email: string;
  merchants: StaffMerchant[];
}

/** Issues a staff bearer for the staff rows whose password matched; returns it in clear (only the caller sees it). */
export async function createStaffSession(
  db: Database,
  email: string,
  staffIds: string[],
  { now = new Date(), ttlSeconds = STAFF_SESSION_TTL_SECONDS } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  await db.insert(staffSessions).values({ tokenHash: hashToken(token), email, staffIds, expiresAt, createdAt: now });
  return { token, expiresAt };
}

// One statement, prepared once per database handle: every staff call starts with it.
const sessionMerchants = perDatabase((db: Database) =>
  db
    .select({
      sessionId: staffSessions.id,
      email: staffSessions.email,
      expiresAt: staffSessions.expiresAt,
      id: merchants.id,
      slug: merchants.slug,
      name: merchants.name,
      timezone: merchants.timezone,
      staffId: staff.id,
    })
    .from(staffSessions)
    // The staff rows the session signed in as that still list its email: a row dropped by a new definition stops counting.
    .innerJoin(staff, and(eq(staff.email, staffSessions.email), sql`${staffSessions.staffIds} @> jsonb_build_array(${staff.id}::text)`))
    .innerJoin(merchants, eq(merchants.id, staff.merchantId))
    .where(and(eq(staffSessions.tokenHash, sql.placeholder('tokenHash')), gt(staffSessions.expiresAt, sql.placeholder('now')), isNull(staffSessions.revokedAt)))
    .orderBy(merchants.slug)
    .prepare('staff_session_merchants'),
);

/** The staff member behind a bearer, if it is a live staff session; its merchants are those its staff rows still name. */
export function findStaffSession(db: Database, token: string, now: Date): Promise<StaffSession | undefined> {
  const tokenHash = hashToken(token);
  return staffSessionCacheOf(db).read(tokenHash, now, async () => {
    // Placeholders skip drizzle's column encoders: the instant goes as an ISO string.
    const rows = await sessionMerchants(db).execute({ tokenHash, now: now.toISOString() });
    if (rows.length === 0) return undefined;
    const session: StaffSession = {
      sessionId: rows[0]!.sessionId,
      email: rows[0]!.email,
      merchants: rows.map(({ id, slug, name, timezone, staffId }) => ({ id, slug, name, timezone, staffId })),
    };
    return { value: session, expiresAt: new Date(rows[0]!.expiresAt) };
  }) as Promise<StaffSession | undefined>;
}

/** Revokes one staff bearer; whether it was live. */
export async function revokeStaffSession(db: Database, token: string, now: Date): Promise<boolean> {
  const revoked = await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.tokenHash, hashToken(token)), isNull(staffSessions.revokedAt)))
    .returning({ id: staffSessions.id });
  emitChange(db, { kind: 'staff-session' });
  return revoked.length > 0;
}

/** Revokes every other live session of a staff email (after a password change); the ids revoked. */
export async function revokeOtherStaffSessions(db: Database, email: string, keepSessionId: string, now: Date): Promise<string[]> {
  const revoked = await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.email, email), ne(staffSessions.id, keepSessionId), isNull(staffSessions.revokedAt)))
    .returning({ id: staffSessions.id });
  emitChange(db, { kind: 'staff-session' });
  return revoked.map((row) => row.id);
}

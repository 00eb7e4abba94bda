/**
 * Where bearer sessions are kept, one store per kind of signer: diners' access tokens (with their refresh-token
 * families) and staff sessions. Both keep only a token's hash; auth/sessions.ts makes tokens and reads them here.
 */
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from './database.ts';
import { perDatabase } from './per-database.ts';
import { placeholdersOf, preparedStatement, preparedStatements, shapeOf } from './prepared-statement.ts';
import { accessTokens, merchants, refreshTokens, staff, staffSessions, users } from './schema.ts';
import { emitChange } from './change-feed.ts';
import { staffSessionCacheOf } from './staff-session-cache.ts';
import type { StaffRole } from '../../shared/staff-roles.ts';

/** A signed-in diner as the booking calls see them. */
export type SessionUser = typeof users.$inferSelect & {
  /** Set for a guest session: the only booking it may act on. */
  sessionBookingId: string | null;
};

/** One merchant a staff session may act for. */
export interface StaffMerchant {
  id: string;
  slug: string;
  name: string;
  timezone: string;
  /** The staff row of this merchant the session signed in as. */
  staffId: string;
  /** What that row may do here (src/shared/staff-roles.ts). */
  role: StaffRole;
}

/** A signed-in staff member as the staff calls see them. */
export interface StaffSession {
  sessionId: string;
  email: string;
  merchants: StaffMerchant[];
}

/** Who a diner's session is for: the user, a guest's one booking, the refresh-token family that issued it. */
export interface DinerSubject {
  userId: string;
  bookingId: string | null;
  familyId: string | null;
}

/** Who a staff session is for: the email and the staff rows whose password matched. */
export interface StaffSubject {
  email: string;
  staffIds: string[];
}

/** The sessions of one kind of signer, by token hash. */
export interface SessionStore<Subject, Session> {
  insert(db: Database, tokenHash: string, subject: Subject, expiresAt: Date, now: Date): Promise<void>;
  /** The session of a hash, if it is unexpired and not revoked. */
  find(db: Database, tokenHash: string, now: Date): Promise<Session | undefined>;
  /** Revokes one session (and what the kind revokes with it); whether it was live. */
  revoke(db: Database, tokenHash: string, now: Date): Promise<boolean>;
}

/** Revokes every bearer and refresh token of a family. */
export async function revokeFamily(db: Database, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  await db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(and(eq(accessTokens.familyId, familyId), isNull(accessTokens.revokedAt)));
}

// Every diner call with a bearer starts with this read, every guest's first call with the insert: built once.
const dinerSession = preparedStatement((on) =>
  on
    .select({ user: users, bookingId: accessTokens.bookingId })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(and(eq(accessTokens.tokenHash, sql.placeholder('tokenHash')), gt(accessTokens.expiresAt, sql.placeholder('now')), isNull(accessTokens.revokedAt)))
    .limit(1)
    .prepare('diner_session'),
);
const insertAccessToken = preparedStatements((on, shape) =>
  on
    .insert(accessTokens)
    .values(placeholdersOf(shape) as unknown as typeof accessTokens.$inferInsert)
    .prepare('insert_access_token'),
);

/** Diners' sessions: access tokens. */
export const dinerSessionStore: SessionStore<DinerSubject, SessionUser> = {
  async insert(db, tokenHash, { userId, bookingId, familyId }, expiresAt, now) {
    const values = { userId, tokenHash, bookingId, familyId, expiresAt, createdAt: now };
    await insertAccessToken(db, shapeOf(values)!).execute(values);
  },

  async find(db, tokenHash, now) {
    // Placeholders in a condition skip the column encoders: the instant goes as an ISO string.
    const [row] = await dinerSession(db).execute({ tokenHash, now: now.toISOString() });
    return row ? { ...row.user, sessionBookingId: row.bookingId } : undefined;
  },

  // A password or social sign-in's bearer takes its family with it, so the refresh token kept beside it cannot mint a new one.
  async revoke(db, tokenHash, now) {
    return db.transaction(async (tx) => {
      const [revoked] = await tx
        .update(accessTokens)
        .set({ revokedAt: now })
        .where(and(eq(accessTokens.tokenHash, tokenHash), isNull(accessTokens.revokedAt)))
        .returning({ familyId: accessTokens.familyId });
      if (!revoked) return false;
      if (revoked.familyId) await revokeFamily(tx, revoked.familyId, now);
      return true;
    });
  },
};

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
      role: staff.role,
    })
    .from(staffSessions)
    // The staff rows the session signed in as that still list its email: a row dropped by a new definition stops counting.
    .innerJoin(staff, and(eq(staff.email, staffSessions.email), sql`${staffSessions.staffIds} @> jsonb_build_array(${staff.id}::text)`))
    .innerJoin(merchants, eq(merchants.id, staff.merchantId))
    .where(and(eq(staffSessions.tokenHash, sql.placeholder('tokenHash')), gt(staffSessions.expiresAt, sql.placeholder('now')), isNull(staffSessions.revokedAt)))
    .orderBy(merchants.slug)
    .prepare('staff_session_merchants'),
);

/** Staff sessions: a table of their own, so a diner's bearer never reaches a staff call nor the reverse. */
export const staffSessionStore: SessionStore<StaffSubject, StaffSession> = {
  async insert(db, tokenHash, { email, staffIds }, expiresAt, now) {
    await db.insert(staffSessions).values({ tokenHash, email, staffIds, expiresAt, createdAt: now });
  },

  // Its merchants are those its staff rows still name.
  find(db, tokenHash, now) {
    return staffSessionCacheOf(db).read(tokenHash, now, async () => {
      // Placeholders skip drizzle's column encoders: the instant goes as an ISO string.
      const rows = await sessionMerchants(db).execute({ tokenHash, now: now.toISOString() });
      if (rows.length === 0) return undefined;
      const session: StaffSession = {
        sessionId: rows[0]!.sessionId,
        email: rows[0]!.email,
        merchants: rows.map(({ id, slug, name, timezone, staffId, role }) => ({ id, slug, name, timezone, staffId, role })),
      };
      return { value: session, expiresAt: new Date(rows[0]!.expiresAt) };
    }) as Promise<StaffSession | undefined>;
  },

  async revoke(db, tokenHash, now) {
    const revoked = await db
      .update(staffSessions)
      .set({ revokedAt: now })
      .where(and(eq(staffSessions.tokenHash, tokenHash), isNull(staffSessions.revokedAt)))
      .returning({ id: staffSessions.id });
    emitChange(db, { kind: 'staff-session' });
    return revoked.length > 0;
  },
};

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

/** Stores a refresh token of a family. */
export async function insertRefreshToken(
  db: Database,
  values: { userId: string; familyId: string; tokenHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  const { now, ...row } = values;
  await db.insert(refreshTokens).values({ ...row, createdAt: now });
}

/** The refresh token of a hash as stored, whatever its state. */
export async function findRefreshToken(db: Database, tokenHash: string): Promise<typeof refreshTokens.$inferSelect | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

/**
 * Uses a live refresh token up and ends its family's bearers; the token, or undefined when it was not live.
 * Marked used in the statement that checks it: of two concurrent uses, one wins and the other finds it used.
 */
export async function rotateRefreshToken(db: Database, tokenHash: string, now: Date): Promise<{ userId: string; familyId: string } | undefined> {
  return db.transaction(async (tx) => {
    const [rotated] = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now)))
      .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId });
    if (!rotated) return undefined;
    await tx
      .update(accessTokens)
      .set({ revokedAt: now })
      .where(and(eq(accessTokens.familyId, rotated.familyId), isNull(accessTokens.revokedAt)));
    return rotated;
  });
}

/** A merchant's staff rows as a definition lists them, and the sessions that end when a row goes or its password changes. */
import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Database, Tx } from './database.ts';
import { merchants, staff, staffSessions } from './schema.ts';
import type { StaffRole } from '../../shared/staff-roles.ts';

/** One staff row as a definition writes it: its password hash and role. */
export interface StaffMemberValues {
  passwordHash: string;
  role: StaffRole;
}

/** One staff row as a definition writes it; a null hash keeps the stored one (a staff edit that gave no password). */
export interface StaffMemberWrite {
  passwordHash: string | null;
  role: StaffRole;
}

/** What a new staff list ended: staff rows dropped, and the sessions revoked because their password changed. */
export interface StaffRevocation {
  /** Staff rows removed: their sessions no longer reach this merchant. */
  staffIds: string[];
  /** Sessions revoked: signed in with a password that changed. */
  sessionIds: string[];
}

/** The stored password hash of each staff email of a merchant (to keep a hash whose password did not change). */
export async function staffHashesOf(db: Database, slug: string): Promise<Map<string, string>> {
  return new Map([...(await staffMembersOf(db, slug))].map(([email, member]) => [email, member.passwordHash]));
}

/** The stored password hash and role of each staff email of a merchant. */
export async function staffMembersOf(db: Database, slug: string): Promise<Map<string, StaffMemberValues>> {
  const rows = await db
    .select({ email: staff.email, passwordHash: staff.passwordHash, role: staff.role })
    .from(staff)
    .innerJoin(merchants, eq(merchants.id, staff.merchantId))
    .where(eq(merchants.slug, slug));
  return new Map(rows.map((row) => [row.email, { passwordHash: row.passwordHash, role: row.role }]));
}

/**
 * Writes a merchant's staff list: rows upserted with their hashes and roles, rows no longer listed deleted. A row whose
 * hash changed (a new password) has every session that signed in as it revoked. A null hash keeps the row's own, read
 * and written in this transaction, so a password changed meanwhile by its owner is never written back.
 */
export async function replaceStaff(tx: Tx, merchantId: string, members: ReadonlyMap<string, StaffMemberWrite>): Promise<StaffRevocation> {
  const before = await tx.select({ id: staff.id, email: staff.email, passwordHash: staff.passwordHash }).from(staff).where(eq(staff.merchantId, merchantId));
  const emails = [...members.keys()];
  const hashes = new Map([...members].map(([email, member]) => [email, member.passwordHash]));
  for (const [email, { passwordHash, role }] of members) {
    if (passwordHash === null) {
      const kept = await tx
        .update(staff)
        .set({ role })
        .where(and(eq(staff.merchantId, merchantId), eq(staff.email, email)))
        .returning({ id: staff.id });
      if (kept.length === 0) throw new Error(`staff ${email} keeps a password but has no row`);
      continue;
    }
    await tx
      .insert(staff)
      .values({ merchantId, email, passwordHash, role })
      .onConflictDoUpdate({ target: [staff.merchantId, staff.email], set: { passwordHash, role } });
  }
  const removed = await tx
    .delete(staff)
    .where(emails.length > 0 ? and(eq(staff.merchantId, merchantId), notInArray(staff.email, emails)) : eq(staff.merchantId, merchantId))
    .returning({ id: staff.id });
  const changed = before
    .filter((row) => {
      const next = hashes.get(row.email);
      return next !== undefined && next !== null && next !== row.passwordHash;
    })
    .map((row) => row.id);
  const revoked =
    changed.length === 0
      ? []
      : await tx
          .update(staffSessions)
          .set({ revokedAt: new Date() })
          .where(
            and(
              isNull(staffSessions.revokedAt),
              sql`${staffSessions.staffIds} ?| array[${sql.join(
                changed.map((id) => sql`${id}`),
                sql`, `,
              )}]::text[]`,
            ),
          )
          .returning({ id: staffSessions.id });
  return { staffIds: removed.map((row) => row.id), sessionIds: revoked.map((row) => row.id) };
}

/** The id and password hash of each staff row of an email (one per merchant that lists it). */
export function staffHashesByEmail(db: Database, email: string): Promise<{ id: string; passwordHash: string }[]> {
  return db.select({ id: staff.id, passwordHash: staff.passwordHash }).from(staff).where(eq(staff.email, email));
}

/** The id and password hash of each of these staff rows. */
export function staffHashesByIds(db: Database, staffIds: string[]): Promise<{ id: string; passwordHash: string }[]> {
  return db.select({ id: staff.id, passwordHash: staff.passwordHash }).from(staff).where(inArray(staff.id, staffIds));
}

/** Sets the password hash of these staff rows. */
export async function setStaffPasswordHash(db: Database, staffIds: string[], passwordHash: string): Promise<void> {
  await db.update(staff).set({ passwordHash }).where(inArray(staff.id, staffIds));
}

/** A merchant's staff rows, by email. */
export function staffRowsOf(db: Database, merchantId: string): Promise<(typeof staff.$inferSelect)[]> {
  return db.select().from(staff).where(eq(staff.merchantId, merchantId)).orderBy(asc(staff.email));
}

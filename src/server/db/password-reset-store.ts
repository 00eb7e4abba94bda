/**
 * Password-reset links, one store per kind of signer: diners' (password_resets, for one user) and staff's
 * (staff_password_resets, for every staff row of an email). Using a link is one transaction for both.
 */
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from './database.ts';
import { accessTokens, merchants, passwordResets, refreshTokens, staff, staffPasswordResets, staffSessions, users } from './schema.ts';
import { emitChange } from './change-feed.ts';

/** A diner's reset link as stored. */
export type DinerResetRow = typeof passwordResets.$inferSelect;
/** A staff reset link as stored. */
export type StaffResetRow = typeof staffPasswordResets.$inferSelect;

/** A new link: `account` is the user's id for a diner, the (normalised) email for staff. */
export interface NewReset {
  account: string;
  tokenHash: string;
  lang: string;
  merchantSlug: string | null;
  /** Where a diner goes once the password is set (staff go to the staff sign-in). */
  returnUrl: string;
  expiresAt: Date;
  now: Date;
}

/** The reset links of one kind of signer. */
export interface PasswordResetStore<Row> {
  insert(db: Database, reset: NewReset): Promise<void>;
  /** The link of a hash, if it is unused and unexpired. */
  findUsable(db: Database, tokenHash: string, now: Date): Promise<Row | undefined>;
  /**
   * In one transaction, under a lock on the account's rows: uses the link up (in the statement that checks it, so of
   * two submissions one wins), sets the account's password, uses up its other links and revokes its sessions.
   * Undefined when the link is not usable.
   */
  complete(db: Database, tokenHash: string, passwordHash: string, now: Date): Promise<(Row & { revokedSessionIds: string[] }) | undefined>;
}

/** Diners' links: one user each. */
export const dinerResetStore: PasswordResetStore<DinerResetRow> = {
  async insert(db, { account, now, ...reset }) {
    await db.insert(passwordResets).values({ ...reset, userId: account, createdAt: now });
  },

  async findUsable(db, tokenHash, now) {
    const [row] = await db
      .select()
      .from(passwordResets)
      .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .limit(1);
    return row;
  },

  complete(db, tokenHash, passwordHash, now) {
    return db.transaction(async (tx) => {
      const [link] = await tx.select({ userId: passwordResets.userId }).from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash)).limit(1);
      if (!link) return undefined;
      // The account first: two links of one account used at once wait here in turn (and never deadlock on each other's rows).
      await tx.select({ id: users.id }).from(users).where(eq(users.id, link.userId)).for('update');
      const [used] = await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
        .returning();
      if (!used) return undefined;
      await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, used.userId));
      await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.userId, used.userId), isNull(passwordResets.usedAt)));
      const revoked = await tx
        .update(accessTokens)
        .set({ revokedAt: now })
        .where(and(eq(accessTokens.userId, used.userId), isNull(accessTokens.revokedAt)))
        .returning({ id: accessTokens.id });
      await tx
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.userId, used.userId), isNull(refreshTokens.revokedAt)));
      return { ...used, revokedSessionIds: revoked.map((row) => row.id) };
    });
  },
};

/** Staff links: every staff row of an email. */
export const staffResetStore: PasswordResetStore<StaffResetRow> = {
  async insert(db, { account, now, returnUrl: _staffGoToTheirSignIn, ...reset }) {
    await db.insert(staffPasswordResets).values({ ...reset, email: account, createdAt: now });
  },

  async findUsable(db, tokenHash, now) {
    const [row] = await db
      .select()
      .from(staffPasswordResets)
      .where(and(eq(staffPasswordResets.tokenHash, tokenHash), isNull(staffPasswordResets.usedAt), gt(staffPasswordResets.expiresAt, now)))
      .limit(1);
    return row;
  },

  async complete(db, tokenHash, passwordHash, now) {
    const completed = await db.transaction(async (tx) => {
      const [link] = await tx
        .select({ email: staffPasswordResets.email })
        .from(staffPasswordResets)
        .where(eq(staffPasswordResets.tokenHash, tokenHash))
        .limit(1);
      if (!link) return undefined;
      // The email's staff rows first, in one order: two links of one email used at once wait here in turn.
      await tx.select({ id: staff.id }).from(staff).where(eq(staff.email, link.email)).orderBy(asc(staff.id)).for('update');
      const [used] = await tx
        .update(staffPasswordResets)
        .set({ usedAt: now })
        .where(and(eq(staffPasswordResets.tokenHash, tokenHash), isNull(staffPasswordResets.usedAt), gt(staffPasswordResets.expiresAt, now)))
        .returning();
      if (!used) return undefined;
      await tx.update(staff).set({ passwordHash }).where(eq(staff.email, used.email));
      await tx
        .update(staffPasswordResets)
        .set({ usedAt: now })
        .where(and(eq(staffPasswordResets.email, used.email), isNull(staffPasswordResets.usedAt)));
      const revoked = await tx
        .update(staffSessions)
        .set({ revokedAt: now })
        .where(and(eq(staffSessions.email, used.email), isNull(staffSessions.revokedAt)))
        .returning({ id: staffSessions.id });
      // The sessions revoked above may be cached by this process (staff-session-cache.ts).
      emitChange(tx, { kind: 'staff-session' });
      return { ...used, revokedSessionIds: revoked.map((row) => row.id) };
    });
    return completed;
  },
};

/** The colours and name a merchant's mails and reset page wear, by slug; undefined for an unknown slug. */
export async function merchantBrandOf(db: Database, slug: string): Promise<{ name: string; primary: string; background: string; slug: string } | undefined> {
  const [merchant] = await db
    .select({ name: merchants.name, primary: merchants.themePrimary, background: merchants.themeBackground, slug: merchants.slug })
    .from(merchants)
    .where(eq(merchants.slug, slug))
    .limit(1);
  return merchant;
}

/** The slugs of the merchants that list a (normalised) email as staff, in order. */
export async function staffMerchantSlugsOf(db: Database, email: string): Promise<string[]> {
  const rows = await db
    .select({ slug: merchants.slug })
    .from(staff)
    .innerJoin(merchants, eq(merchants.id, staff.merchantId))
    .where(eq(staff.email, email))
    .orderBy(asc(merchants.slug));
  return rows.map((row) => row.slug);
}

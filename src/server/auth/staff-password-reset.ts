/**
 * Staff password reset, as for diners: a single-use link valid one hour, mailed only to an email some merchant lists
 * as staff; using it sets the password of every staff row of that email and ends all their sessions.
 */
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Lang } from '../../shared/langs.ts';
import type { Database } from '../db/database.ts';
import { merchants, staff, staffPasswordResets, staffSessions } from '../db/schema.ts';
import { emitChange } from '../db/change-feed.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MailBrand } from '../mail/messages/mail-layout.ts';
import { passwordResetMessage } from '../mail/messages/password-reset.ts';
import { RESET_TTL_MINUTES } from './password-reset.ts';
import { hashPassword } from './passwords.ts';
import { hashToken, randomToken } from './tokens.ts';

/** What staff password reset needs (the diners' mailer and addresses). */
export interface StaffPasswordResetDeps {
  db: Database;
  mailer: Mailer;
  now: () => Date;
  /** The link is `${publicUrl}/auth/reset_password?token=...`, the diners' page. */
  publicUrl: string;
  /** Whose name signs a mail to staff of several merchants. */
  providerName: string;
  /** A merchant's colours for the mail, by slug (the diners' reset has it). */
  brandOf: (slug: string | undefined) => Promise<MailBrand>;
}

/** A staff reset link that can still be used. */
export type UsableStaffReset = typeof staffPasswordResets.$inferSelect;

/** Creates the staff password-reset service. */
export function createStaffPasswordReset(deps: StaffPasswordResetDeps) {
  const { db } = deps;

  /** Mails a reset link when some merchant lists this (normalised) email as staff; does nothing otherwise. */
  async function request(input: { email: string; lang: Lang }): Promise<void> {
    const rows = await db
      .select({ slug: merchants.slug })
      .from(staff)
      .innerJoin(merchants, eq(merchants.id, staff.merchantId))
      .where(eq(staff.email, input.email))
      .orderBy(asc(merchants.slug));
    if (rows.length === 0) return;
    const now = deps.now();
    const token = randomToken();
    // Staff of one merchant get its colours; staff of several, the provider's.
    const merchantSlug = rows.length === 1 ? rows[0]!.slug : null;
    await db.insert(staffPasswordResets).values({
      email: input.email,
      tokenHash: hashToken(token),
      lang: input.lang,
      merchantSlug,
      expiresAt: new Date(now.getTime() + RESET_TTL_MINUTES * 60_000),
      createdAt: now,
    });
    const link = `${deps.publicUrl}/auth/reset_password?token=${encodeURIComponent(token)}`;
    const brand = merchantSlug ? await deps.brandOf(merchantSlug) : { name: deps.providerName };
    const message = passwordResetMessage({ lang: input.lang, link, firstname: '', brand, validMinutes: RESET_TTL_MINUTES });
    await deps.mailer.send({ to: input.email, ...message });
  }

  /** The staff reset a token names, if it is unused and unexpired. */
  async function find(token: string): Promise<UsableStaffReset | undefined> {
    const [row] = await db
      .select()
      .from(staffPasswordResets)
      .where(and(eq(staffPasswordResets.tokenHash, hashToken(token)), isNull(staffPasswordResets.usedAt), gt(staffPasswordResets.expiresAt, deps.now())))
      .limit(1);
    return row;
  }

  /**
   * Sets the new password (already checked by the caller) on every staff row of the link's email and uses the link
   * up; every staff session of that email and every other pending link end. Undefined when the link is not usable.
   */
  async function complete(token: string, newPassword: string): Promise<(UsableStaffReset & { revokedSessionIds: string[] }) | undefined> {
    const passwordHash = await hashPassword(newPassword);
    const now = deps.now();
    const completed = await db.transaction(async (tx) => {
      // Used up in the statement that checks it, so two submissions of one link cannot both succeed.
      const [used] = await tx
        .update(staffPasswordResets)
        .set({ usedAt: now })
        .where(and(eq(staffPasswordResets.tokenHash, hashToken(token)), isNull(staffPasswordResets.usedAt), gt(staffPasswordResets.expiresAt, now)))
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
  }

  return { request, find, complete };
}

/** The staff password-reset service. */
export type StaffPasswordReset = ReturnType<typeof createStaffPasswordReset>;

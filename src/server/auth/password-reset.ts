/** Password reset: a single-use link valid one hour, mailed only to existing accounts; using it ends every session. */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { merchants, passwordResets, users } from '../db/schema.ts';
import { findAccountByEmail } from '../db/user-store.ts';
import type { Lang } from '../../shared/langs.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MailBrand } from '../mail/messages/mail-layout.ts';
import { passwordResetMessage } from '../mail/messages/password-reset.ts';
import { hashPassword } from './passwords.ts';
import { revokeUserSessions } from './sessions.ts';
import { hashToken, randomToken } from './tokens.ts';

/** How long a reset link works. */
export const RESET_TTL_MINUTES = 60;

/** What password reset needs. */
export interface PasswordResetDeps {
  db: Database;
  mailer: Mailer;
  now: () => Date;
  /** This server's public address: the link is `${publicUrl}/auth/reset_password?token=...`. */
  publicUrl: string;
  /** The provider's name, signing mails that no merchant is involved in. */
  providerName: string;
}

/** A reset request, already validated. */
export interface ResetRequest {
  email: string;
  returnUrl: string;
  lang: Lang;
  merchantSlug?: string;
}

/** A reset link that can still be used. */
export type UsableReset = typeof passwordResets.$inferSelect;

/** Creates the password-reset service. */
export function createPasswordReset(deps: PasswordResetDeps) {
  const { db } = deps;

  async function brandOf(slug: string | undefined): Promise<MailBrand & { slug?: string }> {
    if (slug) {
      const [merchant] = await db
        .select({ name: merchants.name, primary: merchants.themePrimary, background: merchants.themeBackground, slug: merchants.slug })
        .from(merchants)
        .where(eq(merchants.slug, slug))
        .limit(1);
      if (merchant) return merchant;
    }
    return { name: deps.providerName };
  }

  /** Mails a reset link when an account has this email; does nothing otherwise (the caller answers the same). */
  async function request(input: ResetRequest): Promise<void> {
    const account = await findAccountByEmail(db, input.email);
    if (!account) return;
    const now = deps.now();
    const token = randomToken();
    const brand = await brandOf(input.merchantSlug);
    await db.insert(passwordResets).values({
      userId: account.id,
      tokenHash: hashToken(token),
      returnUrl: input.returnUrl,
      lang: input.lang,
      merchantSlug: brand.slug ?? null,
      expiresAt: new Date(now.getTime() + RESET_TTL_MINUTES * 60_000),
      createdAt: now,
    });
    const link = `${deps.publicUrl}/auth/reset_password?token=${encodeURIComponent(token)}`;
    const message = passwordResetMessage({ lang: input.lang, link, firstname: account.firstname, brand, validMinutes: RESET_TTL_MINUTES });
    await deps.mailer.send({ to: account.email!, ...message });
  }

  /** The reset a token names, if it is unused and unexpired. */
  async function find(token: string): Promise<UsableReset | undefined> {
    const [row] = await db
      .select()
      .from(passwordResets)
      .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, deps.now())))
      .limit(1);
    return row;
  }

  /**
   * Sets the new password (already checked by the caller) and uses up the link; every session of the account
   * and every other pending link ends. Undefined when the link is unknown, expired or already used.
   */
  async function complete(token: string, newPassword: string): Promise<UsableReset | undefined> {
    const passwordHash = await hashPassword(newPassword);
    const now = deps.now();
    // Used up in the statement that checks it, so two submissions of one link cannot both succeed.
    const [used] = await db
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .returning();
    if (!used) return undefined;
    await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, used.userId));
    await db
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, used.userId), isNull(passwordResets.usedAt)));
    await revokeUserSessions(db, used.userId, now);
    return used;
  }

  return { request, find, complete, brandOf };
}

/** The password-reset service. */
export type PasswordReset = ReturnType<typeof createPasswordReset>;

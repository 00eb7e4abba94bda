/**
 * Password reset for diners and staff, one module parameterised by who signs in: a single-use link valid one hour,
 * mailed only to an existing account; using it sets the password, in one transaction uses up every other link of
 * the account and ends every session of it (db/password-reset-store.ts, one store per signer).
 */
import type { Database } from '../db/database.ts';
import {
  dinerResetStore,
  merchantBrandOf,
  staffMerchantSlugsOf,
  staffResetStore,
  type DinerResetRow,
  type PasswordResetStore,
  type StaffResetRow,
} from '../db/password-reset-store.ts';
import { findAccountByEmail } from '../db/user-store.ts';
import type { Lang } from '../../shared/langs.ts';
import type { Mailer } from '../mail/mailer.ts';
import { DEFAULT_PUBLIC_URL, type AccountOptions } from './account-settings.ts';
import type { MailBrand } from '../mail/messages/mail-layout.ts';
import { passwordResetMessage } from '../mail/messages/password-reset.ts';
import { staffInviteMessage } from '../mail/messages/staff-invite.ts';
import { hashPassword } from './passwords.ts';
import type { Signer } from './sessions.ts';
import { hashToken, randomToken } from './tokens.ts';

/** How long a reset link works. */
export const RESET_TTL_MINUTES = 60;
/** How long the link of a new staff member's invitation works: a week (they may not read their mail at once). */
export const INVITE_TTL_MINUTES = 7 * 24 * 60;

/** What password reset needs, whoever signs in. */
export interface PasswordResetDeps {
  db: Database;
  mailer: Mailer;
  now: () => Date;
  /** This server's public address: the link is `${publicUrl}/auth/reset_password?token=...` (one page for both signers). */
  publicUrl: string;
  /** The provider's name, signing mails that no one merchant is involved in. */
  providerName: string;
}

/** What staff password reset needs: the diners' deps, and a merchant's colours for the mail by slug. */
export interface StaffPasswordResetDeps extends PasswordResetDeps {
  brandOf: (slug: string | undefined) => Promise<MailBrand>;
}

/** A diner's reset request, already validated. */
export interface ResetRequest {
  email: string;
  returnUrl: string;
  lang: Lang;
  merchantSlug?: string;
}

/** A diner's reset link that can still be used. */
export type UsableReset = DinerResetRow;
/** A staff reset link that can still be used. */
export type UsableStaffReset = StaffResetRow;

/** Who a link is mailed to, as each signer finds them. */
interface ResetRecipient {
  /** The user's id for a diner, the email for staff. */
  account: string;
  to: string;
  firstname: string;
  lang: Lang;
  returnUrl: string;
  brand: MailBrand & { slug?: string };
}

const stores: { diner: PasswordResetStore<DinerResetRow>; staff: PasswordResetStore<StaffResetRow> } = { diner: dinerResetStore, staff: staffResetStore };

/** The link's life for one signer: mailed, found, used. */
function resetLinks<S extends Signer>(who: S, deps: PasswordResetDeps) {
  const store = stores[who] as PasswordResetStore<S extends 'diner' ? DinerResetRow : StaffResetRow>;
  const { db } = deps;

  /** Stores a new link for the recipient and mails it: the reset mail, or the staff invitation. */
  async function mail(recipient: ResetRecipient, kind: 'reset' | 'invite' = 'reset'): Promise<void> {
    const now = deps.now();
    const validMinutes = kind === 'invite' ? INVITE_TTL_MINUTES : RESET_TTL_MINUTES;
    const token = randomToken();
    await store.insert(db, {
      account: recipient.account,
      tokenHash: hashToken(token),
      lang: recipient.lang,
      merchantSlug: recipient.brand.slug ?? null,
      returnUrl: recipient.returnUrl,
      expiresAt: new Date(now.getTime() + validMinutes * 60_000),
      now,
    });
    const link = `${deps.publicUrl}/auth/reset_password?token=${encodeURIComponent(token)}`;
    const { brand, firstname, lang } = recipient;
    const message =
      kind === 'invite'
        ? staffInviteMessage({ lang, link, brand, validDays: validMinutes / (24 * 60) })
        : passwordResetMessage({ lang, link, firstname, brand, validMinutes });
    await deps.mailer.send({ to: recipient.to, ...message });
  }

  /** The link a token names, if it is unused and unexpired. */
  function find(token: string) {
    return store.findUsable(db, hashToken(token), deps.now());
  }

  /**
   * Sets the new password (already checked by the caller) and uses up the link; every session of the account and
   * every other pending link end, in one transaction. Undefined when the link is unknown, expired or already used.
   */
  async function complete(token: string, newPassword: string) {
    const passwordHash = await hashPassword(newPassword);
    return store.complete(db, hashToken(token), passwordHash, deps.now());
  }

  return { mail, find, complete };
}

/** Creates the diners' password-reset service. */
export function createPasswordReset(deps: PasswordResetDeps) {
  const { db } = deps;
  const links = resetLinks('diner', deps);

  /** A merchant's colours by slug; the provider's name for none or an unknown one. */
  async function brandOf(slug: string | undefined): Promise<MailBrand & { slug?: string }> {
    const merchant = slug ? await merchantBrandOf(db, slug) : undefined;
    return merchant ?? { name: deps.providerName };
  }

  /** Mails a reset link when an account has this email; does nothing otherwise (the caller answers the same). */
  async function request(input: ResetRequest): Promise<void> {
    const account = await findAccountByEmail(db, input.email);
    if (!account) return;
    const brand = await brandOf(input.merchantSlug);
    await links.mail({ account: account.id, to: account.email!, firstname: account.firstname, lang: input.lang, returnUrl: input.returnUrl, brand });
  }

  return { request, find: links.find, complete: links.complete, brandOf };
}

/** Creates the staff password-reset service: the link resets every staff row of an email. */
export function createStaffPasswordReset(deps: StaffPasswordResetDeps) {
  const links = resetLinks('staff', deps);

  /** Mails a reset link when some merchant lists this (normalised) email as staff; does nothing otherwise. */
  async function request(input: { email: string; lang: Lang }): Promise<void> {
    const slugs = await staffMerchantSlugsOf(deps.db, input.email);
    if (slugs.length === 0) return;
    // Staff of one merchant get its colours; staff of several, the provider's.
    const brand = slugs.length === 1 ? { ...(await deps.brandOf(slugs[0])), slug: slugs[0]! } : { name: deps.providerName };
    await links.mail({ account: input.email, to: input.email, firstname: '', lang: input.lang, returnUrl: '', brand });
  }

  /**
   * Mails a staff member an owner just added (with no password) the link to choose theirs, in the merchant's colours;
   * called by the job that sends their invitation's outbox row, once.
   */
  async function invite(input: { email: string; lang: Lang; slug: string }): Promise<void> {
    const brand = { ...(await deps.brandOf(input.slug)), slug: input.slug };
    await links.mail({ account: input.email, to: input.email, firstname: '', lang: input.lang, returnUrl: '', brand }, 'invite');
  }

  return { request, invite, find: links.find, complete: links.complete };
}

/** The diners' password-reset service. */
export type PasswordReset = ReturnType<typeof createPasswordReset>;
/** The staff password-reset service. */
export type StaffPasswordReset = ReturnType<typeof createStaffPasswordReset>;

/**
 * What the message jobs call to send a staff invitation, built from the accounts' options (their mailer, public URL
 * and provider name): undefined without a mailer, as for the other mails the jobs send.
 */
export function staffInviteSender(db: Database, now: () => Date, options: AccountOptions | undefined) {
  if (!options?.mailer) return undefined;
  const providerName = options.providerName ?? 'Couvert';
  const publicUrl = (options.publicUrl ?? DEFAULT_PUBLIC_URL).replace(/\/+$/, '');
  const base = { db, mailer: options.mailer, now, publicUrl, providerName };
  return createStaffPasswordReset({ ...base, brandOf: createPasswordReset(base).brandOf }).invite;
}

/**
 * Platform registration that never tells whether an email already has an account: both answer a signed-in
 * session, and the account's owner is told by mail instead of the caller.
 */
import type { Database } from '../db/database.ts';
import { findAccountByEmail, insertUser } from '../db/user-store.ts';
import type { Lang } from '../../shared/langs.ts';
import type { Mailer } from '../mail/mailer.ts';
import { accountExistsMessage } from '../mail/messages/account-exists.ts';
import type { MailBrand } from '../mail/messages/mail-layout.ts';
import { issueTokenPair, type TokenLifetimes, type TokenPair } from './oauth-token.ts';
import { hashPassword } from './passwords.ts';

/** What registration needs. */
export interface RegistrationDeps {
  db: Database;
  mailer: Mailer;
  now: () => Date;
  lifetimes: TokenLifetimes;
  /** The site's origin: the mail links to its sign-in and forgotten-password pages. */
  siteOrigin: string;
  /** Who signs the mail (the provider). */
  brand: () => Promise<MailBrand>;
  /** Where a failed mail is reported (the caller has had its answer by then). */
  onMailError: (error: unknown) => void;
}

/** Checked contact details and password of a registration. */
export interface Registration {
  firstname: string;
  lastname: string;
  phone: string;
  email: string;
  password: string;
  lang: Lang;
}

/**
 * Creates the account and signs it in. When the email already has an account, the caller gets the same answer
 * for a guest holding the details it typed (it may book with them, as after "continue without account"), no
 * access to the account, and the owner gets a mail; the password is hashed either way so both take as long.
 */
export async function registerAccount(deps: RegistrationDeps, details: Registration): Promise<TokenPair> {
  const { db } = deps;
  const at = deps.now();
  const passwordHash = await hashPassword(details.password);
  const { firstname, lastname, phone, email } = details;
  const account = await insertUser(db, { firstname, lastname, phone, email, passwordHash, onboarding: false, createdAt: at, updatedAt: at });
  if (account) return issueTokenPair(db, account.id, deps.lifetimes, at);
  const guest = await insertUser(db, {
    firstname,
    lastname,
    phone,
    anonymous: true,
    anonymousEmail: email,
    wantsEmailConfirmation: false,
    onboarding: false,
    createdAt: at,
    updatedAt: at,
  });
  if (!guest) throw new Error('guest not saved');
  void tellOwner(deps, email, details.lang).catch(deps.onMailError);
  return issueTokenPair(db, guest.id, deps.lifetimes, at);
}

async function tellOwner(deps: RegistrationDeps, email: string, lang: Lang): Promise<void> {
  const owner = await findAccountByEmail(deps.db, email);
  if (!owner?.email) return;
  const message = accountExistsMessage({
    lang,
    firstname: owner.firstname ?? '',
    brand: await deps.brand(),
    loginUrl: `${deps.siteOrigin}/auth/login`,
    forgotUrl: `${deps.siteOrigin}/auth/forgot_password`,
  });
  await deps.mailer.send({ to: owner.email, ...message });
}

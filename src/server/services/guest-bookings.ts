/**
 * An account finds the bookings it made as a guest: those guests made under the account's own email or phone,
 * attached once the diner proves that contact with a code sent there (docs/accounts.md, "Earlier guest bookings").
 */
import { checkContactCode, issueContactCode, type ContactChannel } from '../auth/contact-proof.ts';
import { IDENTITY_CODE_TTL_MINUTES, maskedEmail, maskedPhone } from '../auth/identity-proof.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { BookingRow } from '../db/booking-store.ts';
import type { Database } from '../db/database.ts';
import { attachGuestBookings, countGuestBookings, lockAccount } from '../db/guest-bookings.ts';
import type { UserRow } from '../db/user-store.ts';
import { DomainError } from '../domain/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { identityCodeMessage, identityCodeSms } from '../mail/messages/identity-code.ts';
import type { SmsSender } from '../mail/sms.ts';
import type { Lang } from '../../shared/langs.ts';

/** What the calls need. */
export interface GuestBookingsDeps {
  db: Database;
  now: () => Date;
  mailer: Mailer;
  sms?: SmsSender;
  /** The provider's name, which signs the code's messages (no restaurant is involved). */
  providerName: string;
  /** A line about a failed delivery: never the code. */
  warn: (line: string, error?: unknown) => void;
  /** Tells pages and staff books of the bookings attached (committed). */
  announce: (bookings: BookingRow[]) => Promise<void>;
}

/** One channel's offer: how many bookings its code would attach, and where the code would go (masked). */
export interface ChannelOffer {
  count: number;
  sent_to: string;
}

/** The account's own contact on a channel, or null. */
function contactOf(user: Pick<UserRow, 'email' | 'phone'>, channel: ContactChannel): string | null {
  return (channel === 'email' ? user.email : user.phone) ?? null;
}

/** Only an account (not a guest, not a manage link's one-booking session) has earlier bookings to find. */
function accountOnly(user: SessionUser): void {
  if (user.anonymous || user.sessionBookingId) throw new DomainError('booking_forbidden', undefined, 'Only an account can take up guest bookings');
}

/** The guest bookings under the account's email and under its phone (null where there is none). */
export async function guestBookingsOffer(db: Database, user: SessionUser): Promise<Record<ContactChannel, ChannelOffer | null>> {
  accountOnly(user);
  const offer = async (channel: ContactChannel): Promise<ChannelOffer | null> => {
    const contact = contactOf(user, channel);
    const count = contact ? await countGuestBookings(db, { channel, contact }) : 0;
    if (!contact || count === 0) return null;
    return { count, sent_to: channel === 'email' ? maskedEmail(contact) : maskedPhone(contact) };
  };
  return { email: await offer('email'), phone: await offer('phone') };
}

/**
 * Sends a code to the account's email or phone, when guest bookings exist under it; 404 booking_not_found when none
 * do. `countCodeSent` counts the send against the contact's hourly limit (seconds to wait when over it).
 */
export async function sendAttachCode(
  deps: GuestBookingsDeps,
  user: SessionUser,
  channel: ContactChannel,
  lang: Lang,
  countCodeSent: (contact: string) => Promise<number>,
): Promise<{ sent_to: string } | { retryAfterSeconds: number }> {
  const offer = (await guestBookingsOffer(deps.db, user))[channel];
  const contact = contactOf(user, channel);
  if (!offer || !contact) throw new DomainError('booking_not_found', undefined, 'No guest booking was made under this contact');
  const wait = await countCodeSent(`${channel}:${contact}`);
  if (wait > 0) return { retryAfterSeconds: wait };
  const code = await issueContactCode(deps.db, { userId: user.id, channel, contact }, deps.now());
  const brand = deps.providerName;
  if (channel === 'email') {
    const message = identityCodeMessage({
      lang,
      firstname: user.firstname,
      brand: { name: brand },
      ref: '',
      code,
      validMinutes: IDENTITY_CODE_TTL_MINUTES,
      purpose: 'attach',
    });
    await deps.mailer.send({ to: contact, ...message }).catch((error: unknown) => deps.warn('attach code mail failed', error));
  } else if (deps.sms) {
    const text = identityCodeSms({ lang, name: brand, ref: '', code, minutes: IDENTITY_CODE_TTL_MINUTES, purpose: 'attach' });
    await deps.sms.send(contact, text).catch((error: unknown) => deps.warn('attach code SMS failed', error));
  } else {
    deps.warn('attach code not sent by SMS: no SMS sender is configured');
  }
  return { sent_to: offer.sent_to };
}

/**
 * Attaches the guest bookings under the account's contact on `channel`, given the code sent there, in one
 * transaction: the account's row locked, the code checked against exactly that account, channel and contact (a try is
 * counted even when wrong), then the guests' and their bookings' rows locked and given to the account. The number
 * attached; 403 identity_proof_invalid for a wrong, used, expired or other contact's code.
 */
export async function attachWithCode(deps: GuestBookingsDeps, user: SessionUser, channel: ContactChannel, code: string): Promise<number> {
  accountOnly(user);
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const account = await lockAccount(tx, user.id);
    const contact = account && !account.anonymous ? contactOf(account, channel) : null;
    if (!contact || !(await checkContactCode(tx, { userId: user.id, channel, contact }, code, now))) return undefined;
    return attachGuestBookings(tx, user.id, { channel, contact }, now);
  });
  if (!outcome) throw new DomainError('identity_proof_invalid');
  await deps.announce(outcome);
  return outcome.length;
}

/** Sends a booking's identity code to its guest: by SMS to the booking's phone, by mail when the guest gave an email. */
import { isLang, type Lang } from '../../shared/langs.ts';
import type { Database } from '../db/database.ts';
import { findMerchantById } from '../db/merchant-store.ts';
import type { UserRow } from '../db/user-store.ts';
import type { Mailer } from '../mail/mailer.ts';
import { identityCodeMessage, identityCodeSms } from '../mail/messages/identity-code.ts';
import type { SmsSender } from '../mail/sms.ts';
import { IDENTITY_CODE_TTL_MINUTES, issueIdentityCode, maskedEmail, maskedPhone } from './identity-proof.ts';

/** Where the code went, masked, as the browser shows it. */
export interface SentTo {
  phone: string | null;
  email: string | null;
}

/** What sending needs. */
export interface IdentityCodeDeps {
  db: Database;
  sms?: SmsSender;
  mailer: Mailer;
  /** A line about a failed or impossible delivery: never the code. */
  warn: (line: string, error?: unknown) => void;
}

/** Issues a new code for the booking (voiding the previous one) and sends it to the guest; where it went, masked. */
export async function sendIdentityCode(
  deps: IdentityCodeDeps,
  booking: { id: string; ref: string; lang: string; merchantId: string },
  guest: UserRow,
  now: Date,
): Promise<SentTo> {
  const code = await issueIdentityCode(deps.db, booking.id, now);
  const lang: Lang = isLang(booking.lang) ? booking.lang : 'fr';
  const merchant = await findMerchantById(deps.db, booking.merchantId);
  const name = merchant?.name ?? '';
  const email = guest.anonymousEmail ?? guest.email;
  const deliveries: Array<Promise<void>> = [];
  if (guest.phone && deps.sms) {
    const text = identityCodeSms({ lang, name, ref: booking.ref, code, minutes: IDENTITY_CODE_TTL_MINUTES });
    deliveries.push(deps.sms.send(guest.phone, text).catch((error: unknown) => deps.warn('identity code SMS failed', error)));
  } else if (guest.phone) {
    deps.warn('identity code not sent by SMS: no SMS sender is configured');
  }
  if (email) {
    const message = identityCodeMessage({
      lang,
      firstname: guest.firstname,
      brand: { name, primary: merchant?.themePrimary, background: merchant?.themeBackground },
      ref: booking.ref,
      code,
      validMinutes: IDENTITY_CODE_TTL_MINUTES,
    });
    deliveries.push(deps.mailer.send({ to: email, ...message }).catch((error: unknown) => deps.warn('identity code mail failed', error)));
  }
  await Promise.all(deliveries);
  return { phone: guest.phone ? maskedPhone(guest.phone) : null, email: email ? maskedEmail(email) : null };
}

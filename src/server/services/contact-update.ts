/** Changing the signed-in diner's contact details (spec section 7, user/update). */
import { checkContactDetails, type FieldProblems } from '../auth/contact-details.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { Database } from '../db/database.ts';
import type { BookingRow } from '../db/booking-store.ts';
import { updateDinerDetails, type UserRow } from '../db/user-store.ts';
import { DomainError } from '../domain/errors.ts';

/** The diner as stored after the change, or the fields that cannot take it. */
export type ContactUpdateOutcome = { user: UserRow } | { problems: FieldProblems };

/**
 * A guest's details are theirs to change, email included; an account's email is its sign-in name and stays. A
 * manage link's session of an account's booking manages that booking, never the account itself. The diner's
 * bookings move to a new revision with the change, and `announce` tells their pages and staff books once committed.
 */
export async function updateContactDetails(
  db: Database,
  user: SessionUser,
  body: Record<string, unknown>,
  now: Date,
  announce: (bookings: BookingRow[]) => Promise<void>,
): Promise<ContactUpdateOutcome> {
  if (user.sessionBookingId && !user.anonymous) throw new DomainError('booking_forbidden', undefined, 'This session reaches one booking only');
  const checked = checkContactDetails(body, { email: 'optional', password: false });
  if (!checked.ok) return { problems: checked.problems };
  const { firstname, lastname, phone, email } = checked.value;
  // Changing it here would skip any proof of owning the new address.
  if (!user.anonymous && email && user.email && email !== user.email) return { problems: { email: ['email_locked'] } };
  const changes = user.anonymous
    ? { firstname, lastname, phone, anonymousEmail: email ?? null, wantsEmailConfirmation: !!email }
    : { firstname, lastname, phone, ...(user.email ? {} : { email: email ?? null }) };
  const updated = await updateDinerDetails(db, user.id, { ...changes, onboarding: false }, now);
  if (!updated) return { problems: { email: ['email_taken'] } };
  await announce(updated.bookings);
  return { user: updated.user };
}

/** Bookings guests made under an email or a phone, found for an account with that contact and attached to it under row locks. */
import { and, asc, count, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { updateBooking, type BookingRow } from './booking-store.ts';
import type { Database, Tx } from './database.ts';
import { bookings, users } from './schema.ts';

/** Which contact the guests gave: their email (normalised) or their phone (E.164). */
export type GuestContact = { channel: 'email' | 'phone'; contact: string };

/** Guests (never accounts) who gave exactly this contact. */
function guestsWith({ channel, contact }: GuestContact): SQL {
  const same = channel === 'email' ? sql`coalesce(${users.anonymousEmail}, ${users.email}) = ${contact}` : eq(users.phone, contact);
  return and(eq(users.anonymous, true), same)!;
}

/** The account's row, locked for the rest of the caller's transaction (taken before the guests' rows). */
export async function lockAccount(tx: Tx, userId: string): Promise<typeof users.$inferSelect | undefined> {
  const [account] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return account;
}

/** How many bookings (drafts aside) guests made under this contact. */
export async function countGuestBookings(db: Database, contact: GuestContact): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(and(guestsWith(contact), isNotNull(bookings.status)));
  return row?.n ?? 0;
}

/**
 * Gives the account every booking (drafts aside) that guests made under this contact, inside the caller's
 * transaction: the account's row is locked first (the caller), then the guests' rows, then their bookings' rows, in
 * id order, the order every other write takes; each booking moves to its next revision. The bookings as written.
 */
export async function attachGuestBookings(tx: Tx, accountId: string, contact: GuestContact, now: Date): Promise<BookingRow[]> {
  const guests = await tx.select({ id: users.id }).from(users).where(guestsWith(contact)).orderBy(asc(users.id)).for('update');
  if (guests.length === 0) return [];
  const rows = await tx
    .select()
    .from(bookings)
    .where(
      and(
        inArray(
          bookings.userId,
          guests.map((guest) => guest.id),
        ),
        isNotNull(bookings.status),
      ),
    )
    .orderBy(asc(bookings.id))
    .for('update');
  const attached: BookingRow[] = [];
  for (const row of rows) {
    const written = await updateBooking(tx, row, { userId: accountId, updatedAt: now });
    if (written) attached.push(written);
  }
  return attached;
}

/**
 * Limits per phone number, checked when a booking is validated, inside its transaction and under a lock on the
 * phone: one pending or confirmed booking per phone per merchant and time, and a daily cap per unconfirmed phone.
 */
import { and, count, eq, gt, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { internationalPhone } from '../domain/phone.ts';
import { DomainError } from '../domain/errors.ts';
import { LIVE_STATUSES } from '../../shared/booking-life-cycle.ts';
import { lockKeys, type BookingRow } from './booking-store.ts';
import type { Database, Tx } from './database.ts';
import { preparedStatements } from './prepared-statement.ts';
import { bookings, users } from './schema.ts';

/** What the limits read of the diner validating: their phone. */
type PhoneHolder = Pick<typeof users.$inferSelect, 'phone'>;

/** How many coming bookings a phone may hold. */
export interface PhoneLimits {
  /** Pending or confirmed bookings, across every merchant, on one merchant-local day, for a phone never confirmed. */
  unconfirmedPerDay: number;
}

/** Default: lunch, dinner and one more. */
export const DEFAULT_PHONE_LIMITS: PhoneLimits = { unconfirmedPerDay: 3 };

const settings = new WeakMap<Database, PhoneLimits>();

/** Sets the phone limits of the bookings kept in `db` (the server does, from its configuration). */
export function setPhoneLimits(db: Database, limits: PhoneLimits): void {
  settings.set(db, limits);
}

/** The phone limits of the bookings kept in `db`. */
export function phoneLimitsOf(db: Database): PhoneLimits {
  return settings.get(db) ?? DEFAULT_PHONE_LIMITS;
}

/**
 * Whether a diner's phone was proven theirs. Nothing confirms a phone today (no code is sent and checked; an
 * account's phone is what it typed and user/update changes it at will), so no phone is, guests' or accounts'.
 */
export function phoneConfirmed(_user: PhoneHolder): boolean {
  return false;
}

const HOLDING = [...LIVE_STATUSES];

const phoneOf = (phone: string) => internationalPhone(phone) ?? phone.trim();

/** The lock key of a phone, serialising the validations that phone makes (assertPhoneMayBook takes it). */
export function phoneLockKey(phone: string): string {
  return `phone:${phoneOf(phone)}`;
}

// The three counts in one statement: key '' (no phone), 'phone' (an unconfirmed one) or 'confirmed' (no daily cap).
const limitCounts = preparedStatements((on, key) => {
  const others = and(ne(bookings.id, sql.placeholder('bookingId')), inArray(bookings.status, HOLDING));
  const overlapping = and(
    eq(bookings.merchantId, sql.placeholder('merchantId')),
    lt(bookings.startsAt, sql.placeholder('endsAt')),
    gt(bookings.endsAt, sql.placeholder('startsAt')),
  );
  const countOf = (where: SQL | undefined) =>
    sql<number>`(${on.select({ n: count() }).from(bookings).innerJoin(users, eq(users.id, bookings.userId)).where(where)})`.mapWith(Number);
  const none = sql<number>`0`.mapWith(Number);
  const phone = key !== '';
  return on
    .select({
      own: countOf(and(others, overlapping, eq(bookings.userId, sql.placeholder('userId')))),
      phoneOverlapping: phone ? countOf(and(others, overlapping, eq(users.phone, sql.placeholder('phone')))) : none,
      phoneThatDay:
        key === 'phone' ? countOf(and(others, eq(users.phone, sql.placeholder('phone')), eq(bookings.localDate, sql.placeholder('localDate')))) : none,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('diner_limit_counts');
});

/**
 * Refuses to validate `booking` for the diner `user`: when the diner holds another live booking at the same merchant
 * at an overlapping time, or their phone does, whoever holds it (user_booking_limit_reached); or when the phone,
 * unconfirmed, holds as many bookings that day as allowed (phone_booking_limit_reached). One statement, three counts.
 * Run inside the validating transaction; takes a lock on the phone until it ends, unless the caller took it already
 * (phoneLockKey).
 */
export async function assertDinerMayBook(
  tx: Tx,
  booking: Pick<BookingRow, 'id' | 'merchantId' | 'startsAt' | 'endsAt' | 'localDate'>,
  user: PhoneHolder & { id: string },
  limits: PhoneLimits,
  { locked = false }: { locked?: boolean } = {},
): Promise<void> {
  // Two guests validating with one phone at once: the second waits here and then sees the first's booking.
  if (user.phone && !locked) await lockKeys(tx, [phoneLockKey(user.phone)]);
  const phone = user.phone ? phoneOf(user.phone) : undefined;
  const [found] = await limitCounts(tx, !phone ? '' : phoneConfirmed(user) ? 'confirmed' : 'phone').execute({
    bookingId: booking.id,
    merchantId: booking.merchantId,
    // Placeholders in a condition skip the column encoders: instants go as ISO strings.
    startsAt: booking.startsAt.toISOString(),
    endsAt: booking.endsAt.toISOString(),
    localDate: booking.localDate,
    userId: user.id,
    phone,
  });
  if (!found) return;
  if (found.own > 0) throw new DomainError('user_booking_limit_reached');
  if (found.phoneOverlapping > 0) throw new DomainError('user_booking_limit_reached', { reason: 'phone' });
  if (found.phoneThatDay >= limits.unconfirmedPerDay) {
    throw new DomainError('phone_booking_limit_reached', { limit: limits.unconfirmedPerDay });
  }
}

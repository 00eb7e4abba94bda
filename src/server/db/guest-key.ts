/**
 * Who a booking's diner is to the restaurant, from booking to booking: their account when they have one
 * ("account:{user id}"), else their phone as stored, in international form ("phone:+33612345678"), else their email in
 * lower case ("email:…"), else this booking alone ("booking:{token}"). Guests are one user row per booking (anonymous), so two guest bookings are the same diner
 * when they share a phone (or, without a phone, an email); an account is its own diner whatever phone it gives.
 */
import { sql, type SQL } from 'drizzle-orm';
import { bookings, users } from './schema.ts';

/** The kinds of key, as the profile call names them (booking: a guest who left neither phone nor email). */
export type GuestIdentity = 'account' | 'phone' | 'email' | 'booking';

/** The guest key of the diner of `users` (joined to the booking), null when they left nothing to know them by. */
export const guestKeySql: SQL<string | null> = sql<string | null>`(case
  when not ${users.anonymous} then 'account:' || ${users.id}::text
  when ${users.phone} is not null and ${users.phone} <> '' then 'phone:' || ${users.phone}
  when coalesce(${users.email}, ${users.anonymousEmail}, '') <> '' then 'email:' || lower(coalesce(${users.email}, ${users.anonymousEmail}))
end)`;

/**
 * The guest key of a booking (its users row joined): the diner's, or "booking:{token}" for a guest who left neither
 * phone nor email (a walk-in by first name), who is then this booking alone.
 */
export const bookingGuestKeySql: SQL<string> = sql<string>`coalesce(${guestKeySql}, 'booking:' || ${bookings.token})`;

/** The kind of a guest key. */
export function identityOf(key: string): GuestIdentity {
  return key.slice(0, key.indexOf(':')) as GuestIdentity;
}

/**
 * Which users a guest key names, as a condition on `users`: the account itself, or the guests (never an account)
 * with that phone, or without a phone and with that email.
 */
export function usersOfKey(key: string): SQL {
  const value = key.slice(key.indexOf(':') + 1);
  switch (identityOf(key)) {
    case 'account':
      return sql`${users.id} = ${value}::uuid and not ${users.anonymous}`;
    case 'booking':
      return sql`false`;
    case 'phone':
      return sql`${users.phone} = ${value} and ${users.anonymous}`;
    default:
      return sql`${users.anonymous} and coalesce(${users.phone}, '') = '' and lower(coalesce(${users.email}, ${users.anonymousEmail})) = ${value}`;
  }
}

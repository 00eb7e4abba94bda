/**
 * A guest takes a fresh draft (no_account): their diner row, the draft given to them and their bearer reaching only that
 * booking, written by one statement (one round trip and one commit instead of three of each).
 */
import { sql } from 'drizzle-orm';
import { emitChange } from './change-feed.ts';
import { rowsOf, type ExecuteAnswer } from './execute-rows.ts';
import type { Database } from './database.ts';
import { accessTokens, bookings, users } from './schema.ts';

/** What the guest gave and the bearer minted for them (its hash only: the token itself never reaches the database). */
export interface GuestOfDraft {
  bookingId: string;
  firstname: string;
  lastname: string;
  phone: string | null;
  /** The email a guest gave for their messages (a guest's row never takes an account's email). */
  anonymousEmail: string | null;
  tokenHash: string;
  expiresAt: Date;
  now: Date;
}

/**
 * Writes the guest and gives them the booking if it has no diner yet, with their bearer; the guest's id, or undefined
 * when another diner took the booking first (then no bearer is written, only the guest row nobody uses, as when the
 * three were separate statements).
 */
export async function takeDraftAsGuest(db: Database, guest: GuestOfDraft): Promise<string | undefined> {
  const at = guest.now.toISOString();
  // PostgreSQL runs every update and insert in WITH whether the final select reads it or not; a bearer only with the booking.
  const answer = await db.execute(sql`with guest as (
      insert into ${users} (firstname, lastname, phone, anonymous_email, wants_email_confirmation, anonymous, onboarding, created_at, updated_at)
      values (${guest.firstname}, ${guest.lastname}, ${guest.phone}, ${guest.anonymousEmail}, ${guest.anonymousEmail !== null}, true, false, ${at}, ${at})
      returning id
    ), owned as (
      update ${bookings} set user_id = (select id from guest), updated_at = ${at}
      where id = ${guest.bookingId} and user_id is null
      returning merchant_id
    ), bearer as (
      insert into ${accessTokens} (user_id, token_hash, booking_id, expires_at, created_at)
      select guest.id, ${guest.tokenHash}, ${guest.bookingId}, ${guest.expiresAt.toISOString()}, ${at} from guest, owned
      returning id
    )
    select (select id from guest) as user_id, (select merchant_id from owned) as merchant_id`);
  const [row] = rowsOf(answer as ExecuteAnswer<{ user_id: string; merchant_id: string | null }>);
  if (!row?.merchant_id) return undefined;
  emitChange(db, { kind: 'booking', merchantId: row.merchant_id });
  return row.user_id;
}

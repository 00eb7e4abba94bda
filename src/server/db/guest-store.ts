/**
 * Guest profiles: what a restaurant's staff keep on a booking's diner (guest-key.ts says who is who), and the
 * diner's bookings there by how they ended. A save is a version check under the profile's row lock.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { BookingStatus } from '../../shared/booking-life-cycle.ts';
import { EMPTY_GUEST_TAGS, orderedAllergens, type GuestTags } from '../../shared/guest-profile.ts';
import type { GuestCounts } from '../../shared/api/staff-guest.ts';
import { DomainError } from '../domain/errors.ts';
import { emitChange } from './change-feed.ts';
import type { Database, Tx } from './database.ts';
import { bookingGuestKeySql, identityOf, usersOfKey, type GuestIdentity } from './guest-key.ts';
import { bookings, guestProfiles, users } from './schema.ts';

/** A diner's profile at a merchant, as the calls answer it. */
export interface GuestProfileRead {
  identity: GuestIdentity;
  tags: GuestTags;
  revision: number;
  updatedAt: Date | null;
  updatedBy: string | null;
  counts: GuestCounts;
}

/** The guest key of a merchant's booking (drafts are nobody's yet); booking_not_found when it is not one of its. */
async function keyOfBooking(db: Database | Tx, merchantId: string, token: string): Promise<string> {
  const [row] = await db
    .select({ key: bookingGuestKeySql })
    .from(bookings)
    .leftJoin(users, eq(users.id, bookings.userId))
    .where(and(eq(bookings.token, token), eq(bookings.merchantId, merchantId), isNotNull(bookings.status)));
  if (!row) throw new DomainError('booking_not_found', undefined, 'No booking of this restaurant by that token');
  return row.key;
}

type ProfileRow = typeof guestProfiles.$inferSelect;

const tagsOf = (row: ProfileRow | undefined): GuestTags =>
  row ? { vip: row.vip, regular: row.regular, seating: row.seating, allergens: orderedAllergens(row.allergens), note: row.note } : { ...EMPTY_GUEST_TAGS };

/** The bookings here (drafts left out) of the users a key names, by how they ended: one statement. */
async function countsOf(db: Database | Tx, merchantId: string, key: string): Promise<GuestCounts> {
  const status = (code: number) => sql.raw(String(code));
  const ofKey = key.startsWith('booking:')
    ? sql`${bookings.token} = ${key.slice('booking:'.length)}`
    : sql`${bookings.userId} in (select ${users.id} from ${users} where ${usersOfKey(key)})`;
  const [row] = await db
    .select({
      visits: sql<number>`(count(*) filter (where ${bookings.status} = ${status(BookingStatus.Finished)} and ${bookings.arrivedAt} is not null and ${bookings.noShowAt} is null))::int`,
      noShows: sql<number>`(count(*) filter (where ${bookings.noShowAt} is not null))::int`,
      byDiner: sql<number>`(count(*) filter (where ${bookings.status} = ${status(BookingStatus.Cancelled)}))::int`,
      byRestaurant: sql<number>`(count(*) filter (where ${bookings.status} = ${status(BookingStatus.Refused)}))::int`,
      all: sql<number>`count(*)::int`,
    })
    .from(bookings)
    .where(and(eq(bookings.merchantId, merchantId), isNotNull(bookings.status), ofKey));
  return {
    visits: Number(row?.visits ?? 0),
    no_shows: Number(row?.noShows ?? 0),
    cancelled_by_diner: Number(row?.byDiner ?? 0),
    cancelled_by_restaurant: Number(row?.byRestaurant ?? 0),
    bookings: Number(row?.all ?? 0),
  };
}

function answer(key: string, row: ProfileRow | undefined, counts: GuestCounts): GuestProfileRead {
  return {
    identity: identityOf(key),
    tags: tagsOf(row),
    revision: row?.revision ?? 0,
    updatedAt: row?.updatedAt ?? null,
    updatedBy: row?.updatedBy ?? null,
    counts,
  };
}

/** The profile of a merchant's booking's diner, and their bookings here. */
export async function readGuest(db: Database, merchantId: string, token: string): Promise<GuestProfileRead> {
  const key = await keyOfBooking(db, merchantId, token);
  const [[row], counts] = await Promise.all([
    db
      .select()
      .from(guestProfiles)
      .where(and(eq(guestProfiles.merchantId, merchantId), eq(guestProfiles.guestKey, key))),
    countsOf(db, merchantId, key),
  ]);
  return answer(key, row, counts);
}

/**
 * Saves the profile of a booking's diner from the revision the editor read (0: none yet): under the profile row's
 * lock, or as an insert that loses to a concurrent one; any other revision is 409 stale_revision, nothing written.
 */
export async function saveGuest(
  db: Database,
  merchantId: string,
  token: string,
  save: { tags: GuestTags; revision: number; by: string; now: Date },
): Promise<GuestProfileRead> {
  const values = { ...save.tags, allergens: orderedAllergens(save.tags.allergens), updatedBy: save.by, updatedAt: save.now };
  const { key, row } = await db.transaction(async (tx) => {
    const key = await keyOfBooking(tx, merchantId, token);
    const where = and(eq(guestProfiles.merchantId, merchantId), eq(guestProfiles.guestKey, key));
    const [current] = await tx.select().from(guestProfiles).where(where).for('update');
    const stale = () => new DomainError('stale_revision', { revision: current?.revision ?? 0 }, 'This diner\u2019s profile changed since it was read');
    if ((current?.revision ?? 0) !== save.revision) throw stale();
    let row: ProfileRow | undefined;
    if (current) {
      [row] = await tx
        .update(guestProfiles)
        .set({ ...values, revision: current.revision + 1 })
        .where(where)
        .returning();
    } else {
      // Two first saves at once: the second waits for the first's insert, then inserts nothing and is stale.
      [row] = await tx
        .insert(guestProfiles)
        .values({ merchantId, guestKey: key, ...values, revision: 1 })
        .onConflictDoNothing()
        .returning();
      if (!row) throw stale();
    }
    emitChange(tx, { kind: 'guest', merchantId });
    return { key, row };
  });
  return answer(key, row, await countsOf(db, merchantId, key));
}

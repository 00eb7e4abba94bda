/** Reads and writes bookings; the table-holding rules live in SQL here and in the exclusion constraint. */
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { TableHold } from '../domain/availability.ts';
import type { Database } from './database.ts';
import { bookings } from './schema.ts';

/** A booking row as stored. */
export type BookingRow = typeof bookings.$inferSelect;
/** Columns needed to insert a booking. */
export type NewBooking = typeof bookings.$inferInsert;

/** What a transaction callback receives: the same query API as the database. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Queryable = Database | Tx;

/** PostgreSQL's code for an exclusion-constraint violation: the table was taken meanwhile. */
export const EXCLUSION_VIOLATION = '23P01';
/** PostgreSQL's code for a unique violation. */
export const UNIQUE_VIOLATION = '23505';

/** The SQLSTATE of a driver error, through drizzle's wrapping. */
export function sqlStateOf(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Serialises every booking write of these merchant-local days until the transaction ends, so pacing
 * is checked against what is really there. Days are locked in order to avoid deadlocks.
 */
export async function lockMerchantDays(tx: Tx, merchantId: string, localDates: string[]): Promise<void> {
  for (const day of [...new Set(localDates)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${merchantId}:${day}`}, 0))`);
  }
}

/** A draft whose hold has lapsed stops holding its table. */
export async function releaseExpiredDrafts(db: Queryable, now: Date, merchantId?: string): Promise<BookingRow[]> {
  return db
    .update(bookings)
    .set({ holdsTable: false, updatedAt: now })
    .where(
      and(
        isNull(bookings.status),
        eq(bookings.holdsTable, true),
        lt(bookings.holdExpiresAt, now),
        merchantId ? eq(bookings.merchantId, merchantId) : undefined,
      ),
    )
    .returning();
}

/** Bookings that hold a table of this merchant and overlap [from, to): live drafts, pending and confirmed. */
export async function listHolds(db: Queryable, merchantId: string, from: Date, to: Date, now: Date): Promise<TableHold[]> {
  const rows = await db
    .select({
      id: bookings.id,
      tableId: bookings.tableId,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      clientCount: bookings.clientCount,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.merchantId, merchantId),
        eq(bookings.holdsTable, true),
        lt(bookings.startsAt, to),
        gt(bookings.endsAt, from),
        or(isNotNull(bookings.status), gt(bookings.holdExpiresAt, now)),
      ),
    );
  return rows.map((row) => ({
    tableId: row.tableId,
    start: row.startsAt,
    end: row.endsAt,
    covers: row.clientCount,
    bookingId: row.id,
  }));
}

/** Finds a booking of a merchant by its token. */
export async function findBookingByToken(db: Queryable, merchantId: string, token: string): Promise<BookingRow | undefined> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.token, token), eq(bookings.merchantId, merchantId)))
    .limit(1);
  return row;
}

/** Finds a booking by its token alone (admin actions). */
export async function findBookingByTokenOnly(db: Queryable, token: string): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.token, token)).limit(1);
  return row;
}

/** Inserts a booking. */
export async function insertBooking(db: Queryable, values: NewBooking): Promise<BookingRow> {
  const [row] = await db.insert(bookings).values(values).returning();
  if (!row) throw new Error('booking insert returned nothing');
  return row;
}

/** Updates a booking by id and returns it. */
export async function updateBooking(db: Queryable, id: string, values: Partial<NewBooking>): Promise<BookingRow> {
  const [row] = await db.update(bookings).set(values).where(eq(bookings.id, id)).returning();
  if (!row) throw new Error('booking update matched nothing');
  return row;
}

/** The diner's next booking at a merchant that is still coming (pending or confirmed). */
export async function findCurrentBooking(
  db: Queryable,
  merchantId: string,
  userId: string,
  now: Date,
): Promise<BookingRow | undefined> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.merchantId, merchantId),
        eq(bookings.userId, userId),
        inArray(bookings.status, [10, 20]),
        gt(bookings.endsAt, now),
      ),
    )
    .orderBy(asc(bookings.startsAt))
    .limit(1);
  return row;
}

/** Another pending or confirmed booking of this diner at this merchant overlapping [start, end). */
export async function findOverlappingUserBooking(
  db: Queryable,
  booking: Pick<BookingRow, 'id' | 'merchantId' | 'startsAt' | 'endsAt'>,
  userId: string,
): Promise<BookingRow | undefined> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.merchantId, booking.merchantId),
        eq(bookings.userId, userId),
        ne(bookings.id, booking.id),
        inArray(bookings.status, [10, 20]),
        lt(bookings.startsAt, booking.endsAt),
        gt(bookings.endsAt, booking.startsAt),
      ),
    )
    .limit(1);
  return row;
}

/** Confirmed bookings whose time and duration have passed become finished; returns them. */
export async function finishPastBookings(db: Queryable, now: Date): Promise<BookingRow[]> {
  return db
    .update(bookings)
    .set({ status: 30, holdsTable: false, updatedAt: now })
    .where(and(eq(bookings.status, 20), lt(bookings.endsAt, now)))
    .returning();
}

/** Reads a booking and locks its row until the transaction ends. */
export async function lockBooking(tx: Tx, id: string): Promise<BookingRow | undefined> {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
  return row;
}

/** Reads and writes bookings; the table-holding rules live in SQL here and in the exclusion constraint. */
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { TableHold } from '../domain/availability.ts';
import { LIVE_STATUSES, statusOfState, statusesFrom } from '../../shared/booking-life-cycle.ts';
import { emitChange } from './change-feed.ts';
import { runsAlone, type Queryable, type Tx } from './database.ts';
import { placeholdersOf, preparedStatement, preparedStatements, shapeOf, valuePlaceholder } from './prepared-statement.ts';
import { bookings } from './schema.ts';

/** A booking row as stored. */
export type BookingRow = typeof bookings.$inferSelect;
/** Columns needed to insert a booking. */
export type NewBooking = typeof bookings.$inferInsert;

/** The statuses of a live booking (pending, confirmed), as SQL lists them. */
const LIVE = [...LIVE_STATUSES];

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
  await lockKeys(tx, merchantDayKeys(merchantId, localDates));
}

/** The lock keys of a merchant's days, in the one order every writer takes them. */
export function merchantDayKeys(merchantId: string, localDates: string[]): string[] {
  return [...new Set(localDates)].sort().map((day) => `${merchantId}:${day}`);
}

/** Takes transaction advisory locks on `keys` in one statement, one after another in the order given. */
export async function lockKeys(tx: Tx, keys: string[]): Promise<void> {
  // Where transactions run one at a time (PGlite), no writer is ever beside this one: a statement saved.
  if (keys.length === 0 || runsAlone(tx)) return;
  const locks = sql.join(
    keys.map((key) => sql`pg_advisory_xact_lock(hashtextextended(${key}, 0))`),
    sql`, `,
  );
  await tx.execute(sql`select ${locks}`);
}

/** Tells the change feed of booking rows written on `db` (at its commit when it is a transaction); returns them. */
function written(db: Queryable, rows: BookingRow[]): BookingRow[] {
  for (const merchantId of new Set(rows.map((row) => row.merchantId))) emitChange(db, { kind: 'booking', merchantId });
  return rows;
}

/** The next revision of a booking: every write of a row goes through it. */
const nextRevision = sql`${bookings.revision} + 1`;

/**
 * The update of the rows matching `condition` that no other transaction holds locked, returning them. A locked row is
 * being written by its owner, who decides about it: waiting for it could deadlock.
 */
function unlockedUpdate(on: Queryable, condition: SQL, values: Partial<NewBooking>) {
  const free = on.select({ id: bookings.id }).from(bookings).where(condition).for('update', { skipLocked: true });
  return on
    .update(bookings)
    .set({ ...values, revision: nextRevision })
    .where(and(inArray(bookings.id, free), condition))
    .returning();
}

/** Runs unlockedUpdate and tells the change feed of the rows it wrote. */
async function updateUnlocked(db: Queryable, condition: SQL, values: Partial<NewBooking>): Promise<BookingRow[]> {
  return written(db, await unlockedUpdate(db, condition, values));
}

// One statement per combination of the optional conditions: m (a merchant), x (a booking left out).
const releaseStatements = preparedStatements((on, key) => {
  const condition = and(
    isNull(bookings.status),
    eq(bookings.holdsTable, true),
    // A hold ends at its expiry: lapsed from that instant on, as the holds read (liveHolds) sees it.
    lte(bookings.holdExpiresAt, sql.placeholder('nowIso')),
    key.includes('m') ? eq(bookings.merchantId, sql.placeholder('merchantId')) : undefined,
    key.includes('x') ? ne(bookings.id, sql.placeholder('exceptId')) : undefined,
  )!;
  return unlockedUpdate(on, condition, { holdsTable: false, updatedAt: valuePlaceholder<Date>('now') }).prepare('release_expired_drafts');
});

/**
 * The life cycle's expire, set-based: a draft (status null) whose hold has lapsed stops holding its table; drafts another transaction is writing are left to
 * it, and so is `exceptId`, the booking the calling transaction writes itself.
 */
export async function releaseExpiredDrafts(db: Queryable, now: Date, merchantId?: string, exceptId?: string): Promise<BookingRow[]> {
  const key = `${merchantId ? 'm' : ''}${exceptId ? 'x' : ''}`;
  const rows = await releaseStatements(db, key).execute({ now, nowIso: now.toISOString(), merchantId, exceptId });
  return written(db, rows);
}

/** Longest booking a merchant may define (merchant-definition.ts): bounds how far back an overlapping booking can start. */
export const MAX_BOOKING_MINUTES = 720;

/** A booking that holds a table, with what decides whether it still does at a given time. */
export interface HoldRow {
  id: string;
  tableId: string;
  /** The other tables of a combination it holds. */
  joinedTableIds: string[];
  startsAt: Date;
  endsAt: Date;
  clientCount: number;
  status: number | null;
  holdExpiresAt: Date | null;
}

/** The columns of a HoldRow. */
export const holdRowColumns = {
  id: bookings.id,
  tableId: bookings.tableId,
  joinedTableIds: bookings.joinedTableIds,
  startsAt: bookings.startsAt,
  endsAt: bookings.endsAt,
  clientCount: bookings.clientCount,
  status: bookings.status,
  holdExpiresAt: bookings.holdExpiresAt,
};

/** The parameters of the hold-rows condition: values, placeholders of a prepared statement, or columns of a batch. */
export interface HoldRowsParams {
  merchantId: string | Placeholder | SQL;
  earliestStart: Date | Placeholder | SQL;
  from: Date | Placeholder | SQL;
  to: Date | Placeholder | SQL;
}

/** The values of HoldRowsParams for bookings overlapping [from, to). */
export function holdRowsParams(merchantId: string, from: Date, to: Date) {
  const earliestStart = from.getTime() - MAX_BOOKING_MINUTES * 60_000;
  return {
    merchantId,
    earliestStart: new Date(earliestStart),
    from,
    to,
  };
}

/**
 * Bookings marked as holding a table of the merchant that overlap [from, to): a range of the partial index
 * bookings_merchant_holds, (merchant_id, starts_at) where holds_table, so other merchants' rows are never read.
 */
export function holdRowsCondition(p: HoldRowsParams): SQL {
  return and(
    eq(bookings.merchantId, p.merchantId),
    // The earliest start of an overlapping booking bounds the index range from below.
    gt(bookings.startsAt, p.earliestStart),
    lt(bookings.startsAt, p.to),
    // The column itself, not `= $n`: only a literal predicate lets a prepared statement use the partial index.
    sql`${bookings.holdsTable}`,
    gt(bookings.endsAt, p.from),
  )!;
}

/**
 * Bookings marked as holding a table of this merchant that overlap [from, to), whatever the time:
 * a draft's hold lapses by the clock alone (see liveHolds).
 */
export async function listHoldRows(db: Queryable, merchantId: string, from: Date, to: Date): Promise<HoldRow[]> {
  const params = holdRowsParams(merchantId, from, to);
  // Placeholders in a condition skip the column encoders: instants go as ISO strings.
  return holdRowsStatement(db).execute({
    merchantId,
    earliestStart: params.earliestStart.toISOString(),
    from: params.from.toISOString(),
    to: params.to.toISOString(),
  });
}

const holdRowsStatement = preparedStatement((on) =>
  on
    .select(holdRowColumns)
    .from(bookings)
    .where(
      holdRowsCondition({
        merchantId: sql.placeholder('merchantId'),
        earliestStart: sql.placeholder('earliestStart'),
        from: sql.placeholder('from'),
        to: sql.placeholder('to'),
      }),
    )
    .prepare('hold_rows'),
);

/** The rows that hold their table at `now`: pending and confirmed bookings, and drafts whose hold has not lapsed. */
export function liveHolds(rows: HoldRow[], now: Date): TableHold[] {
  const holds: TableHold[] = [];
  for (const row of rows) {
    if (row.status === null && !(row.holdExpiresAt !== null && row.holdExpiresAt > now)) continue;
    holds.push({
      tableId: row.tableId,
      ...(row.joinedTableIds.length > 0 ? { joinedTableIds: row.joinedTableIds } : {}),
      start: row.startsAt,
      end: row.endsAt,
      covers: row.clientCount,
      bookingId: row.id,
    });
  }
  return holds;
}

/** Bookings that hold a table of this merchant and overlap [from, to): live drafts, pending and confirmed. */
export async function listHolds(db: Queryable, merchantId: string, from: Date, to: Date, now: Date): Promise<TableHold[]> {
  return liveHolds(await listHoldRows(db, merchantId, from, to), now);
}

/** Finds a booking of a merchant by its token. */
export async function findBookingByToken(db: Queryable, merchantId: string, token: string): Promise<BookingRow | undefined> {
  const [row] = await bookingByToken(db).execute({ token, merchantId });
  return row;
}

// A booking by token of one merchant, or by token alone: found, or found and locked (lockedWhere below).
const ofTokenAndMerchant = and(eq(bookings.token, sql.placeholder('token')), eq(bookings.merchantId, sql.placeholder('merchantId')));
const ofToken = eq(bookings.token, sql.placeholder('token'));
const bookingByToken = preparedStatement((on) => on.select().from(bookings).where(ofTokenAndMerchant).limit(1).prepare('booking_by_token'));

/** Finds a booking by its token alone (admin actions). */
export async function findBookingByTokenOnly(db: Queryable, token: string): Promise<BookingRow | undefined> {
  const [row] = await bookingByTokenOnly(db).execute({ token });
  return row;
}

const bookingByTokenOnly = preparedStatement((on) => on.select().from(bookings).where(ofToken).limit(1).prepare('booking_by_token_only'));

/** Inserts a booking. */
export async function insertBooking(db: Queryable, values: NewBooking): Promise<BookingRow> {
  const [row] = await db.insert(bookings).values(values).returning();
  if (!row) throw new Error('booking insert returned nothing');
  written(db, [row]);
  return row;
}

/**
 * Inserts a booking unless its merchant already has one under `values.ref` (then undefined, nothing written). Only
 * that unique index is the arbiter: a table taken meanwhile still fails with 23P01.
 */
export async function insertBookingUnlessRefTaken(db: Queryable, values: NewBooking): Promise<BookingRow | undefined> {
  const shape = shapeOf(values);
  const [row] =
    shape === null
      ? await db
          .insert(bookings)
          .values(values)
          .onConflictDoNothing({ target: [bookings.merchantId, bookings.ref] })
          .returning()
      : await insertUnlessRefTaken(db, shape).execute(values);
  if (row) written(db, [row]);
  return row;
}

// One statement per set of columns given (the others take their defaults).
const insertUnlessRefTaken = preparedStatements((on, shape) =>
  on
    .insert(bookings)
    .values(placeholdersOf(shape) as unknown as NewBooking)
    .onConflictDoNothing({ target: [bookings.merchantId, bookings.ref] })
    .returning()
    .prepare('insert_booking_unless_ref_taken'),
);

/**
 * Writes a booking as read at `seen.revision` and moves it to the next revision; undefined when the
 * row is gone or was written meanwhile (then nothing is written).
 */
export async function updateBooking(
  db: Queryable,
  seen: Pick<BookingRow, 'id' | 'revision'>,
  values: Omit<Partial<NewBooking>, 'revision'>,
): Promise<BookingRow | undefined> {
  const shape = shapeOf(values);
  const [row] =
    shape === null
      ? await db
          .update(bookings)
          .set({ ...values, revision: nextRevision })
          .where(and(eq(bookings.id, seen.id), eq(bookings.revision, seen.revision)))
          .returning()
      : await updateSeen(db, shape).execute({ ...values, seenId: seen.id, seenRevision: seen.revision });
  if (row) written(db, [row]);
  return row;
}

// One statement per set of columns written.
const updateSeen = preparedStatements((on, shape) =>
  on
    .update(bookings)
    .set({ ...(placeholdersOf(shape) as unknown as Partial<NewBooking>), revision: nextRevision })
    .where(and(eq(bookings.id, sql.placeholder('seenId')), eq(bookings.revision, sql.placeholder('seenRevision'))))
    .returning()
    .prepare('update_seen_booking'),
);

/**
 * Moves every booking of a diner (drafts aside) to its next revision, as a change of their details does: each row
 * waits for a transaction writing it, then takes its next revision after that write.
 */
export async function raiseDinerRevisions(db: Queryable, userId: string, now: Date): Promise<BookingRow[]> {
  const rows = await db
    .update(bookings)
    .set({ revision: nextRevision, updatedAt: now })
    .where(and(eq(bookings.userId, userId), isNotNull(bookings.status)))
    .returning();
  return written(db, rows);
}

/** The diner's next booking at a merchant that is still coming (pending or confirmed). */
export async function findCurrentBooking(db: Queryable, merchantId: string, userId: string, now: Date): Promise<BookingRow | undefined> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.merchantId, merchantId), eq(bookings.userId, userId), inArray(bookings.status, LIVE), gt(bookings.endsAt, now)))
    .orderBy(asc(bookings.startsAt))
    .limit(1);
  return row;
}

/**
 * The life cycle's finish by the system, set-based: bookings it may finish whose time and duration have passed
 * become finished (those being written are left to their writer); returns them.
 */
export async function finishPastBookings(db: Queryable, now: Date): Promise<BookingRow[]> {
  return updateUnlocked(db, and(inArray(bookings.status, statusesFrom('finish', 'system')), lt(bookings.endsAt, now))!, {
    status: statusOfState('finished'),
    holdsTable: false,
    updatedAt: now,
  });
}

// A booking read and locked until the transaction ends, by the condition given (its placeholders filled at each run).
const lockedWhere = (condition: SQL | undefined, name: string) =>
  preparedStatement((on) => on.select().from(bookings).where(condition).for('update').prepare(name));
const lockById = lockedWhere(eq(bookings.id, sql.placeholder('id')), 'lock_booking');
const lockByToken = lockedWhere(ofTokenAndMerchant, 'lock_booking_by_token');
const lockByTokenOnly = lockedWhere(ofToken, 'lock_booking_by_token_only');

/** Reads a booking and locks its row until the transaction ends. */
export async function lockBooking(tx: Tx, id: string): Promise<BookingRow | undefined> {
  const [row] = await lockById(tx).execute({ id });
  return row;
}

/** Reads a booking by its token (of one merchant, or any when merchantId is undefined) and locks its row until the transaction ends. */
export async function lockBookingByToken(tx: Tx, token: string, merchantId: string | undefined): Promise<BookingRow | undefined> {
  const [row] = await (merchantId === undefined ? lockByTokenOnly(tx).execute({ token }) : lockByToken(tx).execute({ token, merchantId }));
  return row;
}

/** Serialises the writes of one diner until the transaction ends. */
export function lockDiner(tx: Tx, userId: string): Promise<void> {
  return lockKeys(tx, [`diner:${userId}`]);
}

/** The restaurant's reads of its bookings: a day's book, a search across days, and each diner's history here. */
import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { BookingStatus } from '../../shared/booking-status.ts';
import { localTimeOf } from '../../shared/local-time.ts';
import type { StaffBookingRow } from '../../shared/api/pro.ts';
import type { Database } from './database.ts';
import { bookings, diningTables, users, zones } from './schema.ts';

/** One booking as the staff book shows it (its shape is the site's too). */
export type { StaffBookingRow };

/** Longest answer of a search. */
export const SEARCH_LIMIT = 50;

/** Longest answer of a catch-up: past it the book reads its day again. */
export const CHANGES_LIMIT = 500;

const columns = {
  id: bookings.id,
  token: bookings.token,
  ref: bookings.ref,
  status: bookings.status,
  revision: bookings.revision,
  startsAt: bookings.startsAt,
  endsAt: bookings.endsAt,
  localDate: bookings.localDate,
  clientCount: bookings.clientCount,
  comment: bookings.comment,
  cancelReason: bookings.cancelReason,
  cancelMessage: bookings.cancelMessage,
  arrivedAt: bookings.arrivedAt,
  noShowAt: bookings.noShowAt,
  staffNote: bookings.staffNote,
  updatedAt: bookings.updatedAt,
  zoneId: zones.id,
  zoneName: zones.name,
  tableId: diningTables.id,
  tableName: diningTables.name,
  userId: users.id,
  firstname: users.firstname,
  lastname: users.lastname,
  phone: users.phone,
  // A guest's email is kept apart from accounts' (anonymous_email): staff see either.
  email: sql<string | null>`coalesce(${users.email}, ${users.anonymousEmail})`,
};

async function readRows(db: Database, where: SQL | undefined, order: SQL[], limit?: number) {
  const query = db
    .select(columns)
    .from(bookings)
    .innerJoin(zones, eq(zones.id, bookings.zoneId))
    .innerJoin(diningTables, eq(diningTables.id, bookings.tableId))
    .leftJoin(users, eq(users.id, bookings.userId))
    .where(where)
    .orderBy(...order);
  return limit === undefined ? query : query.limit(limit);
}

type Row = Awaited<ReturnType<typeof readRows>>[number];

/** Finished visits per diner of these rows at this merchant, by account id or phone (guests are one account per booking). */
async function historiesOf(db: Database, merchantId: string, rows: Row[]): Promise<Map<string, StaffBookingRow['history']>> {
  const userIds = [...new Set(rows.flatMap((row) => (row.userId ? [row.userId] : [])))];
  const phones = [...new Set(rows.flatMap((row) => (row.phone ? [row.phone] : [])))];
  const histories = new Map<string, StaffBookingRow['history']>();
  if (userIds.length === 0 && phones.length === 0) return histories;
  const matches = [userIds.length ? inArray(users.id, userIds) : undefined, phones.length ? inArray(users.phone, phones) : undefined].filter(Boolean) as SQL[];
  const past = await db
    .select({ id: bookings.id, userId: users.id, phone: users.phone, noShow: sql<boolean>`${bookings.noShowAt} is not null` })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(and(eq(bookings.merchantId, merchantId), eq(bookings.status, BookingStatus.Finished), or(...matches)));
  for (const row of rows) {
    const theirs = past.filter((visit) => visit.id !== row.id && ((row.userId && visit.userId === row.userId) || (row.phone && visit.phone === row.phone)));
    const noShows = new Set(theirs.filter((visit) => visit.noShow).map((visit) => visit.id));
    const visits = new Set(theirs.filter((visit) => !visit.noShow).map((visit) => visit.id));
    histories.set(row.id, { visits: visits.size, no_shows: noShows.size });
  }
  return histories;
}

async function toStaffRows(db: Database, merchantId: string, timezone: string, rows: Row[]): Promise<StaffBookingRow[]> {
  const histories = await historiesOf(db, merchantId, rows);
  return rows.map((row) => ({
    token: row.token,
    ref: row.ref,
    status: row.status!,
    revision: row.revision,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    day: row.localDate,
    time: localTimeOf(row.startsAt, timezone),
    party: row.clientCount,
    zone: { id: row.zoneId, name: row.zoneName },
    tables: [{ id: row.tableId, name: row.tableName }],
    diner: { firstname: row.firstname ?? '', lastname: row.lastname ?? '', phone: row.phone ?? null, email: row.email ?? null },
    comment: row.comment,
    cancel_reason: row.cancelReason,
    cancel_message: row.cancelMessage,
    arrived_at: row.arrivedAt?.toISOString() ?? null,
    no_show: row.noShowAt !== null,
    note: row.staffNote,
    history: histories.get(row.id) ?? { visits: 0, no_shows: 0 },
    updated_at: row.updatedAt.toISOString(),
  }));
}

/** A merchant's bookings of one local day that hold or held a table (drafts left out), by time. */
export async function dayBook(db: Database, merchant: { id: string; timezone: string }, day: string): Promise<StaffBookingRow[]> {
  const rows = await readRows(db, and(eq(bookings.merchantId, merchant.id), eq(bookings.localDate, day), isNotNull(bookings.status)), [
    asc(bookings.startsAt),
    asc(bookings.ref),
  ]);
  return toStaffRows(db, merchant.id, merchant.timezone, rows);
}

/** A merchant's bookings (drafts left out) whose diner's name, reference or phone holds `q`, latest first. */
export async function searchBook(db: Database, merchant: { id: string; timezone: string }, q: string): Promise<StaffBookingRow[]> {
  const pattern = `%${q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const digits = q.replace(/\D/g, '');
  const matches: SQL[] = [
    ilike(bookings.ref, pattern),
    ilike(users.firstname, pattern),
    ilike(users.lastname, pattern),
    ilike(sql`${users.firstname} || ' ' || ${users.lastname}`, pattern),
  ];
  // Phones are stored as +33612345678: a search for "06 12 34" finds it by its last digits.
  if (digits.length >= 4) matches.push(ilike(users.phone, `%${digits.replace(/^0/, '')}%`));
  const rows = await readRows(
    db,
    and(eq(bookings.merchantId, merchant.id), isNotNull(bookings.status), or(...matches)),
    [desc(bookings.startsAt)],
    SEARCH_LIMIT,
  );
  return toStaffRows(db, merchant.id, merchant.timezone, rows);
}

/**
 * A merchant's bookings (drafts left out) written at or after `since`, oldest change first, at most CHANGES_LIMIT;
 * `truncated` when more changed.
 */
export async function changedSince(
  db: Database,
  merchant: { id: string; timezone: string },
  since: Date,
): Promise<{ bookings: StaffBookingRow[]; truncated: boolean }> {
  const rows = await readRows(
    db,
    and(eq(bookings.merchantId, merchant.id), gte(bookings.updatedAt, since), isNotNull(bookings.status)),
    [asc(bookings.updatedAt), asc(bookings.ref)],
    CHANGES_LIMIT + 1,
  );
  return { bookings: await toStaffRows(db, merchant.id, merchant.timezone, rows.slice(0, CHANGES_LIMIT)), truncated: rows.length > CHANGES_LIMIT };
}

/** The restaurant's reads of its bookings: a day's book, a search across days, and each diner's history here. */
import { rowsOf, type ExecuteAnswer } from './execute-rows.ts';
import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { BOOK_STATUSES, BookingStatus } from '../../shared/booking-life-cycle.ts';
import { localDateOf, localTimeOf } from '../../shared/local-time.ts';
import type { StaffBookingRow, StaffDinerChange, StaffDinerChangeSide } from '../../shared/api/staff.ts';
import type { DinerChangeSide, DinerChangeValue } from '../domain/diner-change.ts';
import type { Database } from './database.ts';
import { dayBookCacheOf } from './day-book-cache.ts';
import { orderedAllergens } from '../../shared/guest-profile.ts';
import { bookingGuestKeySql } from './guest-key.ts';
import { bookings, diningTables, guestProfiles, users, zones } from './schema.ts';

/** One booking as the staff book shows it (its shape is the site's too). */
export type { StaffBookingRow };

/** Longest answer of a search. */
export const SEARCH_LIMIT = 50;

/** Longest answer of a catch-up: past it the book reads its day again. */
export const CHANGES_LIMIT = 500;

/** The visits and no-shows of the diners of some bookings, by booking id. */
type Histories = Map<string, StaffBookingRow['history']>;

/**
 * The other finished bookings at this merchant of the diners of the bookings `scope` selects (a condition on `b`),
 * matched by account or phone (guests are one account per booking), counted once each: one statement of two
 * index-driven joins (bookings_user, users_phone) whatever the number of bookings, instead of one subquery per row.
 */
async function historiesOf(db: Database, merchantId: string, scope: SQL): Promise<Histories> {
  const finished = sql.raw(String(BookingStatus.Finished));
  const result = (await db.execute(sql`
    with seen as (
      select b.id, b.user_id, u.phone from bookings b left join users u on u.id = b.user_id where ${scope}
    ), matched as (
      select s.id, p.id as past_id, p.no_show_at is not null as no_show
        from seen s join bookings p on p.user_id = s.user_id
        where p.merchant_id = ${merchantId} and p.status = ${finished} and p.id <> s.id
      union
      select s.id, p.id, p.no_show_at is not null
        from seen s join users pu on pu.phone = s.phone join bookings p on p.user_id = pu.id
        where p.merchant_id = ${merchantId} and p.status = ${finished} and p.id <> s.id
    )
    select id, (count(*) filter (where not no_show))::int as visits, (count(*) filter (where no_show))::int as no_shows
      from matched group by id`)) as unknown as ExecuteAnswer<HistoryRow>;
  const rows = rowsOf(result);
  return new Map(rows.map((row) => [String(row.id), { visits: Number(row.visits), no_shows: Number(row.no_shows) }]));
}

type HistoryRow = { id: string; visits: number; no_shows: number };

/**
 * What moves with every write a day's book shows, in one statement: each of the day's bookings by id, revision
 * (every write of a booking raises it, a diner's change of details too: user-store.ts) and diner, the merchant's
 * latest booking write (the diners' histories), its latest guest profile save (their tags) and the merchant row's version (an import, a closing), which also
 * vouches for a cached floor (merchant-store.ts). A sum of 64-bit hashes: the order of the rows does not matter.
 */
async function dayFingerprint(db: Database, merchantId: string, day: string): Promise<{ fingerprint: string; merchantVersion: string | null }> {
  const answer = (await db.execute(sql`
    select count(*)::text
        || '|' || coalesce(sum(hashtextextended(b.id::text || '.' || b.revision || '.' || coalesce(b.user_id::text, '-'), 0)), 0)::text
        || '|' || coalesce((select max(p.updated_at)::text from bookings p where p.merchant_id = ${merchantId}), '-')
        || '|' || coalesce((select max(g.updated_at)::text from guest_profiles g where g.merchant_id = ${merchantId}), '-') as fingerprint,
      (select m.xmin::text from merchants m where m.id = ${merchantId}) as merchant_version
      from bookings b
      where b.merchant_id = ${merchantId} and b.local_date = ${day} and b.status is not null`)) as unknown as ExecuteAnswer<{
    fingerprint: string;
    merchant_version: string | null;
  }>;
  const [row] = rowsOf(answer);
  return { fingerprint: `${row!.fingerprint}|${row!.merchant_version ?? '-'}`, merchantVersion: row!.merchant_version };
}

/** The histories of rows already read (a search, a catch-up: at most a few hundred). */
function historiesOfRows(db: Database, merchantId: string, rows: Row[]): Promise<Histories> {
  if (rows.length === 0) return Promise.resolve(new Map());
  return historiesOf(
    db,
    merchantId,
    sql`b.id in (${sql.join(
      rows.map((row) => sql`${row.id}::uuid`),
      sql`, `,
    )})`,
  );
}

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
  dinerChange: bookings.dinerChange,
  updatedAt: bookings.updatedAt,
  zoneId: zones.id,
  zoneName: zones.name,
  tableId: diningTables.id,
  tableName: diningTables.name,
  // A combination's other tables, in its order (null for a single table: no subquery runs).
  joinedTables: sql<Array<{ id: string; name: string }> | null>`case when cardinality(${bookings.joinedTableIds}) = 0 then null else (
    select json_agg(json_build_object('id', jt.id, 'name', jt.name) order by array_position(${bookings.joinedTableIds}, jt.id))
      from dining_tables jt where jt.id = any(${bookings.joinedTableIds})) end`,
  userId: users.id,
  firstname: users.firstname,
  lastname: users.lastname,
  phone: users.phone,
  // A guest's email is kept apart from accounts' (anonymous_email): staff see either.
  email: sql<string | null>`coalesce(${users.email}, ${users.anonymousEmail})`,
  guestRevision: guestProfiles.revision,
  vip: guestProfiles.vip,
  regular: guestProfiles.regular,
  seating: guestProfiles.seating,
  allergens: guestProfiles.allergens,
  guestNote: guestProfiles.note,
};

async function readRows(db: Database, where: SQL | undefined, order: SQL[], limit?: number) {
  const query = db
    .select(columns)
    .from(bookings)
    .innerJoin(zones, eq(zones.id, bookings.zoneId))
    .innerJoin(diningTables, eq(diningTables.id, bookings.tableId))
    .leftJoin(users, eq(users.id, bookings.userId))
    // Each diner's profile here in the same statement: one indexed probe per booking (guest_profiles_key), no call each.
    .leftJoin(guestProfiles, and(eq(guestProfiles.merchantId, bookings.merchantId), eq(guestProfiles.guestKey, bookingGuestKeySql)))
    .where(where)
    .orderBy(...order);
  return limit === undefined ? query : query.limit(limit);
}

type Row = Awaited<ReturnType<typeof readRows>>[number];

function toStaffRows(timezone: string, rows: Row[], histories: Histories): StaffBookingRow[] {
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
    tables: [{ id: row.tableId, name: row.tableName }, ...(row.joinedTables ?? [])],
    diner: { firstname: row.firstname ?? '', lastname: row.lastname ?? '', phone: row.phone ?? null, email: row.email ?? null },
    comment: row.comment,
    cancel_reason: row.cancelReason,
    cancel_message: row.cancelMessage,
    arrived_at: row.arrivedAt?.toISOString() ?? null,
    no_show: row.noShowAt !== null,
    note: row.staffNote,
    history: histories.get(row.id) ?? { visits: 0, no_shows: 0 },
    updated_at: row.updatedAt.toISOString(),
    diner_change: row.dinerChange ? staffDinerChange(timezone, row.dinerChange) : null,
    guest:
      row.guestRevision === null
        ? null
        : { vip: row.vip!, regular: row.regular!, seating: row.seating!, allergens: orderedAllergens(row.allergens!), note: row.guestNote! },
  }));
}

/** A diner's stored change as the book shows it: each side at its merchant-local day and time. */
function staffDinerChange(timezone: string, change: DinerChangeValue): StaffDinerChange {
  const side = (value: DinerChangeSide): StaffDinerChangeSide => {
    const at = new Date(value.startsAt);
    return { day: localDateOf(at, timezone), time: localTimeOf(at, timezone), party: value.party, zone: { id: value.zoneId, name: value.zoneName } };
  };
  return { at: change.at, before: side(change.before), after: side(change.after) };
}

/** A day's book and, when a shared database was asked whether it changed, the merchant row's version it saw then. */
export interface DayBookRead {
  /** Shared and frozen: the same array comes back while the day is unchanged. */
  bookings: readonly StaffBookingRow[];
  merchantVersion?: string | null;
}

/**
 * A merchant's bookings of one local day that hold or held a table (drafts left out), by time, cached while
 * nothing changes (day-book-cache.ts).
 */
export async function dayBook(db: Database, merchant: { id: string; timezone: string }, day: string): Promise<DayBookRead> {
  let merchantVersion: string | null | undefined;
  const rows = await dayBookCacheOf(db).read(
    merchant.id,
    day,
    async () => {
      const [rows, histories] = await Promise.all([
        readRows(db, and(eq(bookings.merchantId, merchant.id), eq(bookings.localDate, day), isNotNull(bookings.status)), [
          asc(bookings.startsAt),
          asc(bookings.ref),
        ]),
        historiesOf(db, merchant.id, sql`b.merchant_id = ${merchant.id} and b.local_date = ${day} and b.status is not null`),
      ]);
      return Object.freeze(toStaffRows(merchant.timezone, rows, histories));
    },
    async () => {
      const read = await dayFingerprint(db, merchant.id, day);
      merchantVersion = read.merchantVersion;
      return read.fingerprint;
    },
  );
  return { bookings: rows as readonly StaffBookingRow[], merchantVersion };
}

/**
 * A merchant's bookings (drafts left out) whose diner's name, reference or phone holds `q`: the coming ones (not yet
 * ended at `now`) soonest first, then the past ones most recent first.
 */
export async function searchBook(db: Database, merchant: { id: string; timezone: string }, q: string, now: Date): Promise<StaffBookingRow[]> {
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
    [
      sql`(${bookings.endsAt} > ${now.toISOString()}::timestamptz) desc`,
      sql`case when ${bookings.endsAt} > ${now.toISOString()}::timestamptz then ${bookings.startsAt} end asc`,
      desc(bookings.startsAt),
      asc(bookings.ref),
    ],
    SEARCH_LIMIT,
  );
  return toStaffRows(merchant.timezone, rows, await historiesOfRows(db, merchant.id, rows));
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
  const kept = rows.slice(0, CHANGES_LIMIT);
  return { bookings: toStaffRows(merchant.timezone, kept, await historiesOfRows(db, merchant.id, kept)), truncated: rows.length > CHANGES_LIMIT };
}

/** One day's bookings in the staff calendar: how many (pending, confirmed or finished) and how many await an answer. */
export interface DayCount {
  day: string;
  count: number;
  pending: number;
}

/** A merchant's days from `from` (included) to `to` (excluded) that hold bookings not refused or cancelled, by day. */
export async function dayCounts(db: Database, merchantId: string, from: string, to: string): Promise<DayCount[]> {
  const rows = await db
    .select({
      day: bookings.localDate,
      count: sql<number>`count(*)::int`,
      pending: sql<number>`(count(*) filter (where ${bookings.status} = ${BookingStatus.Pending}))::int`,
    })
    .from(bookings)
    .where(and(eq(bookings.merchantId, merchantId), gte(bookings.localDate, from), lt(bookings.localDate, to), inArray(bookings.status, [...BOOK_STATUSES])))
    .groupBy(bookings.localDate)
    .orderBy(asc(bookings.localDate));
  return rows.map((row) => ({ day: row.day, count: Number(row.count), pending: Number(row.pending) }));
}

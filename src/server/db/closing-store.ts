/** Reads and writes the closings staff make; each write touches the merchant row so every process's cached floor reloads. */
import { and, asc, eq, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import { LIVE_STATUSES } from '../../shared/booking-life-cycle.ts';
import type { Closing } from '../domain/closings.ts';
import { lockMerchantDays } from './booking-store.ts';
import type { Database, Tx } from './database.ts';
import { emitChange } from './change-feed.ts';
import { preparedStatement } from './prepared-statement.ts';
import { bookings, merchantClosings, merchants } from './schema.ts';

/** A closing row as stored. */
export type ClosingRow = typeof merchantClosings.$inferSelect;

/** A booking a closing covers, as the staff screen warns of it. */
export interface AffectedBooking {
  token: string;
  ref: string;
  status: number;
  starts_at: string;
}

const asClosing = (row: ClosingRow): Closing => ({
  id: row.id,
  kind: row.kind,
  localDate: row.localDate,
  shiftId: row.shiftId,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
});

/** Every closing of a merchant, by start (what a floor carries). */
export async function closingsOf(db: Database | Tx, merchantId: string): Promise<Closing[]> {
  const rows = await db.select().from(merchantClosings).where(eq(merchantClosings.merchantId, merchantId)).orderBy(asc(merchantClosings.startsAt));
  return rows.map(asClosing);
}

/** A merchant's closings that end after `since`, by start, as stored. */
export function listClosingRows(db: Database, merchantId: string, since: Date): Promise<ClosingRow[]> {
  return db
    .select()
    .from(merchantClosings)
    .where(and(eq(merchantClosings.merchantId, merchantId), gt(merchantClosings.endsAt, since)))
    .orderBy(asc(merchantClosings.startsAt));
}

/** The days staff closed whole, by merchant id (for the public listing). */
export async function closedDaysByMerchant(db: Database, merchantIds: string[]): Promise<Map<string, Array<{ kind: 'day'; localDate: string }>>> {
  if (merchantIds.length === 0) return new Map();
  const rows = await db
    .select({ merchantId: merchantClosings.merchantId, localDate: merchantClosings.localDate })
    .from(merchantClosings)
    .where(and(inArray(merchantClosings.merchantId, merchantIds), eq(merchantClosings.kind, 'day')));
  return Map.groupBy(
    rows.map((row) => ({ merchantId: row.merchantId, kind: 'day' as const, localDate: row.localDate })),
    (row) => row.merchantId,
  );
}

/**
 * Stores a closing and answers it with the pending and confirmed bookings it covers (left as they are). It holds the
 * merchant-day locks of `days` (every day its span touches), which every booking write takes: a validation in flight
 * either commits first and is listed, or runs after and reads the closing.
 */
export async function saveClosing(
  db: Database,
  values: typeof merchantClosings.$inferInsert & { merchantId: string; startsAt: Date; endsAt: Date },
  now: Date,
  days: string[],
): Promise<{ closing: ClosingRow; affected: AffectedBooking[] }> {
  const saved = await db.transaction(async (tx) => {
    await lockMerchantDays(tx, values.merchantId, days);
    const [closing] = await tx.insert(merchantClosings).values(values).returning();
    await touchMerchant(tx, values.merchantId, now);
    return { closing: closing!, affected: await bookingsInSpan(tx, values.merchantId, values.startsAt, values.endsAt) };
  });
  return saved;
}

/** Deletes a merchant's closing; the row deleted, if it was theirs. */
export async function removeClosing(db: Database, merchantId: string, id: string, now: Date): Promise<ClosingRow | undefined> {
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(merchantClosings)
      .where(and(eq(merchantClosings.merchantId, merchantId), eq(merchantClosings.id, id)))
      .returning();
    if (row) await touchMerchant(tx, merchantId, now);
    return row;
  });
  return removed;
}

/**
 * A new version of the merchant row (its xmin), so every process's floor cache sees the closings changed; this
 * process's caches hear it from the change feed at the commit.
 */
async function touchMerchant(tx: Tx, merchantId: string, now: Date): Promise<void> {
  await tx.update(merchants).set({ updatedAt: now }).where(eq(merchants.id, merchantId));
  emitChange(tx, { kind: 'closing', merchantId });
}

/** The merchant's closing covering instant `at`, read in the caller's transaction (after its day locks). */
export async function closingAt(db: Database | Tx, merchantId: string, at: Date): Promise<Closing | undefined> {
  // Placeholders in a condition skip the column encoders: the instant goes as an ISO string.
  const [row] = await closingCovering(db).execute({ merchantId, at: at.toISOString() });
  return row ? asClosing(row) : undefined;
}

// Every validation asks it (inside its transaction): built once.
const closingCovering = preparedStatement((on) =>
  on
    .select()
    .from(merchantClosings)
    .where(
      and(
        eq(merchantClosings.merchantId, sql.placeholder('merchantId')),
        lte(merchantClosings.startsAt, sql.placeholder('at')),
        gt(merchantClosings.endsAt, sql.placeholder('at')),
      ),
    )
    .orderBy(asc(merchantClosings.startsAt))
    .limit(1)
    .prepare('closing_at'),
);

/** The merchant's pending and confirmed bookings starting in [startsAt, endsAt), by time. */
export async function bookingsInSpan(db: Database | Tx, merchantId: string, startsAt: Date, endsAt: Date): Promise<AffectedBooking[]> {
  const rows = await db
    .select({ token: bookings.token, ref: bookings.ref, status: bookings.status, startsAt: bookings.startsAt })
    .from(bookings)
    .where(
      and(eq(bookings.merchantId, merchantId), inArray(bookings.status, [...LIVE_STATUSES]), gte(bookings.startsAt, startsAt), lt(bookings.startsAt, endsAt)),
    )
    .orderBy(asc(bookings.startsAt));
  return rows.map((row) => ({ token: row.token, ref: row.ref, status: row.status!, starts_at: row.startsAt.toISOString() }));
}

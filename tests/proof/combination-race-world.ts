/** The last-combination races' merchant and checks: two 2-seat tables a party of 4 can only have joined. */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/database.ts';
import { bookingTables, bookings, diningTables, merchants } from '../../src/server/db/schema.ts';
import { fixtureMerchant } from './fixture-merchant.ts';

/** A party of this size fits only the combination. */
export const PARTY = 4;

/** A merchant whose only table for a party of 4 is T1+T2 joined (T3 is not online: diners are never given it). */
export function combinationMerchant(slug: string, staff: Array<{ email: string; password: string }> = []) {
  const base = fixtureMerchant({ slug, tables: 1, maxCoversPerSlot: 1000 });
  return {
    ...base,
    zones: [
      {
        name: 'Salle',
        tables: [
          { name: 'T1', minSeats: 1, maxSeats: 2 },
          { name: 'T2', minSeats: 1, maxSeats: 2 },
          { name: 'T3', minSeats: 1, maxSeats: 4, online: false },
        ],
        combinations: [{ tables: ['T1', 'T2'], minSeats: 3, maxSeats: 4 }],
      },
    ],
    staff,
  };
}

/** The merchant's id and its tables' ids by name. */
export async function floorIds(db: Database, slug: string): Promise<{ merchantId: string; zoneId: string; table: Record<string, string> }> {
  const [merchant] = await db.select().from(merchants).where(eq(merchants.slug, slug));
  const rows = await db.select().from(diningTables).where(eq(diningTables.merchantId, merchant!.id));
  return { merchantId: merchant!.id, zoneId: rows[0]!.zoneId, table: Object.fromEntries(rows.map((row) => [row.name, row.id])) };
}

/** The holds of each table overlapping [from, to), as booking_tables lists them: table name -> booking ids. */
export async function heldTables(db: Database, slug: string, from: Date, to: Date): Promise<Record<string, string[]>> {
  const { table } = await floorIds(db, slug);
  const nameOf = new Map(Object.entries(table).map(([name, id]) => [id, name]));
  const rows = await db
    .select({ tableId: bookingTables.tableId, bookingId: bookingTables.bookingId })
    .from(bookingTables)
    .innerJoin(bookings, eq(bookings.id, bookingTables.bookingId))
    .where(and(eq(bookingTables.holdsTable, true), lt(bookingTables.startsAt, to), gt(bookingTables.endsAt, from), sql`${bookings.status} is not null`));
  const held: Record<string, string[]> = {};
  for (const row of rows) (held[nameOf.get(row.tableId)!] ??= []).push(row.bookingId);
  return held;
}

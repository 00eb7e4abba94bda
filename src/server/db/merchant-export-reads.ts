/** What `merchant export` reads of a stored merchant besides its row: active zones and tables, and staff rows. */
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from './database.ts';
import { diningTables, zones } from './schema.ts';
import { staffRowsOf } from './staff-rows.ts';

/** A merchant's active zones in order, active tables by name, and staff rows by email. */
export async function merchantExportRows(db: Database, merchantId: string) {
  const zoneRows = await db
    .select()
    .from(zones)
    .where(and(eq(zones.merchantId, merchantId), eq(zones.active, true)))
    .orderBy(asc(zones.position));
  const tableRows = await db
    .select()
    .from(diningTables)
    .where(and(eq(diningTables.merchantId, merchantId), eq(diningTables.active, true)))
    .orderBy(asc(diningTables.name));
  const staffRows = await staffRowsOf(db, merchantId);
  return { zoneRows, tableRows, staffRows };
}

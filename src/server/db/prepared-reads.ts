/** The reads every booking page makes, prepared once per database handle: drizzle builds their SQL once, not per request. */
import { eq, sql } from 'drizzle-orm';
import { holdRowColumns, holdRowsCondition, holdRowsParams, type HoldRow } from './booking-store.ts';
import type { Database } from './database.ts';
import { bookings, merchants } from './schema.ts';
import { perDatabase } from './per-database.ts';

const placeholder = (name: string) => sql.placeholder(name);
const holdRowsPlaceholders = {
  merchantId: placeholder('merchantId'),
  earliestStart: placeholder('earliestStart'),
  from: placeholder('from'),
  to: placeholder('to'),
};
// The row version: a new one for every write of the row, so equal versions mean an unchanged row.
const merchantVersion = sql<string>`${merchants}.xmin::text`;

function prepare(db: Database) {
  return {
    merchantBySlug: db
      .select({ merchant: merchants, version: merchantVersion })
      .from(merchants)
      .where(eq(merchants.slug, placeholder('slug')))
      .limit(1)
      .prepare('merchant_by_slug'),
    holdRows: db.select(holdRowColumns).from(bookings).where(holdRowsCondition(holdRowsPlaceholders)).prepare('hold_rows'),
  };
}

/** Placeholders skip drizzle's column encoders, and postgres.js takes no Date here: instants go as ISO strings. */
function holdRowsValues(merchantId: string, from: Date, to: Date) {
  const params = holdRowsParams(merchantId, from, to);
  return {
    ...params,
    earliestStart: params.earliestStart.toISOString(),
    from: params.from.toISOString(),
    to: params.to.toISOString(),
  };
}

const statementsOf = perDatabase(prepare);

/** A merchant row by slug with its version. Not inside a transaction: it runs on the handle. */
export async function findMerchantVersioned(db: Database, slug: string) {
  const [found] = await statementsOf(db).merchantBySlug.execute({ slug });
  return found;
}

/** listHoldRows on the handle (not inside a transaction). */
export function findHoldRows(db: Database, merchantId: string, from: Date, to: Date): Promise<HoldRow[]> {
  return statementsOf(db).holdRows.execute(holdRowsValues(merchantId, from, to));
}

/** The merchant read every booking page makes, prepared once per database handle: drizzle builds its SQL once, not per request. */
import { eq, sql } from 'drizzle-orm';
import type { Database } from './database.ts';
import { merchants } from './schema.ts';
import { perDatabase } from './per-database.ts';

// The row version: a new one for every write of the row, so equal versions mean an unchanged row.
const merchantVersion = sql<string>`${merchants}.xmin::text`;

const merchantBySlug = perDatabase((db: Database) =>
  db
    .select({ merchant: merchants, version: merchantVersion })
    .from(merchants)
    .where(eq(merchants.slug, sql.placeholder('slug')))
    .limit(1)
    .prepare('merchant_by_slug'),
);

const merchantVersionBySlug = perDatabase((db: Database) =>
  db
    .select({ version: merchantVersion })
    .from(merchants)
    .where(eq(merchants.slug, sql.placeholder('slug')))
    .limit(1)
    .prepare('merchant_version_by_slug'),
);

/** A merchant row's version by slug (undefined: no such merchant), without the row. Not inside a transaction. */
export async function findMerchantVersion(db: Database, slug: string): Promise<string | undefined> {
  const [found] = await merchantVersionBySlug(db).execute({ slug });
  return found?.version;
}

/** A merchant row by slug with its version. Not inside a transaction: it runs on the handle. */
export async function findMerchantVersioned(db: Database, slug: string) {
  const [found] = await merchantBySlug(db).execute({ slug });
  return found;
}

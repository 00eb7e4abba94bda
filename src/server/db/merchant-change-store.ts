/** The record of the definition changes staff and the provider's imports make: written in the change's transaction, read latest first. */
import { desc, eq } from 'drizzle-orm';
import type { Database } from './database.ts';
import { merchantChanges } from './schema.ts';

/** One recorded change as stored. */
export type MerchantChangeRow = typeof merchantChanges.$inferSelect;

/** Records one accepted change (call it inside the transaction that makes it). */
export async function insertMerchantChange(
  tx: Database,
  values: {
    merchantId: string;
    /** The staff row that saved it; null for a provider's import. */
    staffId: string | null;
    /** The staff email, or `provider` for an import. */
    staffEmail: string;
    revision: number;
    fields: string[];
    before: Record<string, unknown>;
    after: Record<string, unknown>;
    at: Date;
  },
): Promise<void> {
  const { at, ...row } = values;
  await tx.insert(merchantChanges).values({ ...row, createdAt: at });
}

/** A merchant's latest recorded changes, newest first: by revision, which every write moves (clocks may disagree). */
export function latestMerchantChanges(db: Database, merchantId: string, limit: number): Promise<MerchantChangeRow[]> {
  return db
    .select()
    .from(merchantChanges)
    .where(eq(merchantChanges.merchantId, merchantId))
    .orderBy(desc(merchantChanges.revision), desc(merchantChanges.createdAt))
    .limit(limit);
}

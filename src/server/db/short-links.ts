/** What the short tracking address `/b/{token}` of text messages needs: the merchant of a validated booking. */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from './database.ts';
import { bookings, merchants } from './schema.ts';

/** The slug of the merchant of the booking with this token, unless it is unknown or still a draft. */
export async function slugOfBookingToken(db: Database, token: string): Promise<string | undefined> {
  const [row] = await db
    .select({ slug: merchants.slug })
    .from(bookings)
    .innerJoin(merchants, eq(merchants.id, bookings.merchantId))
    .where(and(eq(bookings.token, token), isNotNull(bookings.status)))
    .limit(1);
  return row?.slug;
}

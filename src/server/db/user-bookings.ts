/** The bookings of one account for its account page: never drafts, coming ones soonest first, the others latest first. */
import { and, asc, desc, eq, gt, inArray, isNotNull, lte, not, or } from 'drizzle-orm';
import { LIVE_STATUSES } from '../../shared/booking-life-cycle.ts';
import type { Database } from './database.ts';
import { bookings, merchants, zones } from './schema.ts';

/** One listed booking with what the list shows of its merchant and zone. */
export interface UserBookingRow {
  token: string;
  ref: string;
  status: number;
  startsAt: Date;
  clientCount: number;
  merchantSlug: string;
  merchantName: string;
  timezone: string;
  showZone: boolean;
  zoneName: string;
}

// Live (pending or confirmed) and not over yet: still to come.
const COMING_STATUSES = [...LIVE_STATUSES];

/** The account's bookings in two groups of at most `limit` each: coming (ascending) and past or ended (descending). */
export async function listUserBookings(db: Database, userId: string, now: Date, limit: number): Promise<{ coming: UserBookingRow[]; past: UserBookingRow[] }> {
  const columns = {
    token: bookings.token,
    ref: bookings.ref,
    status: bookings.status,
    startsAt: bookings.startsAt,
    clientCount: bookings.clientCount,
    merchantSlug: merchants.slug,
    merchantName: merchants.name,
    timezone: merchants.timezone,
    settings: merchants.settings,
    zoneName: zones.name,
  };
  const ofUser = and(eq(bookings.userId, userId), isNotNull(bookings.status));
  const coming = and(inArray(bookings.status, COMING_STATUSES), gt(bookings.endsAt, now));
  const base = () =>
    db.select(columns).from(bookings).innerJoin(merchants, eq(merchants.id, bookings.merchantId)).innerJoin(zones, eq(zones.id, bookings.zoneId));
  const [comingRows, pastRows] = await Promise.all([
    base().where(and(ofUser, coming)).orderBy(asc(bookings.startsAt)).limit(limit),
    base()
      .where(and(ofUser, or(not(inArray(bookings.status, COMING_STATUSES)), lte(bookings.endsAt, now))))
      .orderBy(desc(bookings.startsAt))
      .limit(limit),
  ]);
  const row = ({ settings, status, ...rest }: (typeof comingRows)[number]): UserBookingRow => ({
    ...rest,
    status: status!,
    showZone: settings.showZone,
  });
  return { coming: comingRows.map(row), past: pastRows.map(row) };
}

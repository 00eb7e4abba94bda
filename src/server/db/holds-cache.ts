/**
 * Which tables are held around a day, cached in process — only where the caches may trust the change feed
 * (cache-policy.ts), and dropped by every booking change the feed tells of, so no answer is ever stale.
 */
import type { TableHold } from '../domain/availability.ts';
import { listHoldRows, liveHolds, type HoldRow } from './booking-store.ts';
import { trustsChangeFeed } from './cache-policy.ts';
import { changeFeedOf } from './change-feed.ts';
import type { Database } from './database.ts';
import { perDatabase } from './per-database.ts';

const MAX_ENTRIES = 5_000;

/** The holds of one database handle. */
export interface HoldsCache {
  /** Bookings holding a table of the merchant over [from, to) at `now` (as listHolds). */
  holds(merchantId: string, from: Date, to: Date, now: Date): Promise<TableHold[]>;
}

interface Entry {
  version: number;
  rows: HoldRow[];
}

function createHoldsCache(db: Database): HoldsCache {
  if (!trustsChangeFeed(db)) {
    // Another process may book at any moment: read the database every time.
    return { holds: async (merchantId, from, to, now) => liveHolds(await listHoldRows(db, merchantId, from, to), now) };
  }
  const versions = new Map<string, number>();
  const entries = new Map<string, Entry>();
  // Told at the commit, before the writer answers: availability read from then on sees the booking.
  changeFeedOf(db).subscribe((change) => {
    if (change.kind === 'booking') versions.set(change.merchantId, (versions.get(change.merchantId) ?? 0) + 1);
  });
  return {
    async holds(merchantId, from, to, now) {
      const key = `${merchantId}|${from.getTime()}|${to.getTime()}`;
      const version = versions.get(merchantId) ?? 0;
      const cached = entries.get(key);
      // Rows are kept whatever the clock says; which of them still hold is decided at every read.
      if (cached?.version === version) return liveHolds(cached.rows, now);
      const rows = await listHoldRows(db, merchantId, from, to);
      // A change committed while we read bumped the version: then what we read may be old, keep it out.
      if ((versions.get(merchantId) ?? 0) === version) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(key, { version, rows });
      }
      return liveHolds(rows, now);
    },
  };
}

/** The holds cache of a database handle (shared by every server built on it). */
export const holdsCacheOf: (db: Database) => HoldsCache = perDatabase(createHoldsCache);

/**
 * Which tables are held around a day, cached in process — only where this process is the database's
 * sole writer (embedded PGlite), and invalidated by every booking change, so no answer is ever stale.
 */
import type { TableHold } from '../domain/availability.ts';
import { liveHolds, type HoldRow } from './booking-store.ts';
import { isSoleWriter, type Database } from './database.ts';
import { findHoldRows } from './prepared-reads.ts';
import { perDatabase } from './per-database.ts';

const MAX_ENTRIES = 5_000;

/** The holds of one database handle, and how it is told of changes. */
export interface HoldsCache {
  /** Bookings holding a table of the merchant over [from, to) at `now` (as listHolds). */
  holds(merchantId: string, from: Date, to: Date, now: Date): Promise<TableHold[]>;
  /** A booking of the merchant was written and committed: call before answering whoever changed it. */
  changed(merchantId: string): void;
}

interface Entry {
  version: number;
  rows: HoldRow[];
}

function createHoldsCache(db: Database): HoldsCache {
  if (!isSoleWriter(db)) {
    // Another process may book at any moment: read the database every time.
    return { holds: async (merchantId, from, to, now) => liveHolds(await findHoldRows(db, merchantId, from, to), now), changed() {} };
  }
  const versions = new Map<string, number>();
  const entries = new Map<string, Entry>();
  return {
    async holds(merchantId, from, to, now) {
      const key = `${merchantId}|${from.getTime()}|${to.getTime()}`;
      const version = versions.get(merchantId) ?? 0;
      const cached = entries.get(key);
      // Rows are kept whatever the clock says; which of them still hold is decided at every read.
      if (cached?.version === version) return liveHolds(cached.rows, now);
      const rows = await findHoldRows(db, merchantId, from, to);
      // A change committed while we read bumped the version: then what we read may be old, keep it out.
      if ((versions.get(merchantId) ?? 0) === version) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(key, { version, rows });
      }
      return liveHolds(rows, now);
    },
    changed(merchantId) {
      versions.set(merchantId, (versions.get(merchantId) ?? 0) + 1);
    },
  };
}

/** The holds cache of a database handle (shared by every server built on it). */
export const holdsCacheOf: (db: Database) => HoldsCache = perDatabase(createHoldsCache);

/**
 * The staff book's days, cached in process and never stale. Where the caches trust the change feed (cache-policy.ts)
 * a day is kept until the feed tells of a change it shows (a booking of the merchant, a guest profile, a diner's details, an import).
 * A shared database (PostgreSQL, other processes writing) asks first for the day's fingerprint, one cheap
 * statement, and reads the day again only when it moved.
 */
import { trustsChangeFeed } from './cache-policy.ts';
import { changeFeedOf } from './change-feed.ts';
import type { Database } from './database.ts';
import { perDatabase } from './per-database.ts';

const MAX_ENTRIES = 500;

/** The cached days of one database handle. */
export interface DayBookCache<T> {
  /**
   * The merchant's day as `load` reads it, from the cache while nothing changed since; on a shared database
   * `fingerprint` tells (it must move with every write that `load` would see).
   */
  read(merchantId: string, day: string, load: () => Promise<T>, fingerprint: () => Promise<string>): Promise<T>;
}

function createDayBookCache(db: Database): DayBookCache<unknown> {
  const soleWriter = trustsChangeFeed(db);
  let generation = 0;
  const versions = new Map<string, number>();
  const entries = new Map<string, { version: string; value: unknown }>();
  const localVersionOf = (merchantId: string) => `${generation}.${versions.get(merchantId) ?? 0}`;
  changeFeedOf(db).subscribe((change) => {
    if (change.kind === 'booking' || change.kind === 'guest') {
      versions.set(change.merchantId, (versions.get(change.merchantId) ?? 0) + 1);
    } else if (change.kind === 'diner' || change.kind === 'merchant') {
      // Every book shows diners' names and phones, and zone and table names.
      generation++;
      entries.clear();
    }
  });
  return {
    async read(merchantId, day, load, fingerprint) {
      const key = `${merchantId}|${day}`;
      const version = soleWriter ? localVersionOf(merchantId) : await fingerprint();
      const cached = entries.get(key);
      if (cached?.version === version) return cached.value;
      const value = await load();
      // A sole writer's change committed while we read moved the version on: what we read may be old, keep it out.
      // A shared database's fingerprint was taken before the read: what we read is at least that new, and a
      // later change moves the next fingerprint away from the one kept here.
      if (!soleWriter || localVersionOf(merchantId) === version) {
        entries.delete(key);
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(key, { version, value });
      }
      return value;
    },
  };
}

/** The day-book cache of a database handle (shared by every server built on it). */
export const dayBookCacheOf: (db: Database) => DayBookCache<unknown> = perDatabase(createDayBookCache);

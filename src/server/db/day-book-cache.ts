/**
 * The staff book's days, cached in process — only where this process is the database's sole writer (embedded
 * PGlite), and dropped by every booking change of the merchant, every diner's change of details and every import,
 * so no answer is ever stale. A shared database (PostgreSQL) is read every time.
 */
import { isSoleWriter, type Database } from './database.ts';
import { perDatabase } from './per-database.ts';

const MAX_ENTRIES = 500;

/** The cached days of one database handle, and how it is told of changes. */
export interface DayBookCache<T> {
  /** The merchant's day as `load` reads it, from the cache while nothing changed since. */
  read(merchantId: string, day: string, load: () => Promise<T>): Promise<T>;
  /** A booking of the merchant was written and committed. */
  changed(merchantId: string): void;
  /** Something every merchant's book shows changed (a diner's details, a floor): drop everything. */
  forget(): void;
}

function createDayBookCache(db: Database): DayBookCache<unknown> {
  if (!isSoleWriter(db)) return { read: (_merchantId, _day, load) => load(), changed() {}, forget() {} };
  let generation = 0;
  const versions = new Map<string, number>();
  const entries = new Map<string, { version: string; value: unknown }>();
  const versionOf = (merchantId: string) => `${generation}.${versions.get(merchantId) ?? 0}`;
  return {
    async read(merchantId, day, load) {
      const key = `${merchantId}|${day}`;
      const version = versionOf(merchantId);
      const cached = entries.get(key);
      if (cached?.version === version) return cached.value;
      const value = await load();
      // A change committed while we read moved the version on: what we read may be old, keep it out.
      if (versionOf(merchantId) === version) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(key, { version, value });
      }
      return value;
    },
    changed(merchantId) {
      versions.set(merchantId, (versions.get(merchantId) ?? 0) + 1);
    },
    forget() {
      generation++;
      entries.clear();
    },
  };
}

/** The day-book cache of a database handle (shared by every server built on it). */
export const dayBookCacheOf: (db: Database) => DayBookCache<unknown> = perDatabase(createDayBookCache);

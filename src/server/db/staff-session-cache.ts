/**
 * Live staff sessions by token hash, cached in process only where the caches trust the change feed
 * (cache-policy.ts): every write that ends a session or changes what it reaches (a sign-out, a password change or
 * reset, an import of the merchant's staff) is told by the feed and drops the lot. A shared database is asked every time.
 */
import { trustsChangeFeed } from './cache-policy.ts';
import { changeFeedOf } from './change-feed.ts';
import type { Database } from './database.ts';
import { perDatabase } from './per-database.ts';

const MAX_ENTRIES = 1000;

/** The cached sessions of one database handle. */
export interface StaffSessionCache<T> {
  /** The session of a token hash as `load` reads it (with its expiry), from the cache until it expires or is dropped. */
  read(tokenHash: string, now: Date, load: () => Promise<{ value: T; expiresAt: Date } | undefined>): Promise<T | undefined>;
  /** Drops everything (the change feed calls it on a revocation or an import; kept for callers outside it). */
  forget(): void;
}

function createStaffSessionCache(db: Database): StaffSessionCache<unknown> {
  if (!trustsChangeFeed(db)) return { read: async (_hash, _now, load) => (await load())?.value, forget() {} };
  let generation = 0;
  const entries = new Map<string, { value: unknown; expiresAt: Date }>();
  const forget = () => {
    generation++;
    entries.clear();
  };
  changeFeedOf(db).subscribe((change) => {
    if (change.kind === 'staff-session' || change.kind === 'merchant') forget();
  });
  return {
    async read(tokenHash, now, load) {
      const cached = entries.get(tokenHash);
      if (cached && cached.expiresAt > now) return cached.value;
      const startedAt = generation;
      const found = await load();
      // A revocation committed while we read dropped the cache after it: what we read may be that session, keep it out.
      if (found && startedAt === generation) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(tokenHash, found);
      }
      return found?.value;
    },
    forget,
  };
}

/** The staff-session cache of a database handle (shared by every server built on it). */
export const staffSessionCacheOf: (db: Database) => StaffSessionCache<unknown> = perDatabase(createStaffSessionCache);

/**
 * How long the caches of a database handle may keep what they read: the one place that decides it. A sole writer
 * (embedded PGlite) sees every write in its own change feed, so its caches keep their copies until the feed says
 * otherwise. A shared database (PostgreSQL) is written by other processes too: its caches check every copy with the
 * database (a version, a fingerprint) or keep none.
 */
import { isSoleWriter, type Database } from './database.ts';

/** Whether the caches of `db` may trust their copies until the change feed tells of a write. */
export function trustsChangeFeed(db: Database): boolean {
  return isSoleWriter(db);
}

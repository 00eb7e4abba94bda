/** One value per database handle, made on first use and kept as long as the handle lives. */
import type { Database } from './database.ts';

/** Wraps `create` so each database handle gets one value, shared by every caller on that handle. */
export function perDatabase<T>(create: (db: Database) => T): (db: Database) => T {
  const values = new WeakMap<Database, T>();
  return (db) => {
    let value = values.get(db);
    if (value === undefined) {
      value = create(db);
      values.set(db, value);
    }
    return value;
  };
}

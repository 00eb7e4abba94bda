/**
 * A per-process cache of merchants' floor plans (merchant row, active zones and tables, closings), one per database
 * handle, dropped whenever the change feed tells of an import or a closing.
 */
import { changeFeedOf } from './change-feed.ts';
import type { Database } from './database.ts';
import type { MerchantWithFloor } from '../domain/merchant-floor.ts';
import { perDatabase } from './per-database.ts';

interface Entry {
  /** The merchant row's version (its xmin): every import rewrites the row, so a new version means a new floor. */
  version: string;
  floor: MerchantWithFloor;
}

/** The cached floors of one database handle. */
export interface FloorCache {
  get(slug: string): Entry | undefined;
  /** The generation to hand back to `set`: a `forget` in between makes the `set` a no-op. */
  generation(): number;
  set(slug: string, entry: Entry, generation: number): void;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value) && !(value instanceof Date)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

function createFloorCache(db: Database): FloorCache {
  const entries = new Map<string, Entry>();
  let generation = 0;
  changeFeedOf(db).subscribe((change) => {
    if (change.kind === 'merchant' || change.kind === 'closing') {
      generation++;
      entries.clear();
    }
  });
  return {
    get: (slug) => entries.get(slug),
    generation: () => generation,
    set(slug, entry, startedAt) {
      if (startedAt !== generation) return;
      // Shared by every request: frozen, so a caller that mutates it fails loudly instead of corrupting it.
      entries.set(slug, { version: entry.version, floor: deepFreeze(entry.floor) });
    },
  };
}

/** The floor cache of a database handle. */
export const floorCacheOf: (db: Database) => FloorCache = perDatabase(createFloorCache);

/**
 * What a party can be given: one table, or a combination of tables of one zone (the definition's `combinations`),
 * in the order of the best fit: fewest empty seats, then higher priority, then fewer tables, then ids.
 */
import { DEFAULT_TABLE_PRIORITY } from '../../shared/definition-bounds.ts';
import type { TableCombination } from '../../shared/floor.ts';

/** A table as availability reads it: its zone, the party sizes it seats, and what decides who is given it. */
export interface SeatingTable {
  id: string;
  zoneId: string;
  name?: string;
  minSeats: number;
  maxSeats: number;
  /** false: never given to diners online (absent: true). */
  online?: boolean;
  /** 0-9, the higher given first among equal fits (absent: 5). */
  priority?: number;
}

/** One table, or a combination of tables, that a party may be given. */
export interface Seating {
  /** The booking's table_id: the single table, or a combination's first table as the definition lists it. */
  tableId: string;
  /** The other tables of a combination (none for a single table). */
  joinedTableIds: readonly string[];
  zoneId: string;
  minSeats: number;
  maxSeats: number;
  /** A single table's priority; a combination's is its lowest table's. */
  priority: number;
  /** Whether diners may be given it online: every table of it is online. */
  online: boolean;
}

/** The zone's combinations as a floor stores them. */
export interface SeatingZone {
  id: string;
  combinations?: readonly TableCombination[];
}

const idCollator = new Intl.Collator('en', { numeric: true });

// Numeric-aware so serial ids order as numbers ('2' before '10'); plain order breaks remaining ties.
function compareIds(a: string, b: string): number {
  return idCollator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** The best-fit order: for any party, the first seating that fits leaves the fewest seats empty. */
export function compareSeatings(a: Seating, b: Seating): number {
  return (
    a.maxSeats - b.maxSeats ||
    b.priority - a.priority ||
    a.joinedTableIds.length - b.joinedTableIds.length ||
    compareIds(a.tableId, b.tableId) ||
    compareIds(a.joinedTableIds.join(','), b.joinedTableIds.join(','))
  );
}

/** A single table as a seating. */
export function singleSeating(table: SeatingTable): Seating {
  return {
    tableId: table.id,
    joinedTableIds: [],
    zoneId: table.zoneId,
    minSeats: table.minSeats,
    maxSeats: table.maxSeats,
    priority: table.priority ?? DEFAULT_TABLE_PRIORITY,
    online: table.online ?? true,
  };
}

const seatingsByTables = new WeakMap<readonly SeatingTable[], WeakMap<readonly SeatingZone[], readonly Seating[]>>();

/**
 * Every single table and every combination whose tables are all on the floor, in the best-fit order. Remembered per
 * frozen floor (the floor cache freezes what it hands out): the slot read asks for it at every time of a day.
 */
export function seatingsOf(tables: readonly SeatingTable[], zones: readonly SeatingZone[] = []): readonly Seating[] {
  const remembered = Object.isFrozen(tables) && Object.isFrozen(zones);
  const known = remembered ? seatingsByTables.get(tables)?.get(zones) : undefined;
  if (known) return known;
  const seatings = tables.map(singleSeating);
  for (const zone of zones) {
    for (const combination of zone.combinations ?? []) {
      const members = combination.tables.map((name) => tables.find((table) => table.zoneId === zone.id && table.name === name));
      // A combination naming a table no longer on the floor is not offered.
      if (members.length < 2 || members.some((member) => member === undefined)) continue;
      const [first, ...rest] = members as SeatingTable[];
      seatings.push({
        tableId: first!.id,
        joinedTableIds: rest.map((table) => table.id),
        zoneId: zone.id,
        minSeats: combination.minSeats,
        maxSeats: combination.maxSeats,
        priority: Math.min(...members.map((table) => table!.priority ?? DEFAULT_TABLE_PRIORITY)),
        online: members.every((table) => table!.online ?? true),
      });
    }
  }
  seatings.sort(compareSeatings);
  const frozen = Object.freeze(seatings.map((seating) => Object.freeze({ ...seating, joinedTableIds: Object.freeze([...seating.joinedTableIds]) })));
  if (remembered) {
    const byZones = seatingsByTables.get(tables) ?? new WeakMap<readonly SeatingZone[], readonly Seating[]>();
    byZones.set(zones, frozen);
    seatingsByTables.set(tables, byZones);
  }
  return frozen;
}

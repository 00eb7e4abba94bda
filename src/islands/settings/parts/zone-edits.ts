/** Pure edits of the draft's zones and tables (what the zones section's buttons do), and their local checks. */
import { TABLE_SEATS_BOUNDS, isWholeIn } from '../../../shared/definition-bounds.ts';
import type { DraftTable, DraftZone } from '../definition-draft.ts';

/** The first name `${prefix}${n}` not already taken (case-insensitive). */
export function freeName(prefix: string, taken: readonly string[]): string {
  const used = new Set(taken.map((name) => name.toLowerCase()));
  for (let n = 1; ; n++) if (!used.has(`${prefix}${n}`.toLowerCase())) return `${prefix}${n}`;
}

/** The zones with a new one at the end: a free name and one table (a zone needs at least one). */
export function addZone(zones: readonly DraftZone[], prefix: string): DraftZone[] {
  const name = freeName(
    prefix,
    zones.map((zone) => zone.name),
  );
  return [...zones, { name, tables: [{ name: 'T1', minSeats: 1, maxSeats: 2 }] }];
}

/** A zone with a new table at the end, named after the free T-number, seating one to two. */
export function addTable(zone: DraftZone): DraftZone {
  const table: DraftTable = {
    name: freeName(
      'T',
      zone.tables.map((each) => each.name),
    ),
    minSeats: 1,
    maxSeats: 2,
  };
  return { ...zone, tables: [...zone.tables, table] };
}

/** A zone without its table at index; the joined tables that named it go too (they could not be booked without it). */
export function removeTable(zone: DraftZone, index: number): DraftZone {
  const gone = zone.tables[index]?.name;
  const tables = zone.tables.filter((_, at) => at !== index);
  const combinations = zone.combinations?.filter((combination) => !combination.tables.includes(gone ?? ''));
  return { ...zone, tables, ...(combinations ? { combinations } : {}) };
}

/** A zone whose table at index is renamed; its joined tables follow the new name. */
export function renameTable(zone: DraftZone, index: number, name: string): DraftZone {
  const before = zone.tables[index]?.name;
  const tables = zone.tables.map((table, at) => (at === index ? { ...table, name } : table));
  const combinations = zone.combinations?.map((combination) => ({
    ...combination,
    tables: combination.tables.map((table) => (table === before ? name : table)),
  }));
  return { ...zone, tables, ...(combinations ? { combinations } : {}) };
}

/** What the import would say of a name: required, at most max characters, unique among its siblings. */
export type NameProblem = 'required' | 'tooLong' | 'duplicate';

/** The problem of the name at index among names, if any. */
export function nameProblem(names: readonly string[], index: number, max: number): NameProblem | undefined {
  const name = (names[index] ?? '').trim();
  if (!name) return 'required';
  if (name.length > max) return 'tooLong';
  const lower = name.toLowerCase();
  return names.some((other, at) => at !== index && other.trim().toLowerCase() === lower) ? 'duplicate' : undefined;
}

/** The problem of a table's seats, if any: out of bounds, or more seats at least than at most. */
export function seatsProblem(table: DraftTable): 'range' | 'minOverMax' | undefined {
  if (!isWholeIn(table.minSeats, TABLE_SEATS_BOUNDS) || !isWholeIn(table.maxSeats, TABLE_SEATS_BOUNDS)) return 'range';
  return table.minSeats > table.maxSeats ? 'minOverMax' : undefined;
}

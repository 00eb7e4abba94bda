/**
 * Pure edits of a zone's floor plan as the settings' editor makes them: tables placed, moved, reshaped or put back in
 * the tray, and combinations drawn from the tables selected (with the import's checks: two or more distinct tables,
 * not already combined, sane seats).
 */
import { LIST_MAX, TABLE_SEATS_BOUNDS, isWholeIn } from '../../shared/definition-bounds.ts';
import type { TablePlan } from '../../shared/floor.ts';
import type { DraftTable, DraftZone } from '../settings/definition-draft.ts';
import { clampPercent, type TableShape } from './plan-geometry.ts';

/** The zone with the table named `name` placed at (x, y), keeping its shape (round for a table placed the first time). */
export function placeTable(zone: DraftZone, name: string, at: { x: number; y: number }, shape?: TableShape): DraftZone {
  return withTable(zone, name, (table) => ({
    ...table,
    plan: { x: clampPercent(at.x), y: clampPercent(at.y), shape: shape ?? table.plan?.shape ?? 'round' },
  }));
}

/** The zone with the table named `name` back in the tray (no place on the plan). */
export function unplaceTable(zone: DraftZone, name: string): DraftZone {
  return withTable(zone, name, ({ plan: _gone, ...table }) => table);
}

/** The zone with the placed table named `name` given another shape (a table not placed stays as it is). */
export function reshapeTable(zone: DraftZone, name: string, shape: TableShape): DraftZone {
  return withTable(zone, name, (table) => (table.plan ? { ...table, plan: { ...table.plan, shape } } : table));
}

/** The zone with the table named `name` changed by `edit` (its other tables as they are). */
export function withTable(zone: DraftZone, name: string, edit: (table: DraftTable) => DraftTable): DraftZone {
  return { ...zone, tables: zone.tables.map((table) => (table.name === name ? edit(table) : table)) };
}

/** The tables of the zone placed on its plan, each with its place. */
export function placedTables(zone: DraftZone): Array<DraftTable & { plan: TablePlan }> {
  return zone.tables.filter((table): table is DraftTable & { plan: TablePlan } => table.plan !== undefined);
}

/** The tables waiting in the tray: not yet placed. */
export function trayTables(zone: DraftZone): DraftTable[] {
  return zone.tables.filter((table) => table.plan === undefined);
}

/** The selection after a tap on a table: added when it was not selected, else taken out. */
export function toggleSelected(selected: readonly string[], name: string): string[] {
  return selected.includes(name) ? selected.filter((each) => each !== name) : [...selected, name];
}

/** The seats a new combination of these tables is offered by default: from one more than its largest table, to all their seats. */
export function combinationSeats(zone: DraftZone, names: readonly string[]): { minSeats: number; maxSeats: number } {
  const tables = zone.tables.filter((table) => names.includes(table.name));
  const maxSeats = Math.min(
    TABLE_SEATS_BOUNDS[1],
    tables.reduce((sum, table) => sum + table.maxSeats, 0),
  );
  const largest = Math.max(0, ...tables.map((table) => table.maxSeats));
  return { minSeats: Math.max(TABLE_SEATS_BOUNDS[0], Math.min(maxSeats, largest + 1)), maxSeats };
}

/** Why a combination cannot be drawn, if it cannot. */
export type CombineProblem = 'fewTables' | 'tooManyTables' | 'alreadyCombined' | 'seatsRange' | 'minOverMax' | 'overSeats';

/** The problem of combining the tables `names` of the zone for minSeats..maxSeats guests, if any (the import's rules). */
export function combineProblem(zone: DraftZone, names: readonly string[], minSeats: number, maxSeats: number): CombineProblem | undefined {
  const distinct = [...new Set(names)].filter((name) => zone.tables.some((table) => table.name === name));
  if (distinct.length < 2) return 'fewTables';
  if (distinct.length > LIST_MAX.combinedTables) return 'tooManyTables';
  const key = [...distinct].sort().join('\u0000');
  if ((zone.combinations ?? []).some((combination) => [...new Set(combination.tables)].sort().join('\u0000') === key)) return 'alreadyCombined';
  if (!isWholeIn(minSeats, TABLE_SEATS_BOUNDS) || !isWholeIn(maxSeats, TABLE_SEATS_BOUNDS)) return 'seatsRange';
  if (minSeats > maxSeats) return 'minOverMax';
  return maxSeats > combinationSeats(zone, distinct).maxSeats ? 'overSeats' : undefined;
}

/** The zone with a combination of the tables `names` (in the zone's order) added, or unchanged when combineProblem finds one. */
export function combineTables(zone: DraftZone, names: readonly string[], minSeats: number, maxSeats: number): DraftZone {
  if (combineProblem(zone, names, minSeats, maxSeats)) return zone;
  const tables = zone.tables.map((table) => table.name).filter((name) => names.includes(name));
  return { ...zone, combinations: [...(zone.combinations ?? []), { tables, minSeats, maxSeats }] };
}

/** The zone without its combination at index. */
export function removeCombination(zone: DraftZone, index: number): DraftZone {
  return { ...zone, combinations: (zone.combinations ?? []).filter((_, at) => at !== index) };
}

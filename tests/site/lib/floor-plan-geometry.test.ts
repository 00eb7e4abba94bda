import { describe, expect, test } from 'vitest';
import {
  clampPercent,
  freeSpot,
  isArrowKey,
  isOverPlan,
  keyboardMove,
  pointerToPercent,
  tableSize,
  type PlanBox,
} from '../../../src/lib/floor/plan-geometry.ts';
import {
  combinationSeats,
  combineProblem,
  combineTables,
  placeTable,
  placedTables,
  removeCombination,
  reshapeTable,
  toggleSelected,
  trayTables,
  unplaceTable,
} from '../../../src/lib/floor/plan-edits.ts';
import type { DraftZone } from '../../../src/lib/settings/definition-draft.ts';

// A plan drawn 400 × 300 px, 100 px from the left and 50 px from the top of the viewport.
const BOX: PlanBox = { left: 100, top: 50, width: 400, height: 300 };

describe('a pointer on the plan, in percent of the plan', () => {
  test.each([
    ['the top-left corner', 100, 50, { x: 0, y: 0 }],
    ['the centre', 300, 200, { x: 50, y: 50 }],
    ['the bottom-right corner', 500, 350, { x: 100, y: 100 }],
    ['a quarter across, a third down', 200, 150, { x: 25, y: 33.3 }],
    ['left of and above the plan: clamped to its edge', 20, 0, { x: 0, y: 0 }],
    ['right of and below the plan: clamped to its edge', 900, 900, { x: 100, y: 100 }],
  ])('%s', (_, clientX, clientY, expected) => {
    expect(pointerToPercent(clientX, clientY, BOX)).toEqual(expected);
  });

  test('a plan not drawn yet (no size) places nothing', () => {
    expect(pointerToPercent(10, 10, { left: 0, top: 0, width: 0, height: 300 })).toBeNull();
  });

  test.each([
    [300, 200, true],
    [100, 50, true],
    [500, 350, true],
    [99, 200, false],
    [300, 351, false],
  ])('(%d, %d) over the plan: %s', (x, y, over) => {
    expect(isOverPlan(x, y, BOX)).toBe(over);
  });

  test.each([
    [-3, 0],
    [0, 0],
    [42.26, 42.3],
    [100, 100],
    [140, 100],
    [Number.NaN, 0],
  ])('clampPercent(%d) = %d', (value, expected) => {
    expect(clampPercent(value)).toBe(expected);
  });
});

describe('arrow keys move the selected table', () => {
  const plan = { x: 50, y: 50, shape: 'round' as const };
  test.each([
    ['ArrowLeft', false, { x: 49, y: 50 }],
    ['ArrowRight', false, { x: 51, y: 50 }],
    ['ArrowUp', false, { x: 50, y: 49 }],
    ['ArrowDown', false, { x: 50, y: 51 }],
    ['ArrowLeft', true, { x: 45, y: 50 }],
    ['ArrowDown', true, { x: 50, y: 55 }],
  ])('%s (Shift: %s)', (key, big, expected) => {
    expect(keyboardMove(plan, key, big)).toEqual({ ...expected, shape: 'round' });
  });

  test('never past the plan’s edges', () => {
    expect(keyboardMove({ x: 0.5, y: 98, shape: 'rect' }, 'ArrowLeft', true)).toEqual({ x: 0, y: 98, shape: 'rect' });
    expect(keyboardMove({ x: 0.5, y: 98, shape: 'rect' }, 'ArrowDown', true)).toEqual({ x: 0.5, y: 100, shape: 'rect' });
  });

  test('another key moves nothing', () => {
    expect(isArrowKey('Enter')).toBe(false);
    expect(isArrowKey('ArrowUp')).toBe(true);
    expect(keyboardMove(plan, 'Enter')).toBe(plan);
  });
});

describe('a table placed without a pointer', () => {
  test('takes the first free point of the grid, away from placed tables', () => {
    expect(freeSpot([])).toEqual({ x: 12, y: 15 });
    expect(freeSpot([{ x: 12, y: 15 }])).toEqual({ x: 24, y: 15 });
    // 36 is 11 from the table at 25: too near; 48 is the first point 12 away from both.
    expect(
      freeSpot([
        { x: 13, y: 14 },
        { x: 25, y: 16 },
      ]),
    ).toEqual({ x: 48, y: 15 });
  });

  test('the centre once the grid is full', () => {
    const full = [];
    for (let y = 15; y <= 85; y += 12) for (let x = 12; x <= 88; x += 12) full.push({ x, y });
    expect(freeSpot(full)).toEqual({ x: 50, y: 50 });
  });

  test('is drawn bigger for more seats, a rect wider than tall', () => {
    expect(tableSize('round', 2)).toEqual({ width: 44, height: 44 });
    expect(tableSize('square', 4)).toEqual({ width: 52, height: 52 });
    expect(tableSize('rect', 6)).toEqual({ width: 96, height: 60 });
    expect(tableSize('round', 40)).toEqual({ width: 72, height: 72 });
  });
});

const ZONE: DraftZone = {
  name: 'Salle',
  tables: [
    { name: 'T1', minSeats: 1, maxSeats: 2 },
    { name: 'T2', minSeats: 2, maxSeats: 4, plan: { x: 40, y: 40, shape: 'square' } },
    { name: 'T3', minSeats: 1, maxSeats: 2, online: false },
  ],
};

describe('placing tables on the zone’s plan', () => {
  test('a table from the tray is placed round, clamped; the others stay as they are', () => {
    const zone = placeTable(ZONE, 'T1', { x: 120, y: 33.33 });
    expect(zone.tables[0]).toEqual({ name: 'T1', minSeats: 1, maxSeats: 2, plan: { x: 100, y: 33.3, shape: 'round' } });
    expect(zone.tables.slice(1)).toEqual(ZONE.tables.slice(1));
    expect(trayTables(zone).map((table) => table.name)).toEqual(['T3']);
    expect(placedTables(zone).map((table) => table.name)).toEqual(['T1', 'T2']);
  });

  test('a placed table keeps its shape when moved, takes another when reshaped, and goes back to the tray without a plan', () => {
    expect(placeTable(ZONE, 'T2', { x: 10, y: 90 }).tables[1]!.plan).toEqual({ x: 10, y: 90, shape: 'square' });
    expect(reshapeTable(ZONE, 'T2', 'rect').tables[1]!.plan).toEqual({ x: 40, y: 40, shape: 'rect' });
    // A table in the tray has no shape to change.
    expect(reshapeTable(ZONE, 'T1', 'rect').tables[0]).toEqual(ZONE.tables[0]);
    expect(unplaceTable(ZONE, 'T2').tables[1]).toEqual({ name: 'T2', minSeats: 2, maxSeats: 4 });
  });
});

describe('combining selected tables', () => {
  test('a tap selects a table, a second tap lets it go', () => {
    expect(toggleSelected([], 'T1')).toEqual(['T1']);
    expect(toggleSelected(['T1'], 'T2')).toEqual(['T1', 'T2']);
    expect(toggleSelected(['T1', 'T2'], 'T1')).toEqual(['T2']);
  });

  test('default seats: one more than the largest table, up to all their seats', () => {
    expect(combinationSeats(ZONE, ['T1', 'T2'])).toEqual({ minSeats: 5, maxSeats: 6 });
    expect(combinationSeats(ZONE, ['T1', 'T3'])).toEqual({ minSeats: 3, maxSeats: 4 });
  });

  test.each([
    ['one table', ['T1'], 3, 4, 'fewTables'],
    ['one table twice', ['T1', 'T1'], 1, 2, 'fewTables'],
    ['an unknown table with one known', ['T1', 'T9'], 1, 2, 'fewTables'],
    ['seats out of bounds', ['T1', 'T2'], 0, 6, 'seatsRange'],
    ['more fewest than most', ['T1', 'T2'], 6, 5, 'minOverMax'],
    ['more guests than their seats', ['T1', 'T2'], 3, 7, 'overSeats'],
    ['two tables that fit', ['T2', 'T1'], 3, 6, undefined],
  ])('%s: %s', (_, names, min, max, problem) => {
    expect(combineProblem(ZONE, names, min, max)).toBe(problem);
  });

  test('a combination lists its tables in the zone’s order; the same tables again are refused; it can be removed', () => {
    const zone = combineTables(ZONE, ['T2', 'T1'], 3, 6);
    expect(zone.combinations).toEqual([{ tables: ['T1', 'T2'], minSeats: 3, maxSeats: 6 }]);
    expect(combineProblem(zone, ['T1', 'T2'], 3, 6)).toBe('alreadyCombined');
    expect(combineTables(zone, ['T1', 'T2'], 3, 6)).toBe(zone);
    const three = combineTables(zone, ['T1', 'T2', 'T3'], 5, 8);
    expect(three.combinations).toHaveLength(2);
    expect(removeCombination(three, 0).combinations).toEqual([{ tables: ['T1', 'T2', 'T3'], minSeats: 5, maxSeats: 8 }]);
  });

  test('more than twelve tables are refused', () => {
    const many: DraftZone = { name: 'Grande', tables: Array.from({ length: 13 }, (_, at) => ({ name: `G${at}`, minSeats: 1, maxSeats: 2 })) };
    expect(
      combineProblem(
        many,
        many.tables.map((table) => table.name),
        2,
        20,
      ),
    ).toBe('tooManyTables');
  });
});

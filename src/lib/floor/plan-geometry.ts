/**
 * The floor plan's geometry, shared by the settings' editor and the book's plan: a table's place is its centre in
 * percent of the plan's width and height (the contract's plan.x, plan.y), so a plan keeps its layout at every width.
 */
import { PLAN_PERCENT_BOUNDS, TABLE_SHAPES } from '../../shared/definition-bounds.ts';
import type { TablePlan } from '../../shared/floor.ts';

/** A table's shape on the plan. */
export type TableShape = (typeof TABLE_SHAPES)[number];

/** The plan's width over its height: the same box at every screen width, so percent places look alike everywhere. */
export const PLAN_ASPECT = 4 / 3;

/** Percent a keyboard arrow moves a table (with Shift: a bigger step). */
export const KEY_STEP = 1;
/** Percent a keyboard arrow moves a table with Shift held. */
export const KEY_BIG_STEP = 5;

/** The plan's box on screen (as getBoundingClientRect answers it). */
export interface PlanBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A number kept within the plan's percent bounds, to one decimal (what the definition stores). */
export function clampPercent(value: number): number {
  const [min, max] = PLAN_PERCENT_BOUNDS;
  if (!Number.isFinite(value)) return min;
  return Math.round(Math.min(max, Math.max(min, value)) * 10) / 10;
}

/** Where a pointer at (clientX, clientY) falls on the plan, in percent, clamped to the plan; null when the plan has no size. */
export function pointerToPercent(clientX: number, clientY: number, box: PlanBox): { x: number; y: number } | null {
  if (box.width <= 0 || box.height <= 0) return null;
  return { x: clampPercent(((clientX - box.left) / box.width) * 100), y: clampPercent(((clientY - box.top) / box.height) * 100) };
}

/** Whether a pointer at (clientX, clientY) is over the plan's box (a drop outside it puts the table back in the tray). */
export function isOverPlan(clientX: number, clientY: number, box: PlanBox): boolean {
  return clientX >= box.left && clientX <= box.left + box.width && clientY >= box.top && clientY <= box.top + box.height;
}

/** The arrow keys that move a table. */
const ARROWS: Readonly<Record<string, { dx: number; dy: number }>> = {
  ArrowLeft: { dx: -1, dy: 0 },
  ArrowRight: { dx: 1, dy: 0 },
  ArrowUp: { dx: 0, dy: -1 },
  ArrowDown: { dx: 0, dy: 1 },
};

/** Whether a key moves a selected table. */
export function isArrowKey(key: string): boolean {
  return key in ARROWS;
}

/** The place a table takes after an arrow key (Shift: a bigger step), clamped to the plan; the same place for another key. */
export function keyboardMove(plan: TablePlan, key: string, big = false): TablePlan {
  const arrow = ARROWS[key];
  if (!arrow) return plan;
  const step = big ? KEY_BIG_STEP : KEY_STEP;
  return { ...plan, x: clampPercent(plan.x + arrow.dx * step), y: clampPercent(plan.y + arrow.dy * step) };
}

/**
 * A free place for a table put on the plan without a pointer (the tray's "Place" button): the first point of a grid,
 * row by row, at least `gap` percent from every placed table; the plan's centre when the grid is full.
 */
export function freeSpot(placed: ReadonlyArray<{ x: number; y: number }>, gap = 12): { x: number; y: number } {
  for (let y = 15; y <= 85; y += gap) {
    for (let x = 12; x <= 88; x += gap) {
      if (placed.every((at) => Math.abs(at.x - x) >= gap || Math.abs(at.y - y) >= gap)) return { x, y };
    }
  }
  return { x: 50, y: 50 };
}

/** How big a table is drawn, in px: larger for more seats, a rect wider than tall. */
export function tableSize(shape: TableShape, seats: number): { width: number; height: number } {
  const side = Math.round(Math.min(72, 44 + Math.max(0, seats - 2) * 4));
  return shape === 'rect' ? { width: Math.round(side * 1.6), height: side } : { width: side, height: side };
}

/**
 * A placed table's inline style: its centre in percent, and its drawn size as custom properties the plans' CSS scales
 * with the plan's width (full size from a 600 px plan, smaller on a phone's, never under a finger's reach).
 */
export function planPlace(at: { x: number; y: number }, size: { width: number; height: number }): Record<string, string> {
  return { left: `${at.x}%`, top: `${at.y}%`, '--table-w': String(size.width), '--table-h': String(size.height) };
}

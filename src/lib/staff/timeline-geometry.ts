/**
 * The staff timeline's geometry: a service's span of time, the rows (zones, their tables), the bars of the bookings and
 * where a dragged or keyboard-moved bar lands (time snapped to the slot interval, table by row), with the refusals the
 * book can tell before asking the server. Pure: pixels in, times and tables out.
 */
import type { StaffBookingRow, StaffClosing, StaffService, StaffZone } from '../../shared/api/staff.ts';
import { addDaysToLocalDate, localToInstant, minutesOfLocalTime } from '../../shared/local-time.ts';
import { bookingKind } from './book-view.ts';

const MINUTE = 60_000;
/** The axis' ticks and the span's ends fall on half hours from the service's start. */
const TICK_MS = 30 * MINUTE;

/** The heights of a zone's heading row and of a table's row, in CSS pixels. */
export const TIMELINE_ROW = { zone: 32, table: 52 } as const;

/** The fewest pixels a minute takes (a 15-minute slot: 30 px, a finger's width); wider screens stretch it. */
export const MIN_PX_PER_MINUTE = 2;

/** The time a service's timeline spans, and the slots a moved booking snaps to (from the service's first seating). */
export interface TimeSpan {
  startMs: number;
  endMs: number;
  /** The service's first seating: slots are anchorMs + k × slotMs. */
  anchorMs: number;
  slotMs: number;
}

/** A row of the timeline: a zone's heading, or a table (null id: the bookings holding no table). */
export type TimelineRow =
  | { kind: 'zone'; id: string; name: string; top: number; height: number }
  | { kind: 'table'; id: string | null; zoneId: string | null; name: string; minSeats: number; maxSeats: number; top: number; height: number };

/** One bar: a booking on one of the tables it holds. */
export interface TimelineBar {
  booking: StaffBookingRow;
  /** The table's row (an index of the rows). */
  row: number;
  tableId: string | null;
  startMs: number;
  endMs: number;
  left: number;
  width: number;
  /** Bars overlapping on one table (a table freed early, then taken again) share its row in lanes: this one's, of how many. */
  lane: number;
  lanes: number;
}

/** Where a moved bar would go: a table's row and a start. */
export interface MoveTarget {
  row: number;
  atMs: number;
}

/**
 * The tables a booking holds, one bar each: the day view's list (a combination holds several), else none. The one
 * place that reads a booking's tables for the timeline.
 */
export function bookingTableIds(booking: Pick<StaffBookingRow, 'tables'>): string[] {
  return booking.tables.map((table) => table.id);
}

/** Whether the timeline draws a booking: every one but the refused and cancelled (they hold no table). */
export function onTimeline(booking: Pick<StaffBookingRow, 'status' | 'arrived_at' | 'no_show'>): boolean {
  return bookingKind(booking) !== 'cancelled';
}

/**
 * A service's span: from its first seating to its last seating plus a booking's duration (past midnight when the
 * service runs late), widened to its bookings, on half hours from the first seating. A group of bookings outside every
 * service (null) spans those bookings, anchored at the earliest.
 */
export function serviceSpan(
  service: StaffService | null,
  bookings: readonly Pick<StaffBookingRow, 'starts_at' | 'ends_at'>[],
  day: string,
  timezone: string,
  slotMinutes: number,
  durationMinutes: number,
): TimeSpan | null {
  const starts = bookings.map((booking) => Date.parse(booking.starts_at));
  const ends = bookings.map((booking) => Date.parse(booking.ends_at));
  let anchorMs: number;
  let lastSeatingMs: number;
  if (service) {
    const first = localToInstant(day, service.start, timezone);
    // A service past midnight ends the next day.
    const endDay = minutesOfLocalTime(service.end) < minutesOfLocalTime(service.start) ? addDaysToLocalDate(day, 1) : day;
    const last = localToInstant(endDay, service.end, timezone);
    if (!first || !last) return null;
    anchorMs = first.getTime();
    lastSeatingMs = last.getTime();
  } else {
    if (starts.length === 0) return null;
    anchorMs = Math.min(...starts);
    lastSeatingMs = Math.max(...starts);
  }
  const from = Math.min(anchorMs, ...starts);
  const to = Math.max(lastSeatingMs + durationMinutes * MINUTE, ...ends);
  return {
    startMs: anchorMs - Math.ceil((anchorMs - from) / TICK_MS) * TICK_MS,
    endMs: anchorMs + Math.ceil((to - anchorMs) / TICK_MS) * TICK_MS,
    anchorMs,
    slotMs: Math.max(1, slotMinutes) * MINUTE,
  };
}

/** The axis' ticks: every half hour of the span (its end excluded). */
export function spanTicks(span: TimeSpan): number[] {
  const ticks: number[] = [];
  for (let at = span.startMs; at < span.endMs; at += TICK_MS) ticks.push(at);
  return ticks;
}

/** Pixels a minute takes to fill `width` with the span, never fewer than MIN_PX_PER_MINUTE. */
export function pxPerMinuteFor(span: TimeSpan, width: number): number {
  return Math.max(MIN_PX_PER_MINUTE, width / ((span.endMs - span.startMs) / MINUTE));
}

/** The span's width in pixels. */
export function spanWidth(span: TimeSpan, pxPerMinute: number): number {
  return ((span.endMs - span.startMs) / MINUTE) * pxPerMinute;
}

/** An instant's x from the span's start. */
export function xOf(ms: number, span: TimeSpan, pxPerMinute: number): number {
  return ((ms - span.startMs) / MINUTE) * pxPerMinute;
}

/** Where the "now" line stands on the span, or null when now is outside it (another day, before or after the service). */
export function nowLineX(nowMs: number, span: TimeSpan, pxPerMinute: number): number | null {
  return nowMs >= span.startMs && nowMs <= span.endMs ? xOf(nowMs, span, pxPerMinute) : null;
}

/** The slot nearest an instant, kept inside the span (a start leaves at least one slot before the span's end). */
export function snapToSlot(ms: number, span: TimeSpan): number {
  const snapped = span.anchorMs + Math.round((ms - span.anchorMs) / span.slotMs) * span.slotMs;
  const first = span.anchorMs + Math.ceil((span.startMs - span.anchorMs) / span.slotMs) * span.slotMs;
  const last = span.anchorMs + Math.floor((span.endMs - span.slotMs - span.anchorMs) / span.slotMs) * span.slotMs;
  return Math.min(Math.max(snapped, first), Math.max(first, last));
}

/** The rows: each zone's heading then its tables, and a last row for bookings holding no table when there are some. */
export function timelineRows(zones: readonly StaffZone[], unplaced: { name: string } | null): TimelineRow[] {
  const rows: TimelineRow[] = [];
  let top = 0;
  for (const zone of zones) {
    rows.push({ kind: 'zone', id: zone.id, name: zone.name, top, height: TIMELINE_ROW.zone });
    top += TIMELINE_ROW.zone;
    for (const table of zone.tables) {
      rows.push({
        kind: 'table',
        id: table.id,
        zoneId: zone.id,
        name: table.name,
        minSeats: table.minSeats,
        maxSeats: table.maxSeats,
        top,
        height: TIMELINE_ROW.table,
      });
      top += TIMELINE_ROW.table;
    }
  }
  if (unplaced) rows.push({ kind: 'table', id: null, zoneId: null, name: unplaced.name, minSeats: 0, maxSeats: 0, top, height: TIMELINE_ROW.table });
  return rows;
}

/** The rows' total height. */
export function rowsHeight(rows: readonly TimelineRow[]): number {
  const last = rows.at(-1);
  return last ? last.top + last.height : 0;
}

/** The bars of the bookings drawn, one per table each holds, on the span at `pxPerMinute`. */
export function timelineBars(bookings: readonly StaffBookingRow[], rows: readonly TimelineRow[], span: TimeSpan, pxPerMinute: number): TimelineBar[] {
  const rowOf = new Map<string | null, number>();
  rows.forEach((row, index) => {
    if (row.kind === 'table') rowOf.set(row.id, index);
  });
  const bars: TimelineBar[] = [];
  for (const booking of bookings) {
    if (!onTimeline(booking)) continue;
    const startMs = Date.parse(booking.starts_at);
    const endMs = Date.parse(booking.ends_at);
    const tables = bookingTableIds(booking);
    for (const tableId of tables.length > 0 ? tables : [null]) {
      // A table no longer on the floor: its booking shows with those holding none.
      const row = rowOf.get(tableId) ?? rowOf.get(null);
      if (row === undefined) continue;
      const left = xOf(startMs, span, pxPerMinute);
      const width = Math.max(8, xOf(endMs, span, pxPerMinute) - left);
      bars.push({ booking, row, tableId: rowOf.has(tableId) ? tableId : null, startMs, endMs, left, width, lane: 0, lanes: 1 });
    }
  }
  return inLanes(bars);
}

/** Gives each bar the first lane of its row free at its start, and each row's bars the number of lanes it needed. */
function inLanes(bars: TimelineBar[]): TimelineBar[] {
  const byRow = new Map<number, TimelineBar[]>();
  for (const bar of bars) byRow.set(bar.row, [...(byRow.get(bar.row) ?? []), bar]);
  for (const rowBars of byRow.values()) {
    const laneEnds: number[] = [];
    for (const bar of [...rowBars].sort((a, b) => a.startMs - b.startMs)) {
      const free = laneEnds.findIndex((end) => end <= bar.startMs);
      bar.lane = free >= 0 ? free : laneEnds.length;
      laneEnds[bar.lane] = bar.endMs;
    }
    for (const bar of rowBars) bar.lanes = laneEnds.length;
  }
  return bars;
}

/** The closings' shaded stretches on the span, in pixels (those outside it left out). */
export function closingShades(closings: readonly StaffClosing[], span: TimeSpan, pxPerMinute: number): { id: string; left: number; width: number }[] {
  return closings.flatMap((closing) => {
    const from = Math.max(Date.parse(closing.starts_at), span.startMs);
    const to = Math.min(Date.parse(closing.ends_at), span.endMs);
    if (to <= from) return [];
    const left = xOf(from, span, pxPerMinute);
    return [{ id: closing.id, left, width: xOf(to, span, pxPerMinute) - left }];
  });
}

/** The table row under y (from the rows' top), or null over a zone's heading, the no-table row or outside. */
export function tableRowAt(y: number, rows: readonly TimelineRow[]): number | null {
  const index = rows.findIndex((row) => y >= row.top && y < row.top + row.height);
  const row = rows[index];
  return row?.kind === 'table' && row.id !== null ? index : null;
}

/**
 * Where a dragged bar lands: the pointer at (x, y) from the span's start and the rows' top, grabbed `grabX` pixels
 * after the bar's start. Its start follows the pointer, snapped to a slot; its table is the row under the pointer.
 */
export function dropTarget(
  pointer: { x: number; y: number },
  grabX: number,
  rows: readonly TimelineRow[],
  span: TimeSpan,
  pxPerMinute: number,
): MoveTarget | null {
  const row = tableRowAt(pointer.y, rows);
  if (row === null) return null;
  const startX = pointer.x - grabX;
  return { row, atMs: snapToSlot(span.startMs + (startX / pxPerMinute) * MINUTE, span) };
}

/** The keys that move a focused bar: a table up or down (zone headings skipped), a slot earlier or later. */
export type MoveKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight';

/** Whether a key moves a bar. */
export function isMoveKey(key: string): key is MoveKey {
  return key === 'ArrowUp' || key === 'ArrowDown' || key === 'ArrowLeft' || key === 'ArrowRight';
}

/** One step of a keyboard move; at an edge it stays. */
export function stepTarget(target: MoveTarget, key: MoveKey, rows: readonly TimelineRow[], span: TimeSpan): MoveTarget {
  if (key === 'ArrowLeft' || key === 'ArrowRight') {
    return { row: target.row, atMs: snapToSlot(target.atMs + (key === 'ArrowLeft' ? -span.slotMs : span.slotMs), span) };
  }
  const direction = key === 'ArrowUp' ? -1 : 1;
  for (let index = target.row + direction; index >= 0 && index < rows.length; index += direction) {
    const row = rows[index]!;
    if (row.kind === 'table' && row.id !== null) return { row: index, atMs: target.atMs };
  }
  return target;
}

/** What a move to a target comes to: nothing (the same place), a refusal the book tells at once, or a move to ask the server for. */
export type MoveVerdict =
  { kind: 'same' } | { kind: 'refused'; code: 'booking_time_passed' | 'no_seats_available' } | { kind: 'move'; tableId: string; atMs: number };

/**
 * Judges a move of `bar` to `target` at `nowMs`, with the server's own rules it can tell at once (a start in the past, a
 * table too small or too large for the party; a seated party may change table at its own time, as the server allows);
 * whether the table is free then is the server's to say.
 */
export function judgeMove(
  bar: Pick<TimelineBar, 'booking' | 'tableId' | 'startMs'>,
  target: MoveTarget,
  rows: readonly TimelineRow[],
  nowMs: number,
): MoveVerdict {
  const row = rows[target.row];
  if (row?.kind !== 'table' || row.id === null) return { kind: 'same' };
  if (row.id === bar.tableId && target.atMs === bar.startMs) return { kind: 'same' };
  const seatedTableChange = bar.booking.arrived_at !== null && target.atMs === bar.startMs;
  if (target.atMs < nowMs && !seatedTableChange) return { kind: 'refused', code: 'booking_time_passed' };
  const party = bar.booking.party;
  if (party < row.minSeats || party > row.maxSeats) return { kind: 'refused', code: 'no_seats_available' };
  return { kind: 'move', tableId: row.id, atMs: target.atMs };
}

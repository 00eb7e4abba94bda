import { describe, expect, test } from 'vitest';
import {
  bookingTableIds,
  closingShades,
  dropTarget,
  judgeMove,
  nowLineX,
  pxPerMinuteFor,
  serviceSpan,
  snapToSlot,
  stepTarget,
  tableRowAt,
  timelineBars,
  timelineRows,
  type MoveKey,
  type MoveTarget,
  type TimeSpan,
} from '../../../src/lib/staff/timeline-geometry.ts';
import type { StaffBookingRow, StaffClosing, StaffZone } from '../../../src/shared/api/staff.ts';
import { staffBookingRow } from '../support/staff-booking-row.ts';

const DAY = '2026-11-26';
const TZ = 'Europe/Paris';
/** A local time of DAY in Paris (UTC+1 in November) as ms; "+1" days past midnight. */
const at = (time: string, nextDay = false) => Date.parse(`${nextDay ? '2026-11-27' : DAY}T${time}:00+01:00`);
const iso = (time: string) => new Date(at(time)).toISOString();

// An online table of the default priority, not on the floor plan: the timeline reads none of these.
const PLACED_NOWHERE = { online: true, priority: 5, plan: null };

const ZONES: StaffZone[] = [
  {
    id: 'salle',
    name: 'Salle',
    tables: [
      { id: 't1', name: '1', minSeats: 1, maxSeats: 2, ...PLACED_NOWHERE },
      { id: 't2', name: '2', minSeats: 2, maxSeats: 4, ...PLACED_NOWHERE },
    ],
    combinations: [],
  },
  { id: 'terrasse', name: 'Terrasse', tables: [{ id: 't3', name: 'T3', minSeats: 2, maxSeats: 4, ...PLACED_NOWHERE }], combinations: [] },
];
// Salle heading 0–32, table 1 32–84, table 2 84–136, Terrasse heading 136–168, T3 168–220.
const ROWS = timelineRows(ZONES, null);
const ROW = { t1: 1, t2: 2, t3: 4 } as const;

// Dinner 19:00–22:00 (last seating), bookings of 105 minutes (so up to 00:00), a slot every 15 minutes, 2 px a minute.
const SPAN: TimeSpan = serviceSpan({ id: '4-1', start: '19:00', end: '22:00' }, [], DAY, TZ, 15, 105)!;
const PPM = 2;

/** A confirmed booking of two at `time` for 105 minutes, changed by extra. */
const booking = (time: string, extra: Partial<StaffBookingRow> = {}) =>
  staffBookingRow({ day: DAY, time, startsAt: iso(time), minutes: 105, table: { id: 't2', name: '2' } }, extra);

describe('a service\u2019s span', () => {
  test.each([
    ['dinner: first seating to last seating plus a booking, on half hours', { start: '19:00', end: '22:00' }, [], at('19:00'), at('00:00', true)],
    ['widened to an earlier booking, on the half hour before it', { start: '19:00', end: '22:00' }, [booking('18:40')], at('18:30'), at('00:00', true)],
    [
      'widened to a later end',
      { start: '19:00', end: '22:00' },
      [booking('22:00', { ends_at: new Date(at('00:20', true)).toISOString() })],
      at('19:00'),
      at('00:30', true),
    ],
    ['past midnight: the last seating is the next day', { start: '22:00', end: '01:00' }, [], at('22:00'), at('03:00', true)],
  ])('%s', (_, service, bookings, startMs, endMs) => {
    const span = serviceSpan({ id: 's', ...service }, bookings, DAY, TZ, 15, 105)!;
    expect([new Date(span.startMs).toISOString(), new Date(span.endMs).toISOString()]).toEqual([
      new Date(startMs).toISOString(),
      new Date(endMs).toISOString(),
    ]);
    expect(span.anchorMs).toBe(at(service.start));
  });

  test('bookings outside every service span themselves, from the earliest', () => {
    const span = serviceSpan(null, [booking('16:00'), booking('16:45')], DAY, TZ, 15, 105)!;
    expect(span).toMatchObject({ startMs: at('16:00'), anchorMs: at('16:00'), endMs: at('18:30') });
    expect(serviceSpan(null, [], DAY, TZ, 15, 105)).toBeNull();
  });

  test.each([
    [900, 300, 3],
    [300, 300, 2],
    [0, 300, 2],
  ])('%i px for %i minutes: %f px a minute (never under 2)', (width, minutes, ppm) => {
    expect(pxPerMinuteFor({ startMs: 0, endMs: minutes * 60_000, anchorMs: 0, slotMs: 15 * 60_000 }, width)).toBe(ppm);
  });
});

describe('the rows', () => {
  test('each zone\u2019s heading, then its tables, at fixed heights', () => {
    expect(ROWS.map((row) => [row.kind, row.id, row.top, row.height])).toEqual([
      ['zone', 'salle', 0, 32],
      ['table', 't1', 32, 52],
      ['table', 't2', 84, 52],
      ['zone', 'terrasse', 136, 32],
      ['table', 't3', 168, 52],
    ]);
    expect(timelineRows(ZONES, { name: 'Sans table' }).at(-1)).toMatchObject({ kind: 'table', id: null, top: 220 });
  });

  test.each<[number, number | null, string]>([
    [0, null, 'a zone\u2019s heading'],
    [40, ROW.t1, 'table 1'],
    [84, ROW.t2, 'table 2 from its first pixel'],
    [135, ROW.t2, 'table 2 to its last'],
    [150, null, 'the Terrasse heading'],
    [200, ROW.t3, 'T3'],
    [220, null, 'below the last table'],
    [-1, null, 'above the rows'],
  ])('y %i: row %s (%s)', (y, row) => {
    expect(tableRowAt(y, ROWS)).toBe(row);
  });
});

describe('a dragged bar\u2019s landing: start from the pointer less where it was grabbed, snapped to the slot; table from the row', () => {
  test.each<[string, { x: number; y: number }, number, MoveTarget | null]>([
    ['at the span\u2019s start on table 1', { x: 0, y: 40 }, 0, { row: ROW.t1, atMs: at('19:00') }],
    ['half an hour in, on table 2', { x: 60, y: 100 }, 0, { row: ROW.t2, atMs: at('19:30') }],
    ['33.5 minutes snap back to 19:30', { x: 67, y: 100 }, 0, { row: ROW.t2, atMs: at('19:30') }],
    ['37.5 minutes snap on to 19:45', { x: 75, y: 100 }, 0, { row: ROW.t2, atMs: at('19:45') }],
    ['grabbed 20 px in: the bar starts 10 minutes before the pointer', { x: 80, y: 200 }, 20, { row: ROW.t3, atMs: at('19:30') }],
    ['before the span: its first slot', { x: -200, y: 40 }, 0, { row: ROW.t1, atMs: at('19:00') }],
    ['past the span: its last slot', { x: 10_000, y: 40 }, 0, { row: ROW.t1, atMs: at('23:45') }],
    ['over a zone\u2019s heading: nowhere (it snaps back)', { x: 60, y: 150 }, 0, null],
    ['below the tables: nowhere', { x: 60, y: 400 }, 0, null],
  ])('%s', (_, pointer, grabX, target) => {
    expect(dropTarget(pointer, grabX, ROWS, SPAN, PPM)).toEqual(target);
  });

  test.each([
    ['19:07', '19:00'],
    ['19:08', '19:15'],
    ['18:00', '19:00'],
    ['23:55', '23:45'],
  ])('%s snaps to %s', (time, snapped) => {
    expect(snapToSlot(at(time), SPAN)).toBe(at(snapped));
  });
});

describe('the keyboard: a table up or down, a slot earlier or later', () => {
  test.each<[string, MoveTarget, MoveKey, MoveTarget]>([
    ['down to the next table', { row: ROW.t1, atMs: at('20:00') }, 'ArrowDown', { row: ROW.t2, atMs: at('20:00') }],
    ['down past a zone\u2019s heading', { row: ROW.t2, atMs: at('20:00') }, 'ArrowDown', { row: ROW.t3, atMs: at('20:00') }],
    ['down from the last table: stays', { row: ROW.t3, atMs: at('20:00') }, 'ArrowDown', { row: ROW.t3, atMs: at('20:00') }],
    ['up from the first table: stays', { row: ROW.t1, atMs: at('20:00') }, 'ArrowUp', { row: ROW.t1, atMs: at('20:00') }],
    ['up past a zone\u2019s heading', { row: ROW.t3, atMs: at('20:00') }, 'ArrowUp', { row: ROW.t2, atMs: at('20:00') }],
    ['right: a slot later', { row: ROW.t1, atMs: at('20:00') }, 'ArrowRight', { row: ROW.t1, atMs: at('20:15') }],
    ['left: a slot earlier', { row: ROW.t1, atMs: at('20:00') }, 'ArrowLeft', { row: ROW.t1, atMs: at('19:45') }],
    ['left from the first slot: stays', { row: ROW.t1, atMs: at('19:00') }, 'ArrowLeft', { row: ROW.t1, atMs: at('19:00') }],
  ])('%s', (_, from, key, to) => {
    expect(stepTarget(from, key, ROWS, SPAN)).toEqual(to);
  });
});

describe('what a move comes to', () => {
  const now = at('18:00');
  const bar = { booking: booking('20:00'), tableId: 't2', startMs: at('20:00') };
  test.each<[string, typeof bar, MoveTarget, ReturnType<typeof judgeMove>]>([
    ['the same table and time: nothing', bar, { row: ROW.t2, atMs: at('20:00') }, { kind: 'same' }],
    ['another table that fits', bar, { row: ROW.t3, atMs: at('20:00') }, { kind: 'move', tableId: 't3', atMs: at('20:00') }],
    ['another time at the same table', bar, { row: ROW.t2, atMs: at('20:30') }, { kind: 'move', tableId: 't2', atMs: at('20:30') }],
    [
      'a party of 4 to a table of 1 to 2: refused as the server would',
      { ...bar, booking: booking('20:00', { party: 4 }) },
      { row: ROW.t1, atMs: at('20:00') },
      { kind: 'refused', code: 'no_seats_available' },
    ],
    [
      'a party of 1 to a table of 2 to 4: refused',
      { ...bar, booking: booking('20:00', { party: 1 }) },
      { row: ROW.t3, atMs: at('20:00') },
      { kind: 'refused', code: 'no_seats_available' },
    ],
    [
      'before now: refused, a booking not seated moves into the past never',
      bar,
      { row: ROW.t3, atMs: at('17:45') },
      { kind: 'refused', code: 'booking_time_passed' },
    ],
    [
      'a seated party whose time has passed, to another table at its own time: moved',
      { booking: booking('17:30', { arrived_at: '2026-01-01T00:00:00.000Z' }), tableId: 't2', startMs: at('17:30') },
      { row: ROW.t3, atMs: at('17:30') },
      { kind: 'move', tableId: 't3', atMs: at('17:30') },
    ],
    [
      'a seated party to another time in the past: refused',
      { booking: booking('17:30', { arrived_at: '2026-01-01T00:00:00.000Z' }), tableId: 't2', startMs: at('17:30') },
      { row: ROW.t3, atMs: at('17:15') },
      { kind: 'refused', code: 'booking_time_passed' },
    ],
    ['a zone\u2019s heading: nothing', bar, { row: 0, atMs: at('20:00') }, { kind: 'same' }],
  ])('%s', (_, moved, target, verdict) => {
    expect(judgeMove(moved, target, ROWS, now)).toEqual(verdict);
  });
});

describe('the bars', () => {
  test('a bar per table held, sized by the booking\u2019s times; the refused and cancelled are not drawn', () => {
    const confirmed = booking('19:30');
    const combined = booking('20:00', {
      tables: [
        { id: 't1', name: '1' },
        { id: 't3', name: 'T3' },
      ],
    });
    const cancelled = booking('19:00', { status: 40 });
    const refused = booking('19:00', { status: 25 });
    const bars = timelineBars([confirmed, combined, cancelled, refused], ROWS, SPAN, PPM);
    expect(bars.map((bar) => [bar.booking.token, bar.tableId, bar.row, bar.left, bar.width])).toEqual([
      [confirmed.token, 't2', ROW.t2, 60, 210],
      [combined.token, 't1', ROW.t1, 120, 210],
      [combined.token, 't3', ROW.t3, 120, 210],
    ]);
  });

  test('bars overlapping on one table share its row in lanes; a bar after them takes the first lane again', () => {
    const early = booking('19:00', { tables: [{ id: 't2', name: '2' }] });
    const overlapping = booking('20:00', { tables: [{ id: 't2', name: '2' }] });
    const after = booking('20:45', { tables: [{ id: 't2', name: '2' }] });
    const alone = booking('20:00', { tables: [{ id: 't3', name: 'T3' }] });
    const bars = timelineBars([overlapping, alone, after, early], ROWS, SPAN, PPM);
    expect(bars.map((bar) => [bar.booking.token, bar.lane, bar.lanes])).toEqual([
      [overlapping.token, 1, 2],
      [alone.token, 0, 1],
      [after.token, 0, 2],
      [early.token, 0, 2],
    ]);
  });

  test('a booking holding no table, or a table gone from the floor, goes to the no-table row', () => {
    const rows = timelineRows(ZONES, { name: 'Sans table' });
    const none = booking('19:30', { tables: [] });
    const gone = booking('19:30', { tables: [{ id: 'removed', name: '9' }] });
    expect(timelineBars([none, gone], rows, SPAN, PPM).map((bar) => [bar.row, bar.tableId])).toEqual([
      [5, null],
      [5, null],
    ]);
    // Without that row they are left out rather than drawn on a wrong table.
    expect(timelineBars([none], ROWS, SPAN, PPM)).toEqual([]);
  });

  test('the tables a booking holds: the day view\u2019s list', () => {
    expect(
      bookingTableIds(
        booking('19:30', {
          tables: [
            { id: 'a', name: 'A' },
            { id: 'b', name: 'B' },
          ],
        }),
      ),
    ).toEqual(['a', 'b']);
    expect(bookingTableIds(booking('19:30', { tables: [] }))).toEqual([]);
  });
});

describe('the now line', () => {
  test.each([
    ['at 20:15, 75 minutes in', at('20:15'), 150],
    ['at the span\u2019s start', at('19:00'), 0],
    ['before the service: none', at('18:59'), null],
    ['after it: none', at('00:01', true), null],
  ])('%s', (_, now, x) => {
    expect(nowLineX(now, SPAN, PPM)).toBe(x);
  });
});

describe('closings shaded', () => {
  const closing = (from: string, to: string, nextDay = false): StaffClosing => ({
    id: `${from}-${to}`,
    kind: 'range',
    day: DAY,
    shift_id: null,
    starts_at: new Date(at(from)).toISOString(),
    ends_at: new Date(at(to, nextDay)).toISOString(),
  });
  test.each([
    ['inside the span', closing('21:30', '22:30'), [{ left: 300, width: 120 }]],
    ['clipped to the span', closing('18:00', '19:30'), [{ left: 0, width: 60 }]],
    ['the whole day', closing('00:00', '00:00', true), [{ left: 0, width: 600 }]],
    ['outside it', closing('12:00', '14:00'), []],
  ])('%s', (_, shaded, shades) => {
    expect(closingShades([shaded], SPAN, PPM).map(({ left, width }) => ({ left, width }))).toEqual(shades);
  });
});
